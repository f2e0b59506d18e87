//go:build !tictactoe_repo

package tictactoe

// The default: the installed C library (the Debian package libtictactoe-dev, the release
// tarball, or bindings/c/install.sh), found with pkg-config (set PKG_CONFIG_PATH for a prefix
// it does not search), linked statically so the Go binary needs no shared library at run time.

/*
#cgo pkg-config: tictactoe-static
*/
import "C"
