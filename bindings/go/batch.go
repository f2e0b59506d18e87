package tictactoe

/*
#include "tictactoe.h"
*/
import "C"

import (
	"runtime"
	"strconv"
	"sync"
	"unsafe"
)

// Batch is count games of one shape stepped together, for self-play and training (the C
// API's TttBatch). Every game is always in progress: a move that ends one reports its result
// and empties it (auto-reset). Close frees it; a finalizer frees it if the Batch becomes
// unreachable first. Safe for concurrent use: calls on one batch run one at a time.
type Batch struct {
	mu    sync.Mutex
	p     *C.TttBatch // nil once closed
	count int
	cells int
	// Out-parameters for C, kept here so that a call allocates nothing; the lock guards them.
	stats    C.TttBatchStats
	badIndex C.size_t
	raw      []uint8 // the C results of a step, before they become Results
}

// BatchStats is what RandomMoves played: moves, and how the games that ended, ended.
type BatchStats struct {
	Moves, AWins, BWins, Draws uint64
}

// NewBatch creates count empty games of rows x cols where k in a row wins; seed seeds
// RandomMoves.
func NewBatch(count, rows, cols, k int, seed uint64) (*Batch, error) {
	r, c, kk, err := size3(rows, cols, k)
	if err != nil {
		return nil, err
	}
	if count < 0 {
		return nil, &Error{Status: StatusInvalidArgument, Index: -1, Detail: "count is negative"}
	}
	var p *C.TttBatch
	if err := check(C.ttt_batch_new(r, c, kk, C.size_t(count), C.uint64_t(seed), &p)); err != nil {
		return nil, err
	}
	b := &Batch{p: p, count: count, cells: rows * cols, raw: make([]uint8, count)}
	runtime.SetFinalizer(b, func(b *Batch) { C.ttt_batch_free(b.p) })
	return b, nil
}

// Len is the number of games.
func (b *Batch) Len() int { return b.count }

// Cells is rows x cols, the cells of each game.
func (b *Batch) Cells() int { return b.cells }

// Close frees the native batch now; it is idempotent, and afterwards every method returns
// ErrClosed.
func (b *Batch) Close() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.p != nil {
		runtime.SetFinalizer(b, nil)
		C.ttt_batch_free(b.p)
		b.p = nil
	}
	return nil
}

// lock takes the batch's lock and returns the native batch, or ErrClosed (no lock held).
func (b *Batch) lock() (*C.TttBatch, error) {
	b.mu.Lock()
	if b.p == nil {
		b.mu.Unlock()
		return nil, ErrClosed
	}
	return b.p, nil
}

func (b *Batch) unlock() {
	runtime.KeepAlive(b)
	b.mu.Unlock()
}

// Reset puts every game back to the empty board (the random generator goes on).
func (b *Batch) Reset() error {
	p, err := b.lock()
	if err != nil {
		return err
	}
	defer b.unlock()
	return check(C.ttt_batch_reset(p))
}

// SetThreads sets the most threads Step, Observe and LegalMask run on: 1 (the default) the
// calling thread, 0 one per core. A call splits only from 2^22 cells (games times cells) a
// thread, and gives the same results whatever the setting; under load a split call can wait
// for its threads longer than one thread would take.
func (b *Batch) SetThreads(threads int) error {
	t, err := u32("threads", threads)
	if err != nil {
		return err
	}
	p, err := b.lock()
	if err != nil {
		return err
	}
	defer b.unlock()
	return check(C.ttt_batch_set_threads(p, t))
}

// Step plays actions[i] (a cell, row*cols+col) in game i for every game and writes game i's
// result to results[i]. If any action is illegal no game changes and the error's Index is the
// first bad game (errors.Is(err, ErrOutOfBounds) or ErrCellOccupied). Both slices hold Len()
// items.
func (b *Batch) Step(actions []uint32, results []Result) error {
	p, err := b.lock()
	if err != nil {
		return err
	}
	defer b.unlock()
	if len(actions) != b.count || len(results) < b.count {
		return &Error{Status: StatusInvalidArgument, Index: -1, Detail: "Step needs Len() actions and results"}
	}
	raw := b.raw
	s := C.ttt_batch_step(p, (*C.uint32_t)(unsafe.Pointer(&actions[0])), C.size_t(len(actions)),
		(*C.uint8_t)(unsafe.Pointer(&raw[0])), &b.badIndex)
	if s != C.TTT_OK {
		e := &Error{Status: Status(s), Index: -1}
		if s == C.TTT_OUT_OF_BOUNDS || s == C.TTT_CELL_OCCUPIED {
			e.Index = int(b.badIndex)
			e.Detail = "game " + strconv.Itoa(e.Index)
		}
		return e
	}
	for i, r := range raw {
		results[i] = Result(r)
	}
	return nil
}

// Observe writes every game's planes into out, C order [Len()][2][rows][cols]: plane 0 the
// side to move's stones, plane 1 the opponent's (1 where a stone is). out holds at least
// Len()*2*Cells() bytes.
func (b *Batch) Observe(out []uint8) error {
	return b.write(out, 2*b.count*b.cells, func(p *C.TttBatch, o *C.uint8_t, n C.size_t) C.TttStatus {
		return C.ttt_batch_observe(p, o, n)
	})
}

// LegalMask writes every game's legal-move mask into out, [Len()][rows*cols], 1 where the
// cell is empty. out holds at least Len()*Cells() bytes.
func (b *Batch) LegalMask(out []uint8) error {
	return b.write(out, b.count*b.cells, func(p *C.TttBatch, o *C.uint8_t, n C.size_t) C.TttStatus {
		return C.ttt_batch_legal_mask(p, o, n)
	})
}

func (b *Batch) write(out []uint8, need int, fn func(*C.TttBatch, *C.uint8_t, C.size_t) C.TttStatus) error {
	p, err := b.lock()
	if err != nil {
		return err
	}
	defer b.unlock()
	if len(out) < need {
		return sentinel(StatusBufferTooSmall)
	}
	return check(fn(p, (*C.uint8_t)(unsafe.Pointer(&out[0])), C.size_t(len(out))))
}

// RandomMoves plays movesPerGame uniformly random legal moves in every game on threads
// threads (0: one per core). The same seed and calls give the same games whatever threads is.
func (b *Batch) RandomMoves(movesPerGame uint64, threads int) (BatchStats, error) {
	t, err := u32("threads", threads)
	if err != nil {
		return BatchStats{}, err
	}
	p, err := b.lock()
	if err != nil {
		return BatchStats{}, err
	}
	defer b.unlock()
	b.stats = C.TttBatchStats{}
	if err := check(C.ttt_batch_random_moves(p, C.uint64_t(movesPerGame), t, &b.stats)); err != nil {
		return BatchStats{}, err
	}
	s := b.stats
	return BatchStats{uint64(s.moves), uint64(s.a_wins), uint64(s.b_wins), uint64(s.draws)}, nil
}

// Game returns a copy of game i as a Game (its stones and turn; no move history).
func (b *Batch) Game(i int) (*Game, error) {
	p, err := b.lock()
	if err != nil {
		return nil, err
	}
	defer b.unlock()
	if i < 0 {
		return nil, sentinel(StatusInvalidArgument)
	}
	var g *C.TttGame
	return adopt(C.ttt_batch_game(p, C.size_t(i), &g), g)
}
