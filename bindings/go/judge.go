package tictactoe

/*
#include <stdlib.h>
#include "tictactoe.h"
*/
import "C"

import (
	"fmt"
	"math"
	"strings"
	"unicode/utf8"
	"unsafe"
)

// Cell is a board position; rows and columns count from 0.
type Cell struct{ Row, Col int }

// flatten turns moves into row0, col0, row1, col1, ... for C. A row or column that uint32_t
// cannot hold becomes 4294967295, off every board, so that C judges the moves in order and
// reports the first bad one, whatever its kind.
func flatten(moves []Cell) []C.uint32_t {
	flat := make([]C.uint32_t, 0, 2*len(moves)+1) // +1: never empty, so &flat[0] is valid
	for _, m := range moves {
		r, c := C.uint32_t(math.MaxUint32), C.uint32_t(math.MaxUint32)
		if fits(m.Row) && fits(m.Col) {
			r, c = C.uint32_t(m.Row), C.uint32_t(m.Col)
		}
		flat = append(flat, r, c)
	}
	return flat[:cap(flat)]
}

// Judge replays moves (player A / X first, then alternating) on an empty rows x cols board
// where k in a row wins: "Find Winner", generalized. A move that breaks the rules gives an
// *Error whose Index is its position in moves (ErrOutOfBounds, ErrCellOccupied, ErrGameOver).
func Judge(moves []Cell, rows, cols, k int) (Result, error) {
	r, c, kk, err := size3(rows, cols, k)
	if err != nil {
		return 0, err
	}
	flat := flatten(moves)
	var result C.TttResult
	bad := C.size_t(0)
	s := C.ttt_judge_ex(&flat[0], C.size_t(len(moves)), r, c, kk, &result, &bad)
	switch s {
	case C.TTT_OK:
		return Result(result), nil
	case C.TTT_OUT_OF_BOUNDS, C.TTT_CELL_OCCUPIED, C.TTT_GAME_OVER:
		m := moves[bad]
		e := &Error{Status: Status(s), Index: int(bad), outOfRange: !fits(m.Row) || !fits(m.Col)}
		switch s {
		case C.TTT_OUT_OF_BOUNDS:
			e.Detail = fmt.Sprintf("row %d, col %d is off the %dx%d board", m.Row, m.Col, rows, cols)
		case C.TTT_CELL_OCCUPIED:
			e.Detail = fmt.Sprintf("row %d, col %d is taken", m.Row, m.Col)
		case C.TTT_GAME_OVER:
			e.Detail = "a move after the game ended"
		}
		return 0, e
	}
	return 0, check(s)
}

// FindWinner is LeetCode 1275 on 3 x 3: "A", "B", "Draw" or "Pending". Errors as for Judge.
func FindWinner(moves []Cell) (string, error) {
	flat := flatten(moves)
	var answer *C.char
	if s := C.ttt_find_winner(&flat[0], C.size_t(len(moves)), &answer); s != C.TTT_OK {
		_, err := Judge(moves, 3, 3, 3) // the same error, with the index of the bad move
		if err == nil {
			err = check(s)
		}
		return "", err
	}
	return C.GoString(answer), nil
}

// size3 checks and converts a board size.
func size3(rows, cols, k int) (r, c, kk C.uint32_t, err error) {
	if r, err = u32("rows", rows); err != nil {
		return
	}
	if c, err = u32("cols", cols); err != nil {
		return
	}
	kk, err = u32("k", k)
	return
}

// Verdict says whether a board is reachable in a legal game; its String names the reason.
type Verdict uint32

// The verdicts of include/tictactoe.h, in the order they are checked.
const (
	Valid          Verdict = C.TTT_VALID
	TooManyO       Verdict = C.TTT_TOO_MANY_O
	TooManyX       Verdict = C.TTT_TOO_MANY_X
	BothWin        Verdict = C.TTT_BOTH_WIN
	XWonThenOMoved Verdict = C.TTT_X_WON_THEN_O_MOVED
	OWonThenXMoved Verdict = C.TTT_O_WON_THEN_X_MOVED
	XLinesDisjoint Verdict = C.TTT_X_LINES_DISJOINT
	OLinesDisjoint Verdict = C.TTT_O_LINES_DISJOINT
)

// Valid reports whether the board is reachable.
func (v Verdict) Valid() bool { return v == Valid }

// String is the reason in a sentence, e.g. "both players have a line".
func (v Verdict) String() string { return C.GoString(C.ttt_verdict_str(C.TttVerdict(v))) }

