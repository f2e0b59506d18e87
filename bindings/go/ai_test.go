package tictactoe

// The AI, on positions whose answers are worked out by hand.

import (
	"errors"
	"math"
	"os"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"
)

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

func TestThreatWin(t *testing.T) {
	// X: (7,5) (7,6) (7,7), open at both ends, O far away; X to move makes an open four.
	g := newGame(t, 15, 15, 5)
	for _, m := range []Cell{{7, 5}, {0, 0}, {7, 6}, {0, 2}, {7, 7}, {0, 4}} {
		must(g.Play(m.Row, m.Col))
	}
	win, found, err := g.ThreatWin(10000)
	if err != nil || !found || win.Plies != 3 || (win.Cell != Cell{7, 4} && win.Cell != Cell{7, 8}) {
		t.Fatalf("open three: %v %v %v, want an open four at (7,4) or (7,8) winning in 3", win, found, err)
	}
	_, _, err = g.ThreatWin(0)
	wantErr(t, err, ErrInvalidArgument)
	o := newGame(t, 15, 15, 5)
	for _, m := range []Cell{{7, 5}, {0, 0}, {7, 6}} {
		must(o.Play(m.Row, m.Col))
	}
	if _, found, err := o.ThreatWin(10000); found || err != nil {
		t.Fatalf("O to move: found %v, %v; want none", found, err)
	}
	over := must(ParseGame("3,3,3:XXX/OO./...:O"))
	defer over.Close()
	_, _, err = over.ThreatWin(100)
	wantErr(t, err, ErrGameOver)
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

// A lost position scores -N: X (0,0), O (0,1), X (1,1); O must block at (2,2), X then forks
// with (1,0) (threatening (2,0) and (1,2)), O blocks one, X completes the other: O loses on
// the 4th ply from now. Any other O move loses on the 2nd, so the slowest loss is (2,2), -4.
func TestBestMoveLosingScore(t *testing.T) {
	g := must(ParseGame("3,3,3:XO./.X./...:O"))
	defer g.Close()
	move, score, err := g.BestMove()
	if err != nil || move != (Cell{2, 2}) || score != -4 {
		t.Fatalf("best move %v score %d, %v; want (2,2) -4", move, score, err)
	}
	must(g.Play(2, 2))
	if _, score, _ := g.BestMove(); score != 3 {
		t.Fatalf("X to move after the block: score %d, want 3 (fork, block, win)", score)
	}
}

// budget is a (maxNodes, maxTime) pair for the *Within calls.
type budget struct {
	nodes uint64
	time  time.Duration
}

// The default budget is 2^24 steps; a minute is far more than any of these positions needs.
var enough = []budget{{1 << 24, 0}, {0, time.Minute}, {1 << 24, time.Minute}}

// Under a budget that suffices, the *Within calls answer what BestMove and OptimalMoves do, and
// leave the game as it was.
func TestWithinAnswersAsTheDefaultCalls(t *testing.T) {
	positions := []string{
		"3,3,3:.../.../...:X", // a draw, every move keeps it
		"3,3,3:XO./.../...:X", // X wins in 5
		"3,3,3:XO./.X./...:O", // O loses in 4, only (2,2) delays it
		"3,3,3:XX./OO./...:X", // X wins at once
		"4,4,4:..../..../..../....:X",
	}
	for _, pos := range positions {
		g := must(ParseGame(pos))
		defer g.Close()
		move, score, err := g.BestMove()
		optimal := must(g.OptimalMoves())
		if err != nil || len(optimal) == 0 {
			t.Fatalf("%s: BestMove %v, OptimalMoves %v", pos, err, optimal)
		}
		budgets := append([]budget{}, enough...)
		if strings.HasPrefix(pos, "3,3,3:") { // a few dozen steps from a table: 1 ms is plenty
			// 1ns rounds up to 1 ms; rounded down it would be 0, no limit at all, refused.
			budgets = append(budgets, budget{0, time.Nanosecond})
		}
		for _, b := range budgets {
			m, s, err := g.BestMoveWithin(b.nodes, b.time)
			if err != nil || m != move || s != score {
				t.Errorf("%s: BestMoveWithin(%d, %v) = %v %d, %v; BestMove = %v %d",
					pos, b.nodes, b.time, m, s, err, move, score)
			}
			if o, err := g.OptimalMovesWithin(b.nodes, b.time); err != nil || !reflect.DeepEqual(o, optimal) {
				t.Errorf("%s: OptimalMovesWithin(%d, %v) = %v, %v; OptimalMoves = %v",
					pos, b.nodes, b.time, o, err, optimal)
			}
		}
		if text(t, g) != pos {
			t.Fatalf("%s: the solve changed the game to %s", pos, text(t, g))
		}
	}
	// The empty 4x4 board with k=4 is a draw, by hand: no line can be forced on it.
	g := newGame(t, 4, 4, 4)
	if _, score, err := g.BestMoveWithin(0, time.Minute); score != 0 || err != nil {
		t.Fatalf("4,4,4: score %d, %v; want a draw", score, err)
	}
}

// BestMoveThreads gives the one-thread score on any number of threads (the Rust tests cover
// the boards big enough to be split), and fails as BestMoveWithin does.
func TestBestMoveThreads(t *testing.T) {
	for _, text := range []string{"3,3,3:X../.O./...:X", "4,4,4:..../..../..../....:X", "4,4,3:X.../.O../..../....:X"} {
		g := must(ParseGame(text))
		_, want, err := g.BestMoveWithin(1<<24, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, threads := range []int{0, 1, 2, 3} {
			m, s, err := g.BestMoveThreads(1<<24, 0, threads)
			if err != nil || s != want {
				t.Errorf("%s on %d threads: %v %d %v, want score %d", text, threads, m, s, err, want)
			}
			if v := must(g.Cell(m.Row, m.Col)); v != 0 {
				t.Errorf("%s: the move %v is not empty", text, m)
			}
		}
		g.Close()
	}
	g := newGame(t, 4, 4, 4)
	_, _, err := g.BestMoveThreads(100, 0, 2)
	wantErr(t, err, ErrTooHard)
	_, _, err = g.BestMoveThreads(0, 0, 2)
	wantErr(t, err, ErrInvalidArgument)
	_, _, err = g.BestMoveThreads(100, 0, -1)
	wantErr(t, err, ErrRange)
	over := must(ParseGame("3,3,3:XXX/OO./...:O"))
	defer over.Close()
	_, _, err = over.BestMoveThreads(100, 0, 2)
	wantErr(t, err, ErrGameOver)
}

// A certificate names the position and its value; its errors are the solver's.
func TestCertificate(t *testing.T) {
	g := newGame(t, 3, 3, 3)
	text := must(g.Certificate(100000))
	if !strings.HasPrefix(text, "certificate 2\nposition 3,3,3:.../.../...:X\nvalue draw\ntree X cannot-win\n") {
		t.Errorf("3,3,3: %q", text)
	}
	won := must(ParseGame("3,3,3:XX./OO./...:X"))
	defer won.Close()
	if text := must(won.Certificate(100)); text != "certificate 2\nposition 3,3,3:XX./OO./...:X\nvalue win\ntree X wins\nmove 2\nend\n" {
		t.Errorf("a win in one: %q", text)
	}
	big := newGame(t, 5, 5, 4)
	_, err := big.Certificate(10)
	wantErr(t, err, ErrTooHard)
	_, err = big.Certificate(0)
	wantErr(t, err, ErrInvalidArgument)
	over := must(ParseGame("3,3,3:XXX/OO./...:O"))
	defer over.Close()
	_, err = over.Certificate(100)
	wantErr(t, err, ErrGameOver)
}

// ForcedWinnerWithin names the player the score's sign names (player 2 may open), 0 for a
// draw, and fails as BestMoveWithin does.
func TestForcedWinnerWithin(t *testing.T) {
	for _, c := range []struct {
		text string
		want int
	}{
		{"3,3,3:.../.../...:X", 0}, {"4,4,3:..../..../..../....:X", 1},
		{"4,4,3:..../..../..../....:O", 2}, {"3,3,3:XX./OO./X..:O", 2},
	} {
		g := must(ParseGame(c.text))
		for _, d := range []time.Duration{0, time.Minute} {
			if got, err := g.ForcedWinnerWithin(1<<20, d); got != c.want || err != nil {
				t.Errorf("%s: ForcedWinnerWithin(1<<20, %v) = %d, %v; want %d", c.text, d, got, err, c.want)
			}
		}
		if text := must(g.Text()); text != c.text {
			t.Errorf("the game changed: %s, was %s", text, c.text)
		}
		g.Close()
	}
	big := newGame(t, 7, 7, 5)
	got, err := big.ForcedWinnerWithin(1000, 0)
	wantErr(t, err, ErrTooHard)
	if got != 0 {
		t.Errorf("ForcedWinnerWithin returned %d with its error", got)
	}
	_, err = big.ForcedWinnerWithin(0, 0)
	wantErr(t, err, ErrInvalidArgument)
	_, err = big.ForcedWinnerWithin(100, -time.Millisecond)
	wantErr(t, err, ErrRange)
	_, err = big.ForcedWinnerWithin(100, 1<<32*time.Millisecond)
	wantErr(t, err, ErrRange)
	over := must(ParseGame("3,3,3:XXX/OO./...:O"))
	defer over.Close()
	_, err = over.ForcedWinnerWithin(100, 0)
	wantErr(t, err, ErrGameOver)
}

// A budget too small for the position is ErrTooHard, where the default budget solves it.
func TestWithinRunsOutOfBudget(t *testing.T) {
	g := newGame(t, 4, 4, 4)
	must(g.OptimalMoves())
	m, s, err := g.BestMoveWithin(100, 0)
	wantErr(t, err, ErrTooHard)
	if m != (Cell{}) || s != 0 {
		t.Fatalf("BestMoveWithin returned %v %d with its error", m, s)
	}
	o, err := g.OptimalMovesWithin(100, 0)
	wantErr(t, err, ErrTooHard)
	if o != nil {
		t.Fatalf("OptimalMovesWithin returned %v with its error", o)
	}
	// 7x7 with k=5 costs the default budget seconds to prove drawn; 50 ms stop it with ErrTooHard.
	big := newGame(t, 7, 7, 5)
	for _, call := range []struct {
		name string
		run  func() error
	}{
		{"BestMoveWithin", func() error { _, _, err := big.BestMoveWithin(0, 50*time.Millisecond); return err }},
		{"OptimalMovesWithin", func() error { _, err := big.OptimalMovesWithin(0, 50*time.Millisecond); return err }},
	} {
		if err := call.run(); !errors.Is(err, ErrTooHard) {
			t.Errorf("7,7,5: %s(0, 50ms) = %v, want ErrTooHard", call.name, err)
		}
	}
}

// Budgets C refuses (both 0) and numbers it cannot take (as Search refuses them), and a
// finished game.
func TestWithinRefusesBadBudgetsAndFinishedGames(t *testing.T) {
	g := must(ParseGame("3,3,3:XO./.X./...:O"))
	defer g.Close()
	calls := func(nodes uint64, d time.Duration) []error {
		_, _, e1 := g.BestMoveWithin(nodes, d)
		o, e2 := g.OptimalMovesWithin(nodes, d)
		if o != nil {
			t.Errorf("OptimalMovesWithin(%d, %v) = %v with %v", nodes, d, o, e2)
		}
		return []error{e1, e2}
	}
	for _, err := range calls(0, 0) {
		wantErr(t, err, ErrInvalidArgument)
		if errors.Is(err, ErrRange) {
			t.Errorf("both limits 0 is C's refusal, not a range error: %v", err)
		}
	}
	for _, d := range []time.Duration{-time.Nanosecond, -time.Second, 50 * 24 * time.Hour, math.MaxInt64} {
		for _, nodes := range []uint64{0, 10} {
			for _, err := range calls(nodes, d) {
				if !errors.Is(err, ErrInvalidArgument) || !errors.Is(err, ErrRange) {
					t.Errorf("(%d, %v): %v, want ErrInvalidArgument and ErrRange", nodes, d, err)
				}
			}
		}
	}
	for _, err := range calls(0, math.MaxInt64) {
		if !strings.Contains(err.Error(), "maxTime in ms = 9223372036855 is out of range") {
			t.Errorf("message %q", err)
		}
	}
	must(g.Play(2, 0))
	if r := must(g.Play(2, 2)); r != AWins { // X completes the diagonal
		t.Fatalf("X did not win: %v", r)
	}
	for _, err := range calls(1<<24, time.Minute) {
		wantErr(t, err, ErrGameOver)
	}
}
