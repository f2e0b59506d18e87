package tictactoe

// Games: every operation, errors, ownership and threads.

import (
	"bytes"
	"encoding/gob"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"
)

func TestPlayUndoRedoResetAndGetters(t *testing.T) {
	g := newGame(t, 3, 4, 3)
	if r, c, k := g.Size(); r != 3 || c != 4 || k != 3 {
		t.Fatalf("size %d %d %d", r, c, k)
	}
	if p := must(g.ToMove()); p != 1 {
		t.Fatalf("to move %d", p)
	}
	if p := must(g.FirstPlayer()); p != 1 {
		t.Fatalf("first player %d", p)
	}
	if n := len(must(g.LegalMoves())); n != 12 {
		t.Fatalf("legal moves %d", n)
	}
	if r := must(g.Play(1, 3)); r != Pending {
		t.Fatalf("play: %v", r)
	}
	must(g.Play(0, 0))
	for _, c := range []struct{ row, col, want int }{{1, 3, 1}, {0, 0, 2}, {2, 2, 0}} {
		if got := must(g.Cell(c.row, c.col)); got != c.want {
			t.Errorf("cell %d,%d = %d, want %d", c.row, c.col, got, c.want)
		}
	}
	if m := must(g.Moves()); !reflect.DeepEqual(m, []Cell{{1, 3}, {0, 0}}) {
		t.Fatalf("moves %v", m)
	}
	cells := must(g.Cells())
	if len(cells) != 12 || cells[0] != 2 || cells[1*4+3] != 1 || cells[1] != 0 {
		t.Fatalf("cells %v", cells)
	}
	if n := must(g.MoveCount()); n != 2 {
		t.Fatalf("move count %d", n)
	}
	if s := text(t, g); s != "3,4,3:O.../...X/....:X" {
		t.Fatalf("text %q", s)
	}
	if err := g.Undo(); err != nil {
		t.Fatal(err)
	}
	if m := must(g.Moves()); !reflect.DeepEqual(m, []Cell{{1, 3}}) {
		t.Fatalf("after undo %v", m)
	}
	if err := g.Redo(); err != nil {
		t.Fatal(err)
	}
	if n := must(g.MoveCount()); n != 2 {
		t.Fatalf("after redo %d", n)
	}
	if err := g.Reset(); err != nil {
		t.Fatal(err)
	}
	if n := must(g.MoveCount()); n != 0 {
		t.Fatalf("after reset %d", n)
	}
}

func TestWinAndDraw(t *testing.T) {
	g := newGame(t, 3, 3, 3)
	for _, m := range []Cell{{0, 0}, {1, 0}, {1, 1}, {2, 0}} {
		must(g.Play(m.Row, m.Col))
	}
	if r := must(g.Play(2, 2)); r != AWins || r.String() != "A" {
		t.Fatalf("result %v", r)
	}
	if w := must(g.Winner()); w != 1 {
		t.Fatalf("winner %d", w)
	}
	if line := must(g.WinningLine()); !reflect.DeepEqual(line, []Cell{{0, 0}, {1, 1}, {2, 2}}) {
		t.Fatalf("line %v", line)
	}
	if l := must(g.LegalMoves()); len(l) != 0 {
		t.Fatalf("legal moves after the end %v", l)
	}
	before := text(t, g)
	_, err := g.Play(0, 1)
	wantErr(t, err, ErrGameOver)
	if text(t, g) != before {
		t.Fatal("a rejected move changed the game")
	}

	d := newGame(t, 3, 3, 3)
	for _, m := range []Cell{{0, 0}, {1, 1}, {2, 0}, {1, 0}, {1, 2}, {2, 1}, {0, 1}, {0, 2}} {
		must(d.Play(m.Row, m.Col))
	}
	if r := must(d.Play(2, 2)); r != Draw || r.Winner() != 0 || r.String() != "Draw" {
		t.Fatalf("draw: %v", r)
	}
}