// Validate is "Valid Tic-Tac-Toe State" (LeetCode 794), generalized: board is a list of
// equally long rows of 'X', 'O', and ' ' or '.' for empty; X moves first. k = 0 means
// k = rows = cols, and is then ErrInvalidArgument for a non-square board.
func Validate(board []string, k int) (Verdict, error) {
	kk, err := u32("k", k)
	if err != nil {
		return 0, err
	}
	rows := make([]*C.char, len(board)+1) // C memory only, so Go may pass it to C
	for i, row := range board {
		if strings.IndexByte(row, 0) >= 0 {
			return 0, &Error{Status: StatusParseError, Index: -1,
				Detail: fmt.Sprintf("board[%d] contains a NUL byte", i)}
		}
		rows[i] = C.CString(row)
		defer C.free(unsafe.Pointer(rows[i]))
	}
	var v C.TttVerdict
	if s := Status(C.ttt_validate_rows(&rows[0], C.size_t(len(board)), kk, &v)); s != StatusOK {
		if detail := shapeDetail(s, board, k); detail != "" {
			return 0, &Error{Status: s, Index: -1, Detail: detail}
		}
		return 0, sentinel(s)
	}
	return Verdict(v), nil
}

// shapeDetail says what was wrong with a board Validate refused (its shape, k, or the first
// character that is not a cell), or "" when the status says it all. Rows are measured in
// characters, as a reader counts them: C sees "é.." as four bytes, but the fault is the 'é'.
func shapeDetail(s Status, board []string, k int) string {
	cols, ragged := 0, false
	for i, row := range board {
		n := utf8.RuneCountInString(row)
		if i == 0 {
			cols = n
		}
		ragged = ragged || n != cols
	}
	shape := fmt.Sprintf("%dx%d", len(board), cols)
	if s == StatusParseError {
		// A bad character first: "XOX\r" in a CRLF board would otherwise read as ragged.
		if bad := badCell(board); bad != "" || !ragged {
			return bad
		}
		return "rows of unequal length"
	}
	switch {
	case s != StatusInvalidArgument:
		return ""
	case len(board) == 0 || cols == 0:
		return "an empty board (" + shape + ")"
	case k == 0 && len(board) != cols:
		return "k = 0 means k = rows = cols, but the board is " + shape + ": pass k"
	}
	return fmt.Sprintf("k = %d is more than the %s board's longest side", k, shape)
}

// badCell names the first character of board that is not 'X', 'O', ' ' or '.', as
// "row R, col C is 'Q': ..." (C counted in characters), or "" when there is none.
func badCell(board []string) string {
	for r, row := range board {
		c := 0
		for j, char := range row {
			if !strings.ContainsRune("XO .", char) {
				_, size := utf8.DecodeRuneInString(row[j:])
				return fmt.Sprintf("row %d, col %d is %q: a cell is 'X', 'O', ' ' or '.'", r, c, row[j:j+size])
			}
			c++
		}
	}
	return ""
}

// ValidateString is the Python binding's validate(board, k) for a board in one string: rows split
// by '/' or '\n' (separators at either end make no row; an empty row inside is ErrParse), or,
// with no separator, a square of n x n cells. k = 0 means k = rows = cols, as in Validate.
func ValidateString(board string, k int) (Verdict, error) {
	rows, err := splitRows(board)
	if err != nil {
		return 0, err
	}
	return Validate(rows, k)
}

// splitRows reads a one-string board's rows as Python's validate does.
func splitRows(board string) ([]string, error) {
	if !strings.ContainsAny(board, "/\n") {
		n, side := utf8.RuneCountInString(board), 0
		for side*side < n { // √n steps: 4096 for the largest board
			side++
		}
		if side*side != n {
			return nil, &Error{Status: StatusParseError, Index: -1,
				Detail: fmt.Sprintf("an unsplit board of %d cells is not square", n)}
		}
		cells, rows := []rune(board), make([]string, 0, side)
		for i := 0; i < n; i += side {
			rows = append(rows, string(cells[i:i+side]))
		}
		return rows, nil
	}
	return strings.Split(strings.Trim(strings.ReplaceAll(board, "\n", "/"), "/"), "/"), nil
}

// ValidateText is Validate for a board in one string of rows x cols cells, row-major; '/' and
// '\n' may separate rows and are skipped.
func ValidateText(board string, rows, cols, k int) (Verdict, error) {
	r, c, kk, err := size3(rows, cols, k)
	if err != nil {
		return 0, err
	}
	text := C.CString(board) // the length is passed, so a NUL inside is just a bad byte
	defer C.free(unsafe.Pointer(text))
	var v C.TttVerdict
	if err := check(C.ttt_validate(text, C.size_t(len(board)), r, c, kk, &v)); err != nil {
		return 0, err
	}
	return Verdict(v), nil
}
