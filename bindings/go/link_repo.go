//go:build tictactoe_repo

package tictactoe

// With -tags tictactoe_repo: the header and the static library of the repository this package
// sits in (cargo build --release at its root), so the package must stay inside the checkout.

/*
#cgo CFLAGS: -I${SRCDIR}/../../include
#cgo LDFLAGS: ${SRCDIR}/../../target/release/libtictactoe.a -lgcc_s -lutil -lrt -lpthread -lm -ldl
*/
import "C"