func TestIllegalMovesAreErrorsAndChangeNothing(t *testing.T) {
	g := newGame(t, 3, 3, 3)
	must(g.Move(1, 1, 1))
	before := text(t, g)
	_, err := g.Play(1, 1)
	wantErr(t, err, ErrCellOccupied)
	wantErr(t, err, ErrIllegalMove)
	var e *Error
	if !errors.As(err, &e) || e.Status != StatusCellOccupied || e.Error() != "tictactoe: cell occupied: row 1, col 1 is taken" {
		t.Fatalf("error %#v %q", e, err)
	}
	_, err = g.Play(3, 0)
	wantErr(t, err, ErrOutOfBounds)
	_, err = g.Move(0, 0, 1)
	wantErr(t, err, ErrWrongTurn)
	wantErr(t, err, ErrIllegalMove)
	_, err = g.Move(0, 0, 3)
	wantErr(t, err, ErrInvalidArgument)
	if errors.Is(err, ErrIllegalMove) || errors.Is(err, ErrWrongTurn) {
		t.Fatal("INVALID_ARGUMENT matches other statuses")
	}
	wantErr(t, g.Redo(), ErrNothingToRedo)
	if text(t, g) != before {
		t.Fatal("a rejected call changed the game")
	}
	if err := g.Undo(); err != nil {
		t.Fatal(err)
	}
	wantErr(t, g.Undo(), ErrNothingToUndo)
}

func TestBadSizes(t *testing.T) {
	_, err := NewGame(0, 3, 3)
	wantErr(t, err, ErrInvalidArgument)
	_, err = NewGame(3, 3, 4)
	wantErr(t, err, ErrInvalidArgument)
	_, err = NewGame(65536, 65536, 5)
	wantErr(t, err, ErrTooLarge)
	_, err = NewTicTacToe(0)
	wantErr(t, err, ErrInvalidArgument)
	_, err = Judge(nil, 3, 3, 0)
	wantErr(t, err, ErrInvalidArgument)
}

func TestOutOfRangeNumbersNeverReachC(t *testing.T) {
	g := newGame(t, 3, 3, 3)
	for _, v := range []int{-1, math.MaxUint32 + 1, math.MinInt64, math.MaxInt64} {
		_, err := g.Play(v, 0)
		wantErr(t, err, ErrRange)
		_, err = g.Move(0, 0, v)
		wantErr(t, err, ErrRange)
		_, err = g.Cell(0, v)
		wantErr(t, err, ErrRange)
		_, err = NewGame(3, v, 3)
		wantErr(t, err, ErrRange)
		_, err = NewTicTacToe(v)
		wantErr(t, err, ErrRange)
		_, err = Judge([]Cell{{0, v}}, 3, 3, 3)
		wantErr(t, err, ErrRange)
		_, err = ValidateText("...", 1, v, 3)
		wantErr(t, err, ErrRange)
	}
	_, err := g.Move(0, 0, -1)
	if err == nil || !strings.Contains(err.Error(), "player must be 1 or 2, not -1") {
		t.Fatalf("error %v does not name the argument", err)
	}
	if n := must(g.MoveCount()); n != 0 {
		t.Fatal("a rejected number reached the game")
	}
	// The largest uint32 passes the Go check and reaches C, which answers with a status.
	_, err = g.Play(math.MaxUint32, 0)
	wantErr(t, err, ErrOutOfBounds)
	if errors.Is(err, ErrRange) {
		t.Fatal("a number that fits matches ErrRange")
	}
}

