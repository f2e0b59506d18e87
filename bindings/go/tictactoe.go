// Package tictactoe plays, judges, validates and solves m,n,k-games (a rows x cols board where
// k in a row wins; tic-tac-toe is 3,3,3) through the tictactoe C library.
//
// A Game owns native memory: Close it when done (the garbage collector frees it otherwise).
// A Game is safe for concurrent use (calls on one game take turns under its lock); distinct
// games run in parallel. Functions without a game (Judge, Validate, ...) are safe from any
// goroutine.
//
// Failures are errors: *Error carries the library's Status and matches the sentinel errors
// (ErrCellOccupied, ...) and ErrIllegalMove with errors.Is. A number that does not fit the C
// API's uint32_t (negative, or above 4294967295) never reaches C: it gives the *Error that C
// gives for a value outside the argument's domain (ErrOutOfBounds for a row or column,
// ErrInvalidArgument for the others), which also matches ErrRange. A closed game gives
// ErrClosed.
package tictactoe

// Where the header and library come from is in link_installed.go (the default: pkg-config)
// and link_repo.go (build tag tictactoe_repo: this checkout's build).

/*
#include "tictactoe.h"
*/
import "C"

import (
	"errors"
	"fmt"
	"math"
)

// Status is the library's outcome code (TttStatus); StatusOK is never returned as an error.
type Status uint32

// The statuses of include/tictactoe.h.
const (
	StatusOK               Status = C.TTT_OK
	StatusNullPointer      Status = C.TTT_NULL_POINTER
	StatusInvalidArgument  Status = C.TTT_INVALID_ARGUMENT
	StatusOutOfBounds      Status = C.TTT_OUT_OF_BOUNDS
	StatusCellOccupied     Status = C.TTT_CELL_OCCUPIED
	StatusWrongTurn        Status = C.TTT_WRONG_TURN
	StatusGameOver         Status = C.TTT_GAME_OVER
	StatusNothingToUndo    Status = C.TTT_NOTHING_TO_UNDO
	StatusNothingToRedo    Status = C.TTT_NOTHING_TO_REDO
	StatusParseError       Status = C.TTT_PARSE_ERROR
	StatusBufferTooSmall   Status = C.TTT_BUFFER_TOO_SMALL
	StatusTooLarge         Status = C.TTT_TOO_LARGE
	StatusOutOfMemory      Status = C.TTT_OUT_OF_MEMORY
	StatusUnreachableBoard Status = C.TTT_UNREACHABLE_BOARD
	StatusTooHard          Status = C.TTT_TOO_HARD
	StatusInternalError    Status = C.TTT_INTERNAL_ERROR
)

// String describes the status in a few words, e.g. "cell occupied".
func (s Status) String() string { return C.GoString(C.ttt_status_str(C.TttStatus(s))) }

// Error is a non-OK status from the library.
type Error struct {
	Status Status
	// Index is, for Judge and FindWinner, the 0-based index of the move that broke the rules
	// (StatusOutOfBounds, StatusCellOccupied, StatusGameOver); -1 otherwise.
	Index int
	// Detail says what was wrong when the binding knows more than the status, e.g.
	// "row 3, col 0 is off the 3x3 board"; often empty.
	Detail string
	// outOfRange: a number did not fit uint32_t and was refused before calling C.
	outOfRange bool
}

// Error is "tictactoe: STATUS[: DETAIL][ (move INDEX)]".
func (e *Error) Error() string {
	msg := "tictactoe: " + e.Status.String()
	if e.Detail != "" {
		msg += ": " + e.Detail
	}
	if e.Index >= 0 {
		msg += fmt.Sprintf(" (move %d)", e.Index)
	}
	return msg
}

