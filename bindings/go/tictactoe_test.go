package tictactoe

// Expected values are written by hand (the seed exercises' examples and positions worked out on
// paper), never computed by the library.

import (
	"errors"
	"fmt"
	"os"
	"reflect"
	"regexp"
	"strings"
	"testing"
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
	// true tictactoe: cell occupied: row 1, col 1 is taken
	// A false X has more than one stone more than O (players alternate)
}