// A number refused in Go gives the status C gives for any value outside the argument's
// domain, so callers need not know where the check happened: a row of -1 is off the board
// (an illegal move), a player or size of -1 an invalid argument.
func TestOutOfRangeNumbersMatchTheStatus(t *testing.T) {
	g := newGame(t, 3, 3, 3)
	is := func(err error, targets ...error) {
		t.Helper()
		for _, target := range targets {
			if !errors.Is(err, target) {
				t.Errorf("%v does not match %v", err, target)
			}
		}
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("%v is not an *Error", err)
		}
	}
	for _, v := range []int{-1, math.MaxUint32 + 1, math.MinInt64} {
		_, err := g.Play(v, 1)
		is(err, ErrOutOfBounds, ErrIllegalMove, ErrRange)
		_, err = g.Move(1, v, 1)
		is(err, ErrOutOfBounds, ErrIllegalMove, ErrRange)
		_, err = g.Cell(v, v)
		is(err, ErrOutOfBounds, ErrRange)
		_, err = g.Move(0, 0, v)
		is(err, ErrInvalidArgument, ErrRange)
		_, err = NewGame(v, 3, 3)
		is(err, ErrInvalidArgument, ErrRange)
		_, err = NewTicTacToe(v)
		is(err, ErrInvalidArgument, ErrRange)
		_, err = Validate([]string{"..."}, v)
		is(err, ErrInvalidArgument, ErrRange)
		_, err = ValidateText("...", 1, 3, v)
		is(err, ErrInvalidArgument, ErrRange)
		_, err = Judge(nil, 3, v, 3)
		is(err, ErrInvalidArgument, ErrRange)
	}
	_, err := g.Play(-1, 2)
	if err.Error() != "tictactoe: cell out of bounds: row -1, col 2 is off the 3x3 board" {
		t.Errorf("message %q", err)
	}
	_, err = g.Search(0, -time.Second, 0)
	is(err, ErrInvalidArgument, ErrRange)
	// The largest duration is refused with its own (positive) number of milliseconds.
	_, err = g.Search(0, math.MaxInt64, 0)
	if is(err, ErrRange); !strings.Contains(err.Error(), "= 9223372036855 is out of range") {
		t.Errorf("message %q", err)
	}
	// Judge reports the first bad move in order, whichever kind it is: here the move at
	// index 5 comes after the game ended, before the negative row at index 6.
	moves := []Cell{{0, 0}, {1, 0}, {0, 1}, {1, 1}, {0, 2}, {2, 2}, {-1, 0}}
	for _, judge := range []func() error{
		func() error { _, err := Judge(moves, 3, 3, 3); return err },
		func() error { _, err := FindWinner(moves); return err },
	} {
		err := judge()
		wantErr(t, err, ErrGameOver)
		if errors.Is(err, ErrRange) || err.(*Error).Index != 5 {
			t.Errorf("%v", err)
		}
	}
	_, err = Judge(moves[1:], 3, 3, 3) // no win now: the negative row, at index 5, is first
	is(err, ErrOutOfBounds, ErrIllegalMove, ErrRange)
	if e := err.(*Error); e.Index != 5 || e.Error() != "tictactoe: cell out of bounds: row -1, col 0 is off the 3x3 board (move 5)" {
		t.Errorf("%q, index %d", e, e.Index)
	}
	_, err = FindWinner([]Cell{{0, 0}, {0, 0}})
	if e, ok := err.(*Error); !ok || e.Status != StatusCellOccupied || e.Index != 1 {
		t.Errorf("FindWinner: %v", err)
	}
}

func TestCloneIsIndependent(t *testing.T) {
	g := newGame(t, 3, 3, 3)
	must(g.Play(0, 0))
	h := must(g.Clone())
	defer h.Close()
	must(h.Play(1, 1))
	if n := must(g.MoveCount()); n != 1 {
		t.Fatalf("original has %d moves", n)
	}
	g.Close()
	if c := must(h.Cell(0, 0)); c != 1 {
		t.Fatal("the clone lost its board")
	}
}

func TestTextRoundTripKeepsTurnAndStarter(t *testing.T) {
	g := newGame(t, 3, 3, 3)
	must(g.Move(0, 0, 2))
	if p := must(g.FirstPlayer()); p != 2 {
		t.Fatalf("first player %d", p)
	}
	s := text(t, g)
	if s != "3,3,3:O../.../...:X" {
		t.Fatalf("text %q", s)
	}
	h := must(ParseGame(s))
	defer h.Close()
	if p := must(h.ToMove()); p != 1 || text(t, h) != s {
		t.Fatalf("parsed: to move %d, text %q", p, text(t, h))
	}
	wantErr(t, h.Undo(), ErrNothingToUndo)
	if fmt.Sprint(h) != "tictactoe.Game("+s+")" {
		t.Fatalf("String() = %q", h)
	}
	_, err := ParseGame("3,3,3:XQ./.../...:O")
	wantErr(t, err, ErrParse)
	_, err = ParseGame("3,3,3:XX./.../...:O")
	wantErr(t, err, ErrUnreachableBoard)
}

