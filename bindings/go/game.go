package tictactoe

/*
#include <stdlib.h>
#include "tictactoe.h"
*/
import "C"

import (
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"
)

// Game is an m,n,k-game in progress, owning a native game. Close frees it; a finalizer frees
// it if the Game becomes unreachable first. Safe for concurrent use: each call holds the
// game's lock, so calls on one game run one at a time, and a Close waits for a call in
// progress (later calls return ErrClosed).
//
// A Game value may be copied: every copy is the same game (its state lives behind a
// pointer, as an os.File's does), so closing one closes them all and the native game is
// freed once. The zero Game is a closed game.
type Game struct {
	*state
}

// state is a Game's shared state; the finalizer is on it, so the native game is freed only
// when no copy of the Game can reach it.
type state struct {
	mu            sync.Mutex // held for every C call and every use of p, out and outN
	p             *C.TttGame // nil once closed
	rows, cols, k int
	// Out-parameters for C, kept in the Game so that a call allocates nothing (a local passed
	// to C would escape to the heap). The lock makes sharing them safe.
	out  C.uint32_t
	outN C.size_t
}

// nativeFrees counts ttt_game_free calls, so the tests can prove each game is freed once.
var nativeFrees atomic.Int64

func freeNative(p *C.TttGame) {
	nativeFrees.Add(1)
	C.ttt_game_free(p)
}

// adopt wraps the native game that a constructor wrote to p, taking ownership.
func adopt(s C.TttStatus, p *C.TttGame) (*Game, error) {
	if err := check(s); err != nil {
		return nil, err
	}
	var r, c, k C.uint32_t
	C.ttt_game_size(p, &r, &c, &k) // cannot fail: p and the out-pointers are valid
	st := &state{p: p, rows: int(r), cols: int(c), k: int(k)}
	runtime.SetFinalizer(st, func(st *state) { freeNative(st.p) })
	return &Game{st}, nil
}

// NewGame creates an empty rows x cols game where k in a row wins; player 1 moves first.
func NewGame(rows, cols, k int) (*Game, error) {
	r, c, kk, err := size3(rows, cols, k)
	if err != nil {
		return nil, err
	}
	var p *C.TttGame
	return adopt(C.ttt_game_new(r, c, kk, &p), p)
}

// NewTicTacToe is "Design Tic-Tac-Toe"'s constructor: n x n, n in a row wins.
func NewTicTacToe(n int) (*Game, error) {
	nn, err := u32("n", n)
	if err != nil {
		return nil, err
	}
	var p *C.TttGame
	return adopt(C.ttt_tictactoe_new(nn, &p), p)
}

// ParseGame reads a game from (*Game).Text's format, e.g. "3,3,3:X.O/.X./...:O".
func ParseGame(text string) (*Game, error) {
	t := C.CString(text)
	defer C.free(unsafe.Pointer(t))
	var p *C.TttGame
	return adopt(C.ttt_game_from_text(t, C.size_t(len(text)), &p), p)
}

