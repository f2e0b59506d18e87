package tictactoe

// One game shared by goroutines: calls are serialized by the game's lock, and a Close racing
// with calls makes them return ErrClosed, never use freed memory. Run with -race (test.sh does).

import (
	"errors"
	"sync"
	"testing"
)

func TestOneGameSharedByGoroutines(t *testing.T) {
	// 40x40: cells, text and legal moves all exceed the first 64-element buffer, so each
	// reader takes the retry path, whose reported size another goroutine must not overwrite.
	g := must(NewGame(40, 40, 5))
	var wg sync.WaitGroup
	fail := make(chan error, 64)
	report := func(err error) {
		if err != nil && !errors.Is(err, ErrClosed) {
			select {
			case fail <- err:
			default:
			}
		}
	}
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := 0; i < 300; i++ {
				switch (w + i) % 4 {
				case 0:
					cells, err := g.Cells()
					if err == nil && len(cells) != 1600 {
						err = errors.New("cells: wrong length")
					}
					report(err)
				case 1:
					_, err := g.Text()
					report(err)
				case 2:
					_, err := g.LegalMoves()
					report(err)
				case 3:
					_, err := g.ToMove()
					report(err)
				}
			}
		}(w)
	}
	wg.Add(1)
	go func() { // plays and undoes, then closes the game under the readers
		defer wg.Done()
		for i := 0; i < 200; i++ {
			_, err := g.Play(i/40, i%40)
			if err == nil {
				err = g.Undo()
			}
			report(err)
		}
		report(g.Close())
	}()
	wg.Wait()
	close(fail)
	for err := range fail {
		t.Error(err)
	}
	if _, err := g.ToMove(); err != ErrClosed {
		t.Fatalf("after Close: %v", err)
	}
}