// A game is stored as its text by encoding/json and encoding/gob, and read back whole.
func TestGamesEncodeAsTheirText(t *testing.T) {
	g := newGame(t, 3, 4, 3)
	must(g.Move(1, 1, 2)) // player 2 opened: the text keeps who started
	type saved struct {
		Game  *Game
		Value Game
		Note  string
	}
	// Through a pointer, as encoding/json needs to call a pointer method on a Game field.
	data := must(json.Marshal(&saved{Game: g, Value: *g, Note: "n"}))
	want := `{"Game":"3,4,3:..../.O../....:X","Value":"3,4,3:..../.O../....:X","Note":"n"}`
	if string(data) != want {
		t.Fatalf("json %s, want %s", data, want)
	}
	var back saved
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	defer back.Game.Close()
	defer back.Value.Close()
	for _, h := range []*Game{back.Game, &back.Value} {
		if text(t, h) != text(t, g) || must(h.FirstPlayer()) != 2 {
			t.Fatalf("read back %v, want %v", h, g)
		}
	}
	must(back.Game.Play(0, 0))
	if must(g.MoveCount()) != 1 {
		t.Fatal("the game read back is not independent of the one written")
	}
	// Into an open game: an assignment; a copy of the old value keeps the old game.
	h := newGame(t, 3, 3, 3)
	old := *h
	if err := h.UnmarshalText([]byte("4,4,4:X.../..../..../....:O")); err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if r, c, k := h.Size(); r != 4 || c != 4 || k != 4 || text(t, &old) != "3,3,3:.../.../...:X" {
		t.Fatalf("after UnmarshalText: %v, old copy %v", h, &old)
	}
	wantErr(t, h.UnmarshalText([]byte("4,4,4:XQ../..../..../....:O")), ErrParse)
	if text(t, h) != "4,4,4:X.../..../..../....:O" {
		t.Fatal("a failed UnmarshalText changed the game")
	}
	var gobbed bytes.Buffer
	if err := gob.NewEncoder(&gobbed).Encode(g); err != nil {
		t.Fatal(err)
	}
	var fromGob Game
	if err := gob.NewDecoder(&gobbed).Decode(&fromGob); err != nil {
		t.Fatal(err)
	}
	defer fromGob.Close()
	if text(t, &fromGob) != text(t, g) {
		t.Fatalf("gob read back %v, want %v", &fromGob, g)
	}
	// A closed game is an error, never an empty text.
	closed := newGame(t, 3, 3, 3)
	closed.Close()
	_, err := json.Marshal(closed)
	wantErr(t, err, ErrClosed)
}

func TestClosedGameReturnsErrClosed(t *testing.T) {
	g := must(NewGame(3, 3, 3))
	must(g.Play(0, 0))
	if err := g.Close(); err != nil {
		t.Fatal(err)
	}
	if err := g.Close(); err != nil {
		t.Fatal("Close is not idempotent")
	}
	errs := []error{g.Undo(), g.Redo(), g.Reset()}
	add := func(_ any, err error) { errs = append(errs, err) }
	add(g.Move(0, 1, 2))
	add(g.Play(0, 1))
	add(g.Clone())
	add(g.ToMove())
	add(g.FirstPlayer())
	add(g.Result())
	add(g.Winner())
	add(g.Cell(0, 0))
	add(g.MoveCount())
	add(g.Cells())
	add(g.Moves())
	add(g.LegalMoves())
	add(g.WinningLine())
	add(g.Text())
	add(g.OptimalMoves())
	add(g.Search(1, 0, 0))
	add(g.OptimalMovesWithin(1, 0))
	add(g.OptimalMovesWithin(0, -time.Second)) // ErrClosed before the budget is looked at
	add(g.AIMove(LevelRandom, 0))
	_, _, err := g.BestMove()
	errs = append(errs, err)
	_, _, err = g.BestMoveWithin(1, 0)
	errs = append(errs, err)
	_, _, err = g.BestMoveWithin(0, -time.Second)
	errs = append(errs, err)
	_, err = g.ForcedWinnerWithin(1, 0)
	errs = append(errs, err)
	_, err = g.ForcedWinnerWithin(0, -time.Second)
	errs = append(errs, err)
	for i, err := range errs {
		if err != ErrClosed {
			t.Errorf("call %d on a closed game: %v", i, err)
		}
	}
	if s := g.String(); s != "tictactoe.Game(tictactoe: the game is closed)" {
		t.Errorf("String() = %q", s)
	}
}

