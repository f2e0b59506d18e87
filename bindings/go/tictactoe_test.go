package tictactoe

// Expected values are written by hand (the seed exercises' examples and positions worked out on
// paper), never computed by the library.

import (
	"errors"
	"fmt"
	"math"
	"os"
	"reflect"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"
)

// must unwraps a (value, error) pair; an unexpected error fails the test by panicking, since
// Go cannot pass t alongside a multi-valued call.
func must[T any](v T, err error) T {
	if err != nil {
		panic(fmt.Sprintf("unexpected error: %v", err))
	}
	return v
}

func newGame(t *testing.T, rows, cols, k int) *Game {
	t.Helper()
	g := must(NewGame(rows, cols, k))
	t.Cleanup(func() { g.Close() })
	return g
}

// wantErr asserts that err is the library status of target and reports it.
func wantErr(t *testing.T, err error, target error) {
	t.Helper()
	if !errors.Is(err, target) {
		t.Fatalf("got error %v, want %v", err, target)
	}
}

func text(t *testing.T, g *Game) string {
	t.Helper()
	return must(g.Text())
}

func TestVersionMatchesHeader(t *testing.T) {
	h, err := os.ReadFile("../../include/tictactoe.h")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`#define TTT_VERSION_STRING "([^"]+)"`).FindSubmatch(h)
	if m == nil || Version() != string(m[1]) {
		t.Fatalf("Version() = %q, header says %q", Version(), m)
	}
}

func TestFindWinnerExamples(t *testing.T) {
	cases := []struct {
		moves []Cell
		want  string
	}{
		{[]Cell{{0, 0}, {2, 0}, {1, 1}, {2, 1}, {2, 2}}, "A"},
		{[]Cell{{0, 0}, {1, 1}, {0, 1}, {0, 2}, {1, 0}, {2, 0}}, "B"},
		{[]Cell{{0, 0}, {1, 1}, {2, 0}, {1, 0}, {1, 2}, {2, 1}, {0, 1}, {0, 2}, {2, 2}}, "Draw"},
		{[]Cell{{0, 0}, {1, 1}}, "Pending"},
	}
	for i, c := range cases {
		if got := must(Judge(c.moves, 3, 3, 3)).String(); got != c.want {
			t.Errorf("Judge example %d = %s, want %s", i+1, got, c.want)
		}
		if got := must(FindWinner(c.moves)); got != c.want {
			t.Errorf("FindWinner example %d = %s, want %s", i+1, got, c.want)
		}
	}
}

func TestValidStateExamples(t *testing.T) {
	cases := []struct {
		board []string
		valid bool
	}{
		{[]string{"O  ", "   ", "   "}, false},
		{[]string{"XOX", " X ", "   "}, false},
		{[]string{"XOX", "O O", "XOX"}, true},
	}
	for i, c := range cases {
		if got := must(Validate(c.board, 0)).Valid(); got != c.valid {
			t.Errorf("Validate example %d = %v, want %v", i+1, got, c.valid)
		}
		joined := strings.Join(c.board, "/")
		if got := must(ValidateText(joined, 3, 3, 3)).Valid(); got != c.valid {
			t.Errorf("ValidateText example %d = %v, want %v", i+1, got, c.valid)
		}
	}
}

func TestDesignTicTacToeExample(t *testing.T) {
	g := must(NewTicTacToe(3))
	defer g.Close()
	moves := [][3]int{{0, 0, 1}, {0, 2, 2}, {2, 2, 1}, {1, 1, 2}, {2, 0, 1}, {1, 0, 2}, {2, 1, 1}}
	want := []int{0, 0, 0, 0, 0, 0, 1}
	for i, m := range moves {
		if got := must(g.Move(m[0], m[1], m[2])); got != want[i] {
			t.Fatalf("move %d returned %d, want %d", i+1, got, want[i])
		}
	}
	if r := must(g.Result()); r != AWins || r.Winner() != 1 {
		t.Fatalf("result %v", r)
	}
	if line := must(g.WinningLine()); !reflect.DeepEqual(line, []Cell{{2, 0}, {2, 1}, {2, 2}}) {
		t.Fatalf("winning line %v", line)
	}
	if p := must(g.ToMove()); p != 0 {
		t.Fatalf("to move after the end: %d", p)
	}
}

