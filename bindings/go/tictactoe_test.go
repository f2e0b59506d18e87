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

// wantDetail checks the Detail of err, a *Error.
func wantDetail(t *testing.T, err error, detail string) {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) || e.Detail != detail {
		t.Fatalf("got error %v, want detail %q", err, detail)
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

// ValidateString reads the shape from the separators, k second (as in the Python binding).
func TestValidateString(t *testing.T) {
	cases := []struct {
		board string
		k     int
		want  Verdict
	}{
		{"XXX./OOO./....", 4, Valid}, // 3 x 4, k = 4
		{"XXX./OOO./....", 3, BothWin},
		{"\nXOX\nO O\nXOX\n", 0, Valid}, // the ends make no row
		{"XOXO OXOX", 0, Valid},         // unsplit: a square
		{"X", 1, Valid},
		{"X...../......", 2, Valid},
	}
	for _, c := range cases {
		if v, err := ValidateString(c.board, c.k); err != nil || v != c.want {
			t.Errorf("ValidateString(%q, %d) = %v, %v; want %v", c.board, c.k, v, err, c.want)
		}
	}
	_, err := ValidateString("X.../..../...", 0)
	wantDetail(t, err, "rows of unequal length")
	_, err = ValidateString("XOX//O O/XOX", 0)
	wantErr(t, err, ErrParse)
	_, err = ValidateString("X.......", 0)
	wantDetail(t, err, "an unsplit board of 8 cells is not square")
	_, err = ValidateString("X...../......", 0)
	wantErr(t, err, ErrInvalidArgument)
	_, err = ValidateString("//", 0)
	wantErr(t, err, ErrInvalidArgument)
	_, err = ValidateString("", 0)
	wantErr(t, err, ErrInvalidArgument)
}

func TestValidateErrors(t *testing.T) {
	_, err := Validate([]string{"XO..", "...."}, 0)
	wantErr(t, err, ErrInvalidArgument)
	wantDetail(t, err, "k = 0 means k = rows = cols, but the board is 2x4: pass k")
	_, err = Validate([]string{"XO..", "...."}, 5)
	wantDetail(t, err, "k = 5 is more than the 2x4 board's longest side")
	_, err = Validate(nil, 0)
	wantErr(t, err, ErrInvalidArgument)
	wantDetail(t, err, "an empty board (0x0)")
	_, err = Validate([]string{"XOX", "..", "..."}, 0)
	wantErr(t, err, ErrParse)
	wantDetail(t, err, "rows of unequal length")
	_, err = Validate([]string{"XQX", "...", "..."}, 0)
	wantDetail(t, err, `row 0, col 1 is "Q": a cell is 'X', 'O', ' ' or '.'`)
	// Rows are measured in characters: C sees four bytes in "é..", but the fault is the 'é'.
	_, err = Validate([]string{"...", "é..", "..."}, 0)
	wantErr(t, err, ErrParse)
	wantDetail(t, err, `row 1, col 0 is "é": a cell is 'X', 'O', ' ' or '.'`)
	_, err = Validate([]string{"...", ".\xff.", "..."}, 0)
	wantDetail(t, err, `row 1, col 1 is "\xff": a cell is 'X', 'O', ' ' or '.'`)
	_, err = Validate([]string{"XOX", "..", "..."}, 0)
	wantDetail(t, err, "rows of unequal length")
	// A bad character is named before the rows are compared: a CRLF board's '\r'.
	_, err = Validate(strings.Split("XOX\r\nO O\r\nXOX", "\n"), 0)
	wantDetail(t, err, `row 0, col 3 is "\r": a cell is 'X', 'O', ' ' or '.'`)
	// A nil *Error target matches nothing (and does not panic).
	var none *Error
	if errors.Is(err, none) {
		t.Error("errors.Is matched a nil *Error")
	}
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

// Every TTT_ status of the header has a Status constant, a sentinel error that matches it and
// nothing else, and a message of its own.
func TestEveryHeaderStatusHasASentinel(t *testing.T) {
	h, err := os.ReadFile("../../include/tictactoe.h")
	if err != nil {
		t.Fatal(err)
	}
	sentinels := map[string]*Error{"NULL_POINTER": ErrNullPointer,
		"INVALID_ARGUMENT": ErrInvalidArgument, "OUT_OF_BOUNDS": ErrOutOfBounds,
		"CELL_OCCUPIED": ErrCellOccupied, "WRONG_TURN": ErrWrongTurn, "GAME_OVER": ErrGameOver,
		"NOTHING_TO_UNDO": ErrNothingToUndo, "NOTHING_TO_REDO": ErrNothingToRedo,
		"PARSE_ERROR": ErrParse, "BUFFER_TOO_SMALL": ErrBufferTooSmall, "TOO_LARGE": ErrTooLarge,
		"OUT_OF_MEMORY": ErrOutOfMemory, "UNREACHABLE_BOARD": ErrUnreachableBoard,
		"TOO_HARD": ErrTooHard, "INTERNAL_ERROR": ErrInternal}
	enum := regexp.MustCompile(`(?s)enum TttStatus.*?\};`).Find(h)
	defs := regexp.MustCompile(`TTT_(\w+) = (\d+)`).FindAllSubmatch(enum, -1)
	if len(defs) != len(sentinels)+1 { // + TTT_OK
		t.Fatalf("header has %d statuses, the binding %d sentinels + OK", len(defs), len(sentinels))
	}
	messages := map[string]bool{}
	for _, d := range defs {
		name := string(d[1])
		if name == "OK" {
			continue
		}
		s, ok := sentinels[name]
		if !ok {
			t.Errorf("TTT_%s has no sentinel", name)
			continue
		}
		if fmt.Sprint(uint32(s.Status)) != string(d[2]) {
			t.Errorf("%s: sentinel status %d, header %s", name, s.Status, d[2])
		}
		err := error(&Error{Status: s.Status, Index: -1})
		for other, o := range sentinels {
			if errors.Is(err, o) != (other == name) {
				t.Errorf("errors.Is(%s, Err for %s) = %v", name, other, !(other == name))
			}
		}
		msg := err.Error()
		if !strings.HasPrefix(msg, "tictactoe: ") || strings.Contains(msg, "unknown") || messages[msg] {
			t.Errorf("%s: message %q is not its own", name, msg)
		}
		messages[msg] = true
	}
	if Status(99).String() != "unknown status" || Result(9).String() != "unknown" {
		t.Error("unknown values")
	}
}

// Boards no caller should be able to crash it with.
func TestValidateBadBoards(t *testing.T) {
	for _, c := range []struct {
		board  []string
		k      int
		target error
	}{
		{nil, 0, ErrInvalidArgument},
		{[]string{}, 3, ErrInvalidArgument},
		{[]string{""}, 0, ErrInvalidArgument},
		{[]string{"", "", ""}, 0, ErrInvalidArgument},
		{[]string{"XOX", "OXO", "XO"}, 0, ErrParse},   // ragged
		{[]string{"XOX", "OXOX", "XOX"}, 0, ErrParse}, // ragged
		{[]string{"xo.", "...", "..."}, 0, ErrParse},  // lower case
		{[]string{"X-.", "...", "..."}, 0, ErrParse},
		{[]string{"XO.", "...", "...", "..."}, 0, ErrInvalidArgument}, // k = 0 needs a square
		{[]string{"XO.", "...", "..."}, 4, ErrInvalidArgument},        // k > max(rows, cols)
	} {
		if v, err := Validate(c.board, c.k); !errors.Is(err, c.target) || v != 0 {
			t.Errorf("Validate(%q, %d) = %v, %v; want %v", c.board, c.k, v, err, c.target)
		}
	}
	for _, board := range []string{"", "XO", "XOX/OXO/XO", "XOX\nOXO\nXOZ", "XOX/OXO/XOX/X"} {
		if _, err := ValidateText(board, 3, 3, 3); !errors.Is(err, ErrParse) {
			t.Errorf("ValidateText(%q) = %v; want ErrParse", board, err)
		}
	}
	// '/' and '\n' are separators wherever they appear, so a trailing one is harmless.
	if v := must(ValidateText("XOX\nOXO\nXOX\n", 3, 3, 3)); !v.Valid() {
		t.Errorf("newline-separated board: %v", v)
	}
}