// Is makes errors.Is(err, ErrCellOccupied) compare statuses only, errors.Is(err,
// ErrIllegalMove) hold for every status that rejects a move, and errors.Is(err, ErrRange)
// hold for a number that did not fit uint32_t.
func (e *Error) Is(target error) bool {
	switch target {
	case ErrIllegalMove:
		switch e.Status {
		case StatusOutOfBounds, StatusCellOccupied, StatusWrongTurn, StatusGameOver:
			return true
		}
		return false
	case ErrRange:
		return e.outOfRange
	}
	t, ok := target.(*Error)
	return ok && t != nil && t.Status == e.Status
}

func sentinel(s Status) *Error { return &Error{Status: s, Index: -1} }

// Sentinels for errors.Is, one per status.
var (
	ErrNullPointer      = sentinel(StatusNullPointer)
	ErrInvalidArgument  = sentinel(StatusInvalidArgument)
	ErrOutOfBounds      = sentinel(StatusOutOfBounds)
	ErrCellOccupied     = sentinel(StatusCellOccupied)
	ErrWrongTurn        = sentinel(StatusWrongTurn)
	ErrGameOver         = sentinel(StatusGameOver)
	ErrNothingToUndo    = sentinel(StatusNothingToUndo)
	ErrNothingToRedo    = sentinel(StatusNothingToRedo)
	ErrParse            = sentinel(StatusParseError)
	ErrBufferTooSmall   = sentinel(StatusBufferTooSmall)
	ErrTooLarge         = sentinel(StatusTooLarge)
	ErrOutOfMemory      = sentinel(StatusOutOfMemory)
	ErrUnreachableBoard = sentinel(StatusUnreachableBoard)
	ErrTooHard          = sentinel(StatusTooHard)
	ErrInternal         = sentinel(StatusInternalError)
)

var (
	// ErrIllegalMove matches every *Error that rejected a move: out of bounds, cell occupied,
	// wrong turn, game over.
	ErrIllegalMove = errors.New("tictactoe: illegal move")
	// ErrClosed is returned by every method of a closed Game.
	ErrClosed = errors.New("tictactoe: the game is closed")
	// ErrRange matches the *Error for a number that does not fit the C API's uint32_t; that
	// error's Status is StatusOutOfBounds (a row or column) or StatusInvalidArgument.
	ErrRange = errors.New("tictactoe: argument out of range [0, 4294967295]")
)

// check turns a status into an error (nil for StatusOK).
func check(s C.TttStatus) error {
	if s == C.TTT_OK {
		return nil
	}
	return sentinel(Status(s))
}

// fits reports whether uint32_t can hold v.
func fits(v int) bool { return v >= 0 && uint64(v) <= math.MaxUint32 }

// u32 converts an int for C, refusing what uint32_t cannot hold instead of wrapping around:
// StatusInvalidArgument (what C says for a value outside the argument's domain), naming it.
func u32(name string, v int) (C.uint32_t, error) {
	if !fits(v) {
		return 0, &Error{Status: StatusInvalidArgument, Index: -1, outOfRange: true,
			Detail: fmt.Sprintf("%s = %d is out of range [0, 4294967295]", name, v)}
	}
	return C.uint32_t(v), nil
}

// Version is the library's version, "MAJOR.MINOR.PATCH".
func Version() string { return C.GoString(C.ttt_version()) }

// Result is how a game stands: Pending, AWins, BWins or Draw.
type Result uint32

// The results of include/tictactoe.h.
const (
	Pending Result = C.TTT_PENDING
	AWins   Result = C.TTT_A_WINS
	BWins   Result = C.TTT_B_WINS
	Draw    Result = C.TTT_DRAW
)

// String is the "Find Winner" answer: "Pending", "A", "B" or "Draw".
func (r Result) String() string { return C.GoString(C.ttt_result_str(C.TttResult(r))) }

// Winner is the winning player (1 or 2), or 0 when nobody has won.
func (r Result) Winner() int {
	switch r {
	case AWins:
		return 1
	case BWins:
		return 2
	}
	return 0
}