func TestValidateReasons(t *testing.T) {
	cases := []struct {
		board string
		rows  int
		want  Verdict
	}{
		{"O../.../...", 3, TooManyO},
		{"XX./.../...", 3, TooManyX},
		{"XXX/OOO/...", 3, BothWin},
		{"XXX/OO./O..", 3, XWonThenOMoved},
		{"OOO/XX./X.X", 3, OWonThenXMoved},
		{"XXX./OO.O/O.O./XXX.", 4, XLinesDisjoint},
		{"XXX/OO./...", 3, Valid},
	}
	for _, c := range cases {
		v := must(ValidateText(c.board, c.rows, c.rows, 3))
		if v != c.want {
			t.Errorf("%s: verdict %d (%v), want %d (%v)", c.board, v, v, c.want, c.want)
		}
		if v != Valid && (v.Valid() || v.String() == Valid.String()) {
			t.Errorf("%s: reason %q does not say why", c.board, v)
		}
	}
	if !must(Validate([]string{"XO..", "...."}, 2)).Valid() {
		t.Error("non-square board with k")
	}
}

func TestValidateErrors(t *testing.T) {
	_, err := Validate([]string{"XO..", "...."}, 0)
	wantErr(t, err, ErrInvalidArgument)
	_, err = Validate([]string{"XOX", "..", "..."}, 0)
	wantErr(t, err, ErrParse)
	_, err = ValidateText("XQX/.../...", 3, 3, 3)
	wantErr(t, err, ErrParse)
	_, err = ValidateText("XOX/...", 3, 3, 3)
	wantErr(t, err, ErrParse)
	_, err = Validate([]string{"X\x00X", "...", "..."}, 0)
	wantErr(t, err, ErrParse)
	_, err = Validate([]string{"X.."}, -1)
	wantErr(t, err, ErrRange)
}

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
	if !errors.As(err, &e) || e.Status != StatusCellOccupied || e.Error() != "tictactoe: cell occupied" {
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

func TestJudgeReportsTheBadMove(t *testing.T) {
	cases := []struct {
		moves  []Cell
		target error
		index  int
	}{
		{[]Cell{{0, 0}, {1, 1}, {0, 0}}, ErrCellOccupied, 2},
		{[]Cell{{5, 0}}, ErrOutOfBounds, 0},
		{[]Cell{{0, 0}, {1, 0}, {0, 1}, {1, 1}, {0, 2}, {2, 2}}, ErrGameOver, 5},
	}
	for _, c := range cases {
		_, err := Judge(c.moves, 3, 3, 3)
		wantErr(t, err, c.target)
		var e *Error
		if !errors.As(err, &e) || e.Index != c.index {
			t.Errorf("%v: index %d, want %d", err, e.Index, c.index)
		}
		if !strings.Contains(err.Error(), fmt.Sprintf("(move %d)", c.index)) {
			t.Errorf("message %q lacks the index", err)
		}
	}
	if r := must(Judge([]Cell{{0, 0}, {1, 0}, {0, 1}, {1, 1}, {0, 2}}, 2, 5, 3)); r != AWins {
		t.Errorf("2x5 k=3: %v", r)
	}
	if r := must(Judge(nil, 15, 15, 5)); r != Pending {
		t.Errorf("empty: %v", r)
	}
	if r := must(Judge([]Cell{{0, 0}, {0, 1}}, 1, 2, 2)); r != Draw {
		t.Errorf("1x2: %v", r)
	}
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
	if err == nil || !strings.Contains(err.Error(), "player = -1") {
		t.Fatalf("error %v does not name the argument", err)
	}
	if n := must(g.MoveCount()); n != 0 {
		t.Fatal("a rejected number reached the game")
	}
	// The largest uint32 passes the Go check and reaches C, which answers with a status.
	_, err = g.Play(math.MaxUint32, 0)
	wantErr(t, err, ErrOutOfBounds)
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
	add(g.AIMove(LevelRandom, 0))
	_, _, err := g.BestMove()
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

func TestBestMoveAndOptimalMoves(t *testing.T) {
	g := newGame(t, 3, 3, 3)
	move, score, err := g.BestMove()
	if err != nil || score != 0 || must(g.Cell(move.Row, move.Col)) != 0 {
		t.Fatalf("empty board: %v score %d, %v (want a draw on an empty cell)", move, score, err)
	}
	if n := len(must(g.OptimalMoves())); n != 9 {
		t.Fatalf("every opening move draws, got %d optimal", n)
	}
	must(g.Play(0, 0))
	must(g.Play(0, 1)) // a losing reply: X wins in 5 plies (centre, then a fork)
	if _, score, _ := g.BestMove(); score != 5 {
		t.Fatalf("score %d, want 5", score)
	}
	h := must(ParseGame("3,3,3:XX./OO./...:X"))
	defer h.Close()
	if move, score, err := h.BestMove(); move != (Cell{0, 2}) || score != 1 || err != nil {
		t.Fatalf("immediate win: %v score %d, %v", move, score, err)
	}
	found := false
	for _, m := range must(h.OptimalMoves()) {
		found = found || m == (Cell{0, 2})
	}
	if !found || text(t, h) != "3,3,3:XX./OO./...:X" {
		t.Fatalf("optimal moves lack the win, or the search changed the game")
	}
	must(h.Play(0, 2))
	_, _, err = h.BestMove()
	wantErr(t, err, ErrGameOver)
	_, err = h.OptimalMoves()
	wantErr(t, err, ErrGameOver)
	big := newGame(t, 15, 15, 5)
	_, _, err = big.BestMove()
	wantErr(t, err, ErrTooHard)
	_, err = big.OptimalMoves()
	wantErr(t, err, ErrTooHard)
}

// mustBlock is 15x15, k=5. X: (10,0) (10,5) (12,9) (14,14); O: (3,0) (3,1) (3,2) (3,3). X to
// move must block O's four at (3,4); O's line is closed on the left by the board's edge.
func mustBlock(t *testing.T) *Game {
	g := newGame(t, 15, 15, 5)
	for _, m := range []Cell{{10, 0}, {3, 0}, {10, 5}, {3, 1}, {12, 9}, {3, 2}, {14, 14}, {3, 3}} {
		must(g.Play(m.Row, m.Col))
	}
	return g
}

func TestSearchWinsBlocksAndIsDeterministic(t *testing.T) {
	g := mustBlock(t)
	before := text(t, g)
	block := Cell{3, 4}
	for i, budget := range []struct {
		nodes uint64
		time  time.Duration
		seed  uint64
	}{{5000, 0, 7}, {5000, 0, 7}, {0, 50 * time.Millisecond, 0}, {0, time.Microsecond, 0}} {
		if m := must(g.Search(budget.nodes, budget.time, budget.seed)); m != block {
			t.Errorf("budget %d: %v, want the block %v", i, m, block)
		}
	}
	if text(t, g) != before {
		t.Fatal("the search changed the game")
	}
	// X: (7,3) (7,4) (7,5) (7,6), open at both ends; X to move wins at (7,2) or (7,7).
	w := newGame(t, 15, 15, 5)
	for _, m := range []Cell{{7, 3}, {0, 0}, {7, 4}, {0, 2}, {7, 5}, {0, 4}, {7, 6}, {0, 6}} {
		must(w.Play(m.Row, m.Col))
	}
	m := must(w.Search(1000, 0, math.MaxUint64))
	if r := must(w.Play(m.Row, m.Col)); r != AWins {
		t.Fatalf("search played %v: %v", m, r)
	}
	_, err := w.Search(10, 0, 0)
	wantErr(t, err, ErrGameOver)
	_, err = g.Search(0, 0, 0)
	wantErr(t, err, ErrInvalidArgument)
	_, err = g.Search(0, -time.Second, 0)
	wantErr(t, err, ErrRange)
	_, err = g.Search(0, 50*24*time.Hour, 0)
	wantErr(t, err, ErrRange)
}

func TestAIMoveLevels(t *testing.T) {
	g := mustBlock(t)
	for _, level := range []Level{LevelMedium, LevelHard, LevelPerfect} {
		if m := must(g.AIMove(level, 1)); m != (Cell{3, 4}) {
			t.Errorf("level %d played %v, not the block", level, m)
		}
	}
	m := must(g.AIMove(LevelRandom, 42))
	if must(g.Cell(m.Row, m.Col)) != 0 || must(g.AIMove(LevelRandom, 42)) != m {
		t.Fatalf("random move %v is illegal or not reproducible", m)
	}
	_, err := g.AIMove(5, 0)
	wantErr(t, err, ErrInvalidArgument)
	p := newGame(t, 3, 3, 3)
	must(p.Play(0, 0))
	must(p.Play(0, 1)) // X now wins with best play
	m = must(p.AIMove(LevelPerfect, 0))
	found := false
	for _, o := range must(p.OptimalMoves()) {
		found = found || o == m
	}
	if !found {
		t.Fatalf("PERFECT played %v, not an optimal move", m)
	}
}

// The Level constants take their values from the header, so only a missing one can go stale.
func TestEveryHeaderLevelIsWrapped(t *testing.T) {
	h, err := os.ReadFile("../../include/tictactoe.h")
	if err != nil {
		t.Fatal(err)
	}
	wrapped := map[string]Level{"RANDOM": LevelRandom, "EASY": LevelEasy, "MEDIUM": LevelMedium,
		"HARD": LevelHard, "PERFECT": LevelPerfect}
	defs := regexp.MustCompile(`#define TTT_LEVEL_(\w+) (\d+)`).FindAllSubmatch(h, -1)
	for _, d := range defs {
		if _, ok := wrapped[string(d[1])]; !ok {
			t.Errorf("TTT_LEVEL_%s has no Level constant", d[1])
		}
	}
	if len(defs) != len(wrapped) {
		t.Errorf("header has %d levels, the binding %d", len(defs), len(wrapped))
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

func TestFinalizerFreesExactlyOnce(t *testing.T) {
	waitForFrees(t, nativeFrees.Load()) // settle games of earlier tests
	base := nativeFrees.Load()
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

func Example() {
	g, err := NewGame(3, 3, 3)
	if err != nil {
		panic(err)
	}
	defer g.Close()
	g.Play(1, 1)                 // the side to move (X) plays the centre
	winner, _ := g.Move(0, 0, 2) // "Design Tic-Tac-Toe": player 2 moves
	fmt.Println(winner, g)       // 0 = nobody has won yet
	_, err = g.Play(1, 1)        // occupied: an error wrapping the status
	fmt.Println(errors.Is(err, ErrIllegalMove), err)
	r, _ := Judge([]Cell{{0, 0}, {2, 0}, {1, 1}, {2, 1}, {2, 2}}, 3, 3, 3)
	v, _ := Validate([]string{"XOX", " X ", "   "}, 0)
	fmt.Println(r, v.Valid(), v)
	// Output:
	// 0 tictactoe.Game(3,3,3:O../.X./...:X)
	// true tictactoe: cell occupied
	// A false X has more than one stone more than O (players alternate)
}