// Close frees the native game now, after any call in progress on another goroutine. It is
// idempotent; afterwards every method returns ErrClosed.
func (g *Game) Close() error {
	if g == nil || g.state == nil {
		return nil
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.p != nil {
		runtime.SetFinalizer(g.state, nil) // this free is the only one
		freeNative(g.p)
		g.p = nil
	}
	return nil
}

// lock takes the game's lock and returns the native game for the C calls that follow, or
// ErrClosed (and no lock held). Every successful lock is paired with a deferred unlock.
func (g *Game) lock() (*C.TttGame, error) {
	if g == nil || g.state == nil {
		return nil, ErrClosed
	}
	g.mu.Lock()
	if g.p == nil {
		g.mu.Unlock()
		return nil, ErrClosed
	}
	return g.p, nil
}

// unlock ends the C calls on g: using g's state here, after them, keeps it reachable until
// then, so the finalizer cannot free the native game while C uses it.
func (g *Game) unlock() {
	runtime.KeepAlive(g.state)
	g.mu.Unlock()
}

// Clone returns an independent copy (board, turn, result and undo/redo history).
func (g *Game) Clone() (*Game, error) {
	p, err := g.lock()
	if err != nil {
		return nil, err
	}
	defer g.unlock()
	var q *C.TttGame
	return adopt(C.ttt_game_clone(p, &q), q)
}

// Move is "Design Tic-Tac-Toe": player (1 or 2) puts a stone on (row, col) and gets the
// winner, 0 while nobody has won. Either player may make the very first move.
func (g *Game) Move(row, col, player int) (int, error) {
	p, err := g.lock()
	if err != nil {
		return 0, err
	}
	defer g.unlock()
	if player != 1 && player != 2 { // C checks the player first, then the cell
		return 0, g.moveError(StatusInvalidArgument, row, col, player, !fits(player))
	}
	r, c, err := g.at(row, col)
	if err != nil {
		return 0, err
	}
	if s := C.ttt_game_move(p, r, c, C.uint32_t(player), &g.out); s != C.TTT_OK {
		return 0, g.moveError(Status(s), row, col, player, false)
	}
	return int(g.out), nil
}

// Play puts the side to move's stone on (row, col) and returns the result after the move.
func (g *Game) Play(row, col int) (Result, error) {
	p, err := g.lock()
	if err != nil {
		return 0, err
	}
	defer g.unlock()
	r, c, err := g.at(row, col)
	if err != nil {
		return 0, err
	}
	if s := C.ttt_game_play(p, r, c, &g.out); s != C.TTT_OK {
		return 0, g.moveError(Status(s), row, col, 0, false)
	}
	return Result(g.out), nil
}

// call runs one C call that only changes the game or fails.
func (g *Game) call(fn func(p *C.TttGame) C.TttStatus) error {
	p, err := g.lock()
	if err != nil {
		return err
	}
	defer g.unlock()
	return check(fn(p))
}

// Undo takes back the last move.
func (g *Game) Undo() error {
	return g.call(func(p *C.TttGame) C.TttStatus { return C.ttt_game_undo(p) })
}

// Redo replays the most recently undone move.
func (g *Game) Redo() error {
	return g.call(func(p *C.TttGame) C.TttStatus { return C.ttt_game_redo(p) })
}

// Reset empties the board and the history; player 1 is to move. Size and k stay.
func (g *Game) Reset() error {
	return g.call(func(p *C.TttGame) C.TttStatus { return C.ttt_game_reset(p) })
}

// Size is the board size and win length; it never changes, so it needs no error.
func (g *Game) Size() (rows, cols, k int) {
	if g == nil || g.state == nil {
		return 0, 0, 0
	}
	return g.rows, g.cols, g.k
}

// get runs one C call that writes a uint32_t into g.out and returns it (0 on failure).
func (g *Game) get(fn func(p *C.TttGame, out *C.uint32_t) C.TttStatus) (int, error) {
	p, err := g.lock()
	if err != nil {
		return 0, err
	}
	defer g.unlock()
	if err := check(fn(p, &g.out)); err != nil {
		return 0, err
	}
	return int(g.out), nil
}

// ToMove is the player to move next (1 or 2), or 0 once the game is over.
func (g *Game) ToMove() (int, error) {
	return g.get(func(p *C.TttGame, out *C.uint32_t) C.TttStatus { return C.ttt_game_to_move(p, out) })
}

// FirstPlayer is the player who made (or will make) the first move: 1, or 2 if player 2 opened.
func (g *Game) FirstPlayer() (int, error) {
	return g.get(func(p *C.TttGame, out *C.uint32_t) C.TttStatus {
		return C.ttt_game_first_player(p, out)
	})
}

// Result is how the game stands.
func (g *Game) Result() (Result, error) {
	r, err := g.get(func(p *C.TttGame, out *C.uint32_t) C.TttStatus { return C.ttt_game_result(p, out) })
	return Result(r), err
}

// Winner is the winning player (1 or 2), or 0 when nobody has won.
func (g *Game) Winner() (int, error) {
	r, err := g.Result()
	return r.Winner(), err
}

// Cell is the stone on (row, col): 0 empty, 1 or 2.
func (g *Game) Cell(row, col int) (int, error) {
	p, err := g.lock()
	if err != nil {
		return 0, err
	}
	defer g.unlock()
	r, c, err := g.at(row, col)
	if err != nil {
		return 0, err
	}
	if s := C.ttt_game_cell(p, r, c, &g.out); s != C.TTT_OK {
		return 0, g.moveError(Status(s), row, col, 0, false)
	}
	return int(g.out), nil
}

// at converts a cell for C; a row or column that uint32_t cannot hold is off every board.
func (g *Game) at(row, col int) (r, c C.uint32_t, err error) {
	if !fits(row) || !fits(col) {
		return 0, 0, g.moveError(StatusOutOfBounds, row, col, 0, true)
	}
	return C.uint32_t(row), C.uint32_t(col), nil
}

// moveError is the error for a failed Move, Play or Cell, naming the cell or player at fault.
func (g *Game) moveError(s Status, row, col, player int, outOfRange bool) *Error {
	e := &Error{Status: s, Index: -1, outOfRange: outOfRange}
	switch s {
	case StatusOutOfBounds:
		rows, cols, _ := g.Size()
		e.Detail = fmt.Sprintf("row %d, col %d is off the %dx%d board", row, col, rows, cols)
	case StatusCellOccupied:
		e.Detail = fmt.Sprintf("row %d, col %d is taken", row, col)
	case StatusWrongTurn:
		e.Detail = fmt.Sprintf("it is not player %d's turn", player)
	case StatusInvalidArgument:
		e.Detail = fmt.Sprintf("player must be 1 or 2, not %d", player)
	}
	return e
}

// MoveCount is the number of stones on the board.
func (g *Game) MoveCount() (int, error) {
	p, err := g.lock()
	if err != nil {
		return 0, err
	}
	defer g.unlock()
	if err := check(C.ttt_game_move_count(p, &g.outN)); err != nil {
		return 0, err
	}
	return int(g.outN), nil
}

// fill runs a C "fill my buffer" function into a buffer of 64 elements, and when C reports
// that too small, once more into one of the reported size (+ 1: room for to_text's NUL). One
// call is the common case, which matters for OptimalMoves: each call solves the position.
// The lock is held across both calls, so the size cannot change in between.
func fill[T any](g *Game, fn func(p *C.TttGame, buf *T, capacity C.size_t, n *C.size_t) C.TttStatus) ([]T, error) {
	p, err := g.lock()
	if err != nil {
		return nil, err
	}
	defer g.unlock()
	buf := make([]T, 64)
	err = check(fn(p, &buf[0], C.size_t(len(buf)), &g.outN))
	if errors.Is(err, ErrBufferTooSmall) {
		buf = make([]T, int(g.outN)+1)
		err = check(fn(p, &buf[0], C.size_t(len(buf)), &g.outN))
	}
	if err != nil {
		return nil, err
	}
	return buf[:g.outN], nil
}

// Cells is the whole board, row-major: cells[row*cols+col] is 0, 1 or 2.
func (g *Game) Cells() ([]int, error) {
	buf, err := fill(g, func(p *C.TttGame, b *C.uint8_t, c C.size_t, n *C.size_t) C.TttStatus {
		return C.ttt_game_cells(p, b, c, n)
	})
	if err != nil {
		return nil, err
	}
	cells := make([]int, len(buf))
	for i, v := range buf {
		cells[i] = int(v)
	}
	return cells, nil
}

type cellListFn = func(p *C.TttGame, b *C.uint32_t, c C.size_t, n *C.size_t) C.TttStatus

// cellList fetches a list of cell indices and turns them into (row, col) pairs.
func (g *Game) cellList(fn cellListFn) ([]Cell, error) {
	buf, err := fill(g, fn)
	if err != nil {
		return nil, err
	}
	cells := make([]Cell, len(buf))
	for i, v := range buf {
		cells[i] = Cell{int(v) / g.cols, int(v) % g.cols}
	}
	return cells, nil
}

// Moves are the moves played so far, oldest first (none for a game read by ParseGame).
func (g *Game) Moves() ([]Cell, error) {
	return g.cellList(func(p *C.TttGame, b *C.uint32_t, c C.size_t, n *C.size_t) C.TttStatus {
		return C.ttt_game_moves(p, b, c, n)
	})
}

// LegalMoves are the empty cells the side to move may play, in row-major order.
func (g *Game) LegalMoves() ([]Cell, error) {
	return g.cellList(func(p *C.TttGame, b *C.uint32_t, c C.size_t, n *C.size_t) C.TttStatus {
		return C.ttt_game_legal_moves(p, b, c, n)
	})
}

// WinningLine is the winning run end to end (it may be longer than k); empty if nobody won.
func (g *Game) WinningLine() ([]Cell, error) {
	return g.cellList(func(p *C.TttGame, b *C.uint32_t, c C.size_t, n *C.size_t) C.TttStatus {
		return C.ttt_game_winning_line(p, b, c, n)
	})
}

// Text is the game as "rows,cols,k:BOARD:P" (P is the side to move by alternation);
// ParseGame reads it back. The undo history is not kept.
func (g *Game) Text() (string, error) {
	buf, err := fill(g, func(p *C.TttGame, b *C.char, c C.size_t, n *C.size_t) C.TttStatus {
		return C.ttt_game_to_text(p, b, c, n)
	})
	if err != nil {
		return "", err
	}
	return C.GoStringN(&buf[0], C.int(len(buf))), nil
}

// MarshalText is Text as an encoding.TextMarshaler, so encoding/json (and any encoder that
// takes one) stores a game as its text, e.g. "3,3,3:X.O/.X./...:O", instead of an empty
// object; a closed game is ErrClosed, not an empty text.
func (g *Game) MarshalText() ([]byte, error) {
	text, err := g.Text()
	if err != nil {
		return nil, err
	}
	return []byte(text), nil
}

// UnmarshalText reads Text's format into g, for encoding.TextUnmarshaler: json.Unmarshal
// into a Game or *Game field builds the game. It is an assignment, *g = *game: other copies
// of the old g keep the old game (its finalizer frees it once none is left; Close it first to
// free it now). On error g is unchanged.
func (g *Game) UnmarshalText(text []byte) error {
	parsed, err := ParseGame(string(text))
	if err != nil {
		return err
	}
	*g = *parsed
	return nil
}

// MarshalBinary and UnmarshalBinary are the text form again, for encoding/gob.
func (g *Game) MarshalBinary() ([]byte, error) { return g.MarshalText() }

// UnmarshalBinary is UnmarshalText, for encoding/gob.
func (g *Game) UnmarshalBinary(data []byte) error { return g.UnmarshalText(data) }

// String shows the game's text form, for fmt and debugging.
func (g *Game) String() string {
	text, err := g.Text()
	if err != nil {
		return "tictactoe.Game(" + err.Error() + ")"
	}
	return "tictactoe.Game(" + text + ")"
}
