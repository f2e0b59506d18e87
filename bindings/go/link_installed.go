//go:build tictactoe_installed

package tictactoe

// With -tags tictactoe_installed: the library installed by bindings/c/install.sh, found with
// pkg-config (set PKG_CONFIG_PATH for a prefix it does not search), linked statically so the
// Go binary needs no shared library at run time.

/*
#cgo pkg-config: tictactoe-static
*/
import "C"
