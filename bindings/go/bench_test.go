package tictactoe

import "testing"

// Per-call cost of the binding (cgo call + checks); run with go test -bench .

func BenchmarkPlayUndo(b *testing.B) {
	g, _ := NewGame(3, 3, 3)
	defer g.Close()
	for i := 0; i < b.N; i++ {
		g.Play(1, 1)
		g.Undo()
	}
}

func BenchmarkToMove(b *testing.B) {
	g, _ := NewGame(3, 3, 3)
	defer g.Close()
	for i := 0; i < b.N; i++ {
		g.ToMove()
	}
}
