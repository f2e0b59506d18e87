// A user's first program against the installed Go module (and the C library it links through
// pkg-config), then the seed exercises' own examples with the answers the exercises give.
// Usage: seeds VERSION
package main

import (
	"fmt"
	"os"

	"tictactoe.example/tictactoe"
)

var failures int

func check(ok bool, what string) {
	if !ok {
		fmt.Fprintln(os.Stderr, "failed:", what)
		failures++
	}
}

func main() {
	g, err := tictactoe.NewGame(3, 3, 3)
	check(err == nil, "NewGame")
	r, err := g.Play(1, 1)
	check(err == nil && r == tictactoe.Pending, "Play")
	_, err = g.Play(0, 0)
	check(err == nil, "Play")
	text, err := g.Text()
	check(err == nil && text == "3,3,3:O../.X./...:X", "Text "+text)
	g.Close()
	check(len(os.Args) == 2 && tictactoe.Version() == os.Args[1], "Version "+tictactoe.Version())

	winners := []struct {
		moves []tictactoe.Cell
		want  string
	}{
		{[]tictactoe.Cell{{0, 0}, {2, 0}, {1, 1}, {2, 1}, {2, 2}}, "A"},
		{[]tictactoe.Cell{{0, 0}, {1, 1}, {0, 1}, {0, 2}, {1, 0}, {2, 0}}, "B"},
		{[]tictactoe.Cell{{0, 0}, {1, 1}, {2, 0}, {1, 0}, {1, 2}, {2, 1}, {0, 1}, {0, 2}, {2, 2}}, "Draw"},
		{[]tictactoe.Cell{{0, 0}, {1, 1}}, "Pending"},
	}
	for _, w := range winners {
		got, err := tictactoe.FindWinner(w.moves)
		check(err == nil && got == w.want, "FindWinner "+w.want)
	}
	for i, b := range []struct {
		rows  []string
		valid bool
	}{{[]string{"O  ", "   ", "   "}, false}, {[]string{"XOX", " X ", "   "}, false}, {[]string{"XOX", "O O", "XOX"}, true}} {
		v, err := tictactoe.Validate(b.rows, 0)
		check(err == nil && v.Valid() == b.valid, fmt.Sprint("Validate ", i))
	}
	toe, err := tictactoe.NewTicTacToe(3)
	check(err == nil, "NewTicTacToe")
	moves := [][3]int{{0, 0, 1}, {0, 2, 2}, {2, 2, 1}, {1, 1, 2}, {2, 0, 1}, {1, 0, 2}, {2, 1, 1}}
	for i, m := range moves {
		winner, err := toe.Move(m[0], m[1], m[2])
		want := 0
		if i == 6 {
			want = 1
		}
		check(err == nil && winner == want, fmt.Sprint("Move ", i))
	}
	toe.Close()
	if failures > 0 {
		os.Exit(1)
	}
	fmt.Printf("ok: tictactoe %s, the seeds' examples\n", tictactoe.Version())
}
