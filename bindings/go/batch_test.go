package tictactoe

import (
	"bytes"
	"errors"
	"testing"
)

// A 4 x 4 batch stepped with the first empty cell after a moving offset agrees, after every
// step, with the same games played through Game: results, masks, observations and copies.
func TestBatchAgreesWithGames(t *testing.T) {
	const count, cells = 6, 16
	b, err := NewBatch(count, 4, 4, 3, 1)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	games := make([]*Game, count)
	for i := range games {
		games[i], _ = NewGame(4, 4, 3)
	}
	mask, obs := make([]uint8, count*cells), make([]uint8, 2*count*cells)
	actions, results := make([]uint32, count), make([]Result, count)
	ends := 0
	for step := 0; step < 80; step++ {
		if err := b.LegalMask(mask); err != nil {
			t.Fatal(err)
		}
		for i := range actions {
			c := (i*5 + step*3) % cells
			for mask[i*cells+c] == 0 {
				c = (c + 1) % cells
			}
			actions[i] = uint32(c)
		}
		if err := b.Step(actions, results); err != nil {
			t.Fatal(err)
		}
		if err := b.Observe(obs); err != nil {
			t.Fatal(err)
		}
		for i, g := range games {
			r, err := g.Play(int(actions[i])/4, int(actions[i])%4)
			if err != nil || r != results[i] {
				t.Fatalf("step %d game %d: batch %v, game %v (%v)", step, i, results[i], r, err)
			}
			if r != Pending {
				g.Close()
				games[i], _ = NewGame(4, 4, 3)
				ends++
			}
			mover, _ := games[i].ToMove()
			for c := 0; c < cells; c++ {
				stone, _ := games[i].Cell(c/4, c%4)
				want := [2]uint8{b2u(stone == mover), b2u(stone != 0 && stone != mover)}
				if got := [2]uint8{obs[i*2*cells+c], obs[i*2*cells+cells+c]}; got != want {
					t.Fatalf("step %d game %d cell %d: planes %v, want %v", step, i, c, got, want)
				}
			}
			copyOf, err := b.Game(i)
			if err != nil {
				t.Fatal(err)
			}
			if a, w := copyOf.String(), games[i].String(); a != w {
				t.Fatalf("step %d game %d: copy %q, game %q", step, i, a, w)
			}
			copyOf.Close()
		}
	}
	if ends == 0 {
		t.Fatal("no game ended")
	}
}

func b2u(v bool) uint8 {
	if v {
		return 1
	}
	return 0
}

func TestBatchErrorsChangeNothing(t *testing.T) {
	b, err := NewBatch(3, 3, 3, 3, 0)
	if err != nil {
		t.Fatal(err)
	}
	results := make([]Result, 3)
	if err := b.Step([]uint32{4, 4, 4}, results); err != nil {
		t.Fatal(err)
	}
	before := make([]uint8, 54)
	b.Observe(before)
	var e *Error
	err = b.Step([]uint32{0, 4, 1}, results)
	if !errors.Is(err, ErrCellOccupied) || !errors.As(err, &e) || e.Index != 1 {
		t.Fatalf("occupied: %v", err)
	}
	err = b.Step([]uint32{0, 1, 9}, results)
	if !errors.Is(err, ErrOutOfBounds) || !errors.As(err, &e) || e.Index != 2 {
		t.Fatalf("off the board: %v", err)
	}
	if err := b.Step([]uint32{0, 1}, results); !errors.Is(err, ErrInvalidArgument) {
		t.Fatalf("two actions for three games: %v", err)
	}
	after := make([]uint8, 54)
	b.Observe(after)
	if !bytes.Equal(before, after) {
		t.Fatal("a refused step changed a game")
	}
	if err := b.Observe(make([]uint8, 53)); !errors.Is(err, ErrBufferTooSmall) {
		t.Fatalf("small buffer: %v", err)
	}
	if _, err := b.Game(3); !errors.Is(err, ErrInvalidArgument) {
		t.Fatalf("game 3 of 3: %v", err)
	}
	if _, err := NewBatch(0, 3, 3, 3, 0); !errors.Is(err, ErrInvalidArgument) {
		t.Fatalf("count 0: %v", err)
	}
	b.Close()
	b.Close()
	if err := b.Reset(); !errors.Is(err, ErrClosed) {
		t.Fatalf("closed: %v", err)
	}
}