// A copied Game value is the same game: closing the original closes the copy, the native
// game is freed once (a copy that owned its own pointer would free it twice), and the zero
// Game behaves as a closed one.
func TestCopiesOfAGameAreTheSameGame(t *testing.T) {
	base := settledFrees()
	g := must(NewGame(3, 3, 3))
	h := *g // a copy of the value, not of the pointer
	must(h.Play(1, 1))
	if text := must(g.Text()); text != "3,3,3:.../.X./...:O" {
		t.Fatalf("the original does not see the copy's move: %s", text)
	}
	if err := g.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := h.Play(0, 0); err != ErrClosed {
		t.Fatalf("a move on a copy of a closed game: %v", err)
	}
	if err := h.Close(); err != nil || nativeFrees.Load() != base+1 {
		t.Fatalf("closing the copy: %v, frees %d (want 1)", err, nativeFrees.Load()-base)
	}
	var zero Game
	if _, err := zero.Play(0, 0); err != ErrClosed {
		t.Fatalf("a move on the zero Game: %v", err)
	}
	if _, err := zero.Move(-1, 0, 1); err != ErrClosed {
		t.Fatalf("an off-board move on the zero Game: %v", err)
	}
	if r, c, k := zero.Size(); r != 0 || c != 0 || k != 0 || zero.Close() != nil {
		t.Fatal("the zero Game's Size or Close")
	}
}

func TestBigBoardsUseTheRetryPath(t *testing.T) {
	g := newGame(t, 20, 20, 5)
	if n := len(must(g.LegalMoves())); n != 400 {
		t.Fatalf("legal moves %d", n)
	}
	if n := len(must(g.Cells())); n != 400 {
		t.Fatalf("cells %d", n)
	}
	for i := 0; i < 70; i++ {
		must(g.Play(i/20*2+i%2, i%20))
	}
	moves := must(g.Moves())
	if len(moves) != 70 || moves[69] != (Cell{7, 9}) {
		t.Fatalf("%d moves, last %v", len(moves), moves[len(moves)-1])
	}
}

