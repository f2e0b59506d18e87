// Command one_game plays one seeded AI-vs-AI game through the Go binding (bindings/go) and
// prints it as the transcript tests/one_game.sh compares across runners (format and rules at
// the top of that script).
package main

import (
	"fmt"
	"os"

	"tictactoe.example/tictactoe"
)

func fail(err error) {
	fmt.Fprintln(os.Stderr, "one_game (go):", err)
	os.Exit(1)
}

func main() {
	game, err := tictactoe.NewGame(15, 15, 5)
	if err != nil {
		fail(err)
	}
	defer game.Close()
	fmt.Printf("game 15 15 5 level %d\n", tictactoe.LevelHard)
	result := tictactoe.Pending
	for ply := uint64(0); result == tictactoe.Pending; ply++ {
		cell, err := game.AIMove(tictactoe.LevelHard, 1000+ply)
		if err != nil {
			fail(err)
		}
		if result, err = game.Play(cell.Row, cell.Col); err != nil {
			fail(err)
		}
		fmt.Printf("%d %d %d\n", ply, cell.Row, cell.Col)
	}
	text, err := game.Text()
	if err != nil {
		fail(err)
	}
	fmt.Printf("text %s\nresult %s\n", text, result)
}