// The same seed gives the same games whatever the thread count; the totals add up.
func TestBatchRandomMovesRepeat(t *testing.T) {
	a, _ := NewBatch(2000, 15, 15, 5, 9)
	b, _ := NewBatch(2000, 15, 15, 5, 9)
	defer a.Close()
	defer b.Close()
	sa, err := a.RandomMoves(40, 1)
	if err != nil {
		t.Fatal(err)
	}
	sb, _ := b.RandomMoves(40, 0)
	if sa != sb || sa.Moves != 80000 || sa.AWins+sa.BWins+sa.Draws > sa.Moves {
		t.Fatalf("stats %+v and %+v", sa, sb)
	}
	oa, ob := make([]uint8, 2000*450), make([]uint8, 2000*450)
	a.Observe(oa)
	b.Observe(ob)
	if !bytes.Equal(oa, ob) {
		t.Fatal("1 thread and one per core gave different games")
	}
}

// A batch big enough to be split steps, refuses and observes on two threads as on one: the same
// results, the same first bad game, no game changed. A call splits from 2^22 cells a thread
// (CELLS_PER_THREAD in src/batch/lanes.rs), so from 2 * 2^22 / 225 = 37,283 games of 15 x 15.
func TestBatchThreadsChangeNothing(t *testing.T) {
	const cells = 225
	const count = 2*(1<<22)/cells + 17
	one, _ := NewBatch(count, 15, 15, 5, 3)
	two, _ := NewBatch(count, 15, 15, 5, 3)
	defer one.Close()
	defer two.Close()
	if err := two.SetThreads(2); err != nil {
		t.Fatal(err)
	}
	if err := two.SetThreads(-1); !errors.Is(err, ErrInvalidArgument) {
		t.Fatalf("-1 threads: %v", err)
	}
	mask, other := make([]uint8, count*cells), make([]uint8, count*cells)
	r1, r2 := make([]Result, count), make([]Result, count)
	o1, o2 := make([]uint8, 2*count*cells), make([]uint8, 2*count*cells)
	for step := 0; step < 8; step++ {
		one.LegalMask(mask)
		two.LegalMask(other)
		if !bytes.Equal(mask, other) {
			t.Fatalf("step %d: masks differ", step)
		}
		actions := make([]uint32, count)
		for i := range actions {
			c := (i*31 + step*13) % cells
			for mask[i*cells+c] == 0 {
				c = (c + 1) % cells
			}
			actions[i] = uint32(c)
		}
		if step == 5 {
			bad := append([]uint32(nil), actions...)
			bad[count-7], bad[count-3] = 225, 226
			two.Observe(o1)
			var e *Error
			if err := two.Step(bad, r2); !errors.As(err, &e) || e.Index != count-7 {
				t.Fatalf("refused step: %v", err)
			}
			two.Observe(o2)
			if !bytes.Equal(o1, o2) {
				t.Fatal("a refused step changed a game")
			}
		}
		if err := one.Step(actions, r1); err != nil {
			t.Fatal(err)
		}
		if err := two.Step(actions, r2); err != nil {
			t.Fatal(err)
		}
		one.Observe(o1)
		two.Observe(o2)
		for i := range r1 {
			if r1[i] != r2[i] {
				t.Fatalf("step %d game %d: results differ", step, i)
			}
		}
		if !bytes.Equal(o1, o2) {
			t.Fatalf("step %d: observations differ", step)
		}
	}
}