func TestDistinctGamesInParallel(t *testing.T) {
	// Each goroutine owns its game; the same draw is replayed many times in each.
	draw := []Cell{{0, 0}, {1, 1}, {2, 0}, {1, 0}, {1, 2}, {2, 1}, {0, 1}, {0, 2}, {2, 2}}
	errs := make(chan error, 4)
	for w := 0; w < 4; w++ {
		go func() {
			g, err := NewGame(3, 3, 3)
			if err != nil {
				errs <- err
				return
			}
			defer g.Close()
			for i := 0; i < 2000; i++ {
				var r Result
				for _, m := range draw {
					if r, err = g.Play(m.Row, m.Col); err != nil {
						errs <- err
						return
					}
				}
				if r != Draw {
					errs <- fmt.Errorf("round %d ended %v", i, r)
					return
				}
				if err = g.Reset(); err != nil {
					errs <- err
					return
				}
			}
			errs <- nil
		}()
	}
	for w := 0; w < 4; w++ {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
}

// waitForFrees runs the GC until the native free count reaches want (finalizers run on their
// own goroutine after a collection), then checks it is exactly want.
func waitForFrees(t *testing.T, want int64) {
	t.Helper()
	for i := 0; i < 1000 && nativeFrees.Load() < want; i++ {
		runtime.GC()
		time.Sleep(5 * time.Millisecond)
	}
	runtime.GC()
	time.Sleep(20 * time.Millisecond)
	if got := nativeFrees.Load(); got != want {
		t.Fatalf("native frees: %d, want %d", got, want)
	}
}

// settledFrees collects until the free count has not moved for five collections in a row, so
// that games dropped by earlier tests (whose finalizers may take several cycles, slower still
// under -race) are all counted before a test takes its baseline.
func settledFrees() int64 {
	last := nativeFrees.Load()
	for stable := 0; stable < 5; {
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
		if n := nativeFrees.Load(); n == last {
			stable++
		} else {
			last, stable = n, 0
		}
	}
	return last
}

func TestFinalizerFreesExactlyOnce(t *testing.T) {
	base := settledFrees()
	func() {
		g, _ := NewGame(3, 3, 3)
		g.Play(0, 0)
	}()
	waitForFrees(t, base+1)

	g := must(NewGame(3, 3, 3))
	g.Close()
	if nativeFrees.Load() != base+2 {
		t.Fatal("Close did not free at once")
	}
	g = nil
	_ = g
	waitForFrees(t, base+2) // the finalizer must not free a closed game again

	func() {
		for i := 0; i < 1000; i++ {
			g, _ := NewGame(15, 15, 5)
			g.Clone()
		}
	}()
	waitForFrees(t, base+2002)
}

// A failed call returns the zero value, never what the previous call left in the game's
// out-parameters (C writes nothing on failure).
func TestFailedCallsReturnZeroValues(t *testing.T) {
	g := newGame(t, 3, 3, 3)
	for _, m := range []Cell{{0, 0}, {1, 0}, {0, 1}, {1, 1}} {
		must(g.Play(m.Row, m.Col))
	}
	if r := must(g.Play(0, 2)); r != AWins {
		t.Fatalf("result %v", r)
	}
	if r, err := g.Play(2, 2); r != Pending || err == nil {
		t.Errorf("Play after the end: %v, %v; want Pending and an error", r, err)
	}
	must(g.Cell(0, 0)) // leaves 1 in the out-parameter
	if c, err := g.Cell(3, 3); c != 0 || err == nil {
		t.Errorf("Cell off the board: %d, %v; want 0 and an error", c, err)
	}
	h := newGame(t, 3, 3, 3)
	if w := must(h.Move(0, 0, 2)); w != 0 {
		t.Fatal(w)
	}
	must(h.FirstPlayer()) // leaves 2 in the out-parameter
	if w, err := h.Move(0, 0, 1); w != 0 || err == nil {
		t.Errorf("Move on an occupied cell: %d, %v; want 0 and an error", w, err)
	}
	if cells, err := g.Cells(); err != nil || len(cells) != 9 {
		t.Fatalf("cells %v %v", cells, err)
	}
	g.Close()
	if cells, err := g.Cells(); cells != nil || err != ErrClosed {
		t.Errorf("Cells of a closed game: %v, %v; want nil, ErrClosed", cells, err)
	}
}

// A nil *Game (e.g. from a failed NewGame whose error was ignored) returns ErrClosed.
func TestNilGame(t *testing.T) {
	var g *Game
	if err := g.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Play(0, 0); err != ErrClosed {
		t.Fatal(err)
	}
	if _, err := g.Clone(); err != ErrClosed {
		t.Fatal(err)
	}
	if _, _, err := g.BestMove(); err != ErrClosed {
		t.Fatal(err)
	}
	if r, c, k := g.Size(); r != 0 || c != 0 || k != 0 || g.String() != "tictactoe.Game(tictactoe: the game is closed)" {
		t.Fatal(g)
	}
	var zero Game // the zero Game is a closed one
	if _, err := zero.ToMove(); err != ErrClosed || zero.Close() != nil {
		t.Fatal(err)
	}
}

// The text form keeps whose turn it is and who started, including when player 2 opened.
func TestTextKeepsWhoStarted(t *testing.T) {
	g := newGame(t, 3, 3, 3)
	must(g.Move(1, 1, 2))
	must(g.Move(0, 0, 1))
	must(g.Move(2, 2, 2)) // O started: O has 2, X has 1, X to move
	for _, s := range []string{text(t, g), "3,3,3:X../.O./..O:X"} {
		h := must(ParseGame(s))
		if p := must(h.ToMove()); p != 1 {
			t.Errorf("%s: to move %d", s, p)
		}
		if p := must(h.FirstPlayer()); p != 2 {
			t.Errorf("%s: first player %d", s, p)
		}
		if w := must(h.Move(0, 2, 1)); w != 0 {
			t.Errorf("%s: continuing: %d", s, w)
		}
		_, err := h.Move(0, 1, 1)
		wantErr(t, err, ErrWrongTurn)
		h.Close()
	}
	// Undoing player 2's opening gives back the fresh game (undo is a move's inverse); redo
	// replays O's stone.
	e := newGame(t, 3, 3, 3)
	must(e.Move(0, 0, 2))
	if err := e.Undo(); err != nil {
		t.Fatal(err)
	}
	if s := text(t, e); s != "3,3,3:.../.../...:X" || must(e.FirstPlayer()) != 1 || must(e.ToMove()) != 1 {
		t.Fatalf("after undo: text %q", s)
	}
	if err := e.Redo(); err != nil {
		t.Fatal(err)
	}
	if s := text(t, e); s != "3,3,3:O../.../...:X" || must(e.FirstPlayer()) != 2 {
		t.Fatalf("after redo: text %q", s)
	}
	// A text of an empty board may still name player 2 to open.
	h := must(ParseGame("3,3,3:.../.../...:O"))
	defer h.Close()
	if p := must(h.FirstPlayer()); p != 2 || must(h.ToMove()) != 2 {
		t.Fatalf("first player %d", p)
	}
	for _, bad := range []string{"", "3,3,3", "3,3,3:.../.../...", "3,3,3:.../.../...:Z", "-1,3,3:...:X",
		"3,3,3:.../.../....:X", "a,b,c:...:X"} {
		if _, err := ParseGame(bad); err == nil {
			t.Errorf("ParseGame(%q) accepted", bad)
		}
	}
}

// Variable-length results larger than the first buffer: a 1000x1000 board's text is about a
// megabyte, its cells a million, and both survive the round trip.
func TestLargeBoardText(t *testing.T) {
	g := newGame(t, 1000, 1000, 5)
	for i := 0; i < 100; i++ {
		must(g.Play(i*7%1000, i*13%1000+i/50))
	}
	s := text(t, g)
	if len(s) != len("1000,1000,5:")+1000*1000+999+len(":X") {
		t.Fatalf("text of %d bytes", len(s))
	}
	h := must(ParseGame(s))
	defer h.Close()
	if text(t, h) != s || must(h.MoveCount()) != 100 {
		t.Fatal("round trip changed the game")
	}
	if n := len(must(h.LegalMoves())); n != 1000*1000-100 {
		t.Fatalf("legal moves %d", n)
	}
	cells := must(h.Cells())
	if len(cells) != 1000*1000 || cells[7*1000+13] != 2 || cells[0] != 1 {
		t.Fatalf("cells: %d, %d, %d", len(cells), cells[7*1000+13], cells[0])
	}
	// The winning line comes back whole, end to end, even when longer than k.
	w := newGame(t, 2, 9, 3)
	for _, m := range []Cell{{0, 0}, {1, 0}, {0, 1}, {1, 2}, {0, 3}, {1, 4}, {0, 4}, {1, 6}} {
		must(w.Play(m.Row, m.Col))
	}
	if r := must(w.Play(0, 2)); r != AWins {
		t.Fatalf("result %v", r)
	}
	if line := must(w.WinningLine()); !reflect.DeepEqual(line, []Cell{{0, 0}, {0, 1}, {0, 2}, {0, 3}, {0, 4}}) {
		t.Fatalf("winning line %v", line)
	}
}
