package tictactoe

// Judge and Validate against a small independent implementation of the rules and the validity rule (docs/rules.md),
// on random inputs (a fixed seed, so a failure reproduces).

import (
	"errors"
	"math/rand"
	"strings"
	"testing"
)

var directions = [4][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}}

// lineThrough reports whether the stone at (r, c) is part of k in a row of its player.
func lineThrough(board [][]byte, r, c, k int) bool {
	rows, cols, p := len(board), len(board[0]), board[r][c]
	for _, d := range directions {
		n := 1
		for s := -1; s <= 1; s += 2 {
			for i := 1; ; i++ {
				rr, cc := r+s*i*d[0], c+s*i*d[1]
				if rr < 0 || rr >= rows || cc < 0 || cc >= cols || board[rr][cc] != p {
					break
				}
				n++
			}
		}
		if n >= k {
			return true
		}
	}
	return false
}

// refJudge is "Find Winner": the result, or the status and index of the first bad move.
func refJudge(moves []Cell, rows, cols, k int) (Result, Status, int) {
	board := make([][]byte, rows)
	for i := range board {
		board[i] = make([]byte, cols)
	}
	result := Pending
	for i, m := range moves {
		switch {
		case m.Row < 0 || m.Row >= rows || m.Col < 0 || m.Col >= cols:
			return 0, StatusOutOfBounds, i
		case result != Pending:
			return 0, StatusGameOver, i
		case board[m.Row][m.Col] != 0:
			return 0, StatusCellOccupied, i
		}
		board[m.Row][m.Col] = byte(1 + i%2)
		if lineThrough(board, m.Row, m.Col, k) {
			result = Result(1 + i%2)
		} else if i+1 == rows*cols {
			result = Draw
		}
	}
	return result, StatusOK, -1
}

// refValidate is the validity rule, verdicts in the header's order.
func refValidate(board []string, k int) Verdict {
	rows, cols := len(board), len(board[0])
	count := map[byte]int{}
	lines := map[byte][]map[int]bool{} // every k-window of one player's stones
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			count[board[r][c]]++
			for _, d := range directions {
				cells, p := map[int]bool{}, board[r][c]
				for i := 0; i < k && p != '.'; i++ {
					rr, cc := r+i*d[0], c+i*d[1]
					if rr < 0 || rr >= rows || cc < 0 || cc >= cols || board[rr][cc] != p {
						break
					}
					cells[rr*cols+cc] = true
				}
				if len(cells) == k {
					lines[p] = append(lines[p], cells)
				}
			}
		}
	}
	x, o := count['X'], count['O']
	shared := func(ls []map[int]bool) bool { // some stone lies on every line
		for cell := range ls[0] {
			all := true
			for _, l := range ls[1:] {
				all = all && l[cell]
			}
			if all {
				return true
			}
		}
		return false
	}
	switch {
	case o > x:
		return TooManyO
	case x > o+1:
		return TooManyX
	case len(lines['X']) > 0 && len(lines['O']) > 0:
		return BothWin
	case len(lines['X']) > 0 && x != o+1:
		return XWonThenOMoved
	case len(lines['O']) > 0 && x != o:
		return OWonThenXMoved
	case len(lines['X']) > 0 && !shared(lines['X']):
		return XLinesDisjoint
	case len(lines['O']) > 0 && !shared(lines['O']):
		return OLinesDisjoint
	}
	return Valid
}

func TestJudgeMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	kinds := map[Status]int{}
	for n := 0; n < 20000; n++ {
		rows, cols, k := randomSize(rng)
		var moves []Cell
		for _, cell := range rng.Perm(rows * cols)[:rng.Intn(rows*cols+1)] {
			moves = append(moves, Cell{cell / cols, cell % cols})
		}
		switch rng.Intn(8) { // sometimes break a rule: a repeated cell, or one off the board
		case 0:
			if len(moves) > 0 {
				moves = append(moves, moves[rng.Intn(len(moves))])
			}
		case 1:
			i := rng.Intn(len(moves) + 1)
			bad := []Cell{{-1, 0}, {0, -2}, {rows, 0}, {0, cols}, {1 << 40, 0}}[rng.Intn(5)]
			moves = append(moves[:i], append([]Cell{bad}, moves[i:]...)...)
		}
		want, wantStatus, wantIndex := refJudge(moves, rows, cols, k)
		kinds[wantStatus]++
		got, err := Judge(moves, rows, cols, k)
		var e *Error
		switch {
		case wantStatus == StatusOK && (err != nil || got != want):
			t.Fatalf("Judge(%v, %d, %d, %d) = %v, %v; want %v", moves, rows, cols, k, got, err, want)
		case wantStatus != StatusOK && (!errors.As(err, &e) || e.Status != wantStatus || e.Index != wantIndex):
			t.Fatalf("Judge(%v, %d, %d, %d) = %v; want %v at move %d", moves, rows, cols, k, err,
				wantStatus, wantIndex)
		}
	}
	t.Logf("outcomes: %v", kinds)
}

func TestValidateMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	verdicts := map[Verdict]int{}
	for n := 0; n < 20000; n++ {
		rows, cols, k := randomSize(rng)
		// Mostly near-legal counts (play random stones alternately), sometimes any mix.
		cells := []byte(strings.Repeat(".", rows*cols))
		stones := rng.Intn(rows*cols + 1)
		for i, cell := range rng.Perm(rows * cols)[:stones] {
			cells[cell] = "XO"[i%2]
			if rng.Intn(10) == 0 {
				cells[cell] = "XO"[rng.Intn(2)]
			}
		}
		board := make([]string, rows)
		for r := range board {
			board[r] = string(cells[r*cols : (r+1)*cols])
		}
		want := refValidate(board, k)
		verdicts[want]++
		if got, err := Validate(board, k); err != nil || got != want {
			t.Fatalf("Validate(%q, %d) = %v (%d), %v; want %v (%d)", board, k, got, got, err, want, want)
		}
		if got, err := ValidateText(strings.Join(board, "/"), rows, cols, k); err != nil || got != want {
			t.Fatalf("ValidateText(%q, %d) = %v, %v; want %v", board, k, got, err, want)
		}
	}
	t.Logf("verdicts: %v", verdicts)
	for v := Valid; v <= OLinesDisjoint; v++ {
		if verdicts[v] == 0 {
			t.Errorf("no random board had verdict %v", v)
		}
	}
}

// randomSize is a board of 1 to 5 rows and columns and a k that is valid for it.
func randomSize(rng *rand.Rand) (rows, cols, k int) {
	rows, cols = 1+rng.Intn(5), 1+rng.Intn(5)
	if rows > cols {
		return rows, cols, 1 + rng.Intn(rows)
	}
	return rows, cols, 1 + rng.Intn(cols)
}
