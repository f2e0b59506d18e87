package tictactoe

// The AI: exact solving where feasible, budgeted search and difficulty levels elsewhere. None
// of these calls changes the game.

/*
#include "tictactoe.h"
*/
import "C"

import (
	"fmt"
	"time"
)

// BestMove is perfect play for the side to move. score 0: a draw with best play; +N: the side
// to move wins, the game ending N plies from now (this move counts as 1); -N: it loses N plies
// from now. ErrTooHard when the position is too big to solve exactly.
func (g *Game) BestMove() (move Cell, score int, err error) {
	p, err := g.lock()
	if err != nil {
		return Cell{}, 0, err
	}
	defer g.unlock()
	var r, c C.uint32_t
	var s C.int32_t
	if err := check(C.ttt_game_best_move(p, &r, &c, &s)); err != nil {
		return Cell{}, 0, err
	}
	return Cell{int(r), int(c)}, int(s), nil
}

// Search is a strong move for the side to move under a budget, on any board. maxNodes bounds
// the search in nodes and maxTime in wall-clock time (rounded up to whole milliseconds); 0
// means no limit, and at least one must be non-zero (else ErrInvalidArgument). With a node
// budget only, the same game, maxNodes and seed always give the same move.
func (g *Game) Search(maxNodes uint64, maxTime time.Duration, seed uint64) (Cell, error) {
	p, err := g.lock()
	if err != nil {
		return Cell{}, err
	}
	defer g.unlock()
	if maxTime < 0 { // before rounding, which would take -1ns up to 0 ms: no limit
		return Cell{}, &Error{Status: StatusInvalidArgument, Index: -1, outOfRange: true,
			Detail: fmt.Sprintf("maxTime = %v is negative", maxTime)}
	}
	ms := maxTime / time.Millisecond
	if maxTime%time.Millisecond > 0 {
		ms++ // round up, without the overflow of adding 999999ns to a huge duration
	}
	millis, err := u32("maxTime in ms", int(ms))
	if err != nil {
		return Cell{}, err
	}
	var r, c C.uint32_t
	if err := check(C.ttt_game_search(p, C.uint64_t(maxNodes), millis, C.uint64_t(seed), &r, &c)); err != nil {
		return Cell{}, err
	}
	return Cell{int(r), int(c)}, nil
}

// Level is a difficulty level of AIMove.
type Level uint32

// The levels of include/tictactoe.h, from a random legal move to perfect play.
const (
	LevelRandom  Level = C.TTT_LEVEL_RANDOM
	LevelEasy    Level = C.TTT_LEVEL_EASY
	LevelMedium  Level = C.TTT_LEVEL_MEDIUM
	LevelHard    Level = C.TTT_LEVEL_HARD
	LevelPerfect Level = C.TTT_LEVEL_PERFECT
)

// AIMove is a move at a difficulty level; the same game, level and seed give the same move.
func (g *Game) AIMove(level Level, seed uint64) (Cell, error) {
	p, err := g.lock()
	if err != nil {
		return Cell{}, err
	}
	defer g.unlock()
	var r, c C.uint32_t
	if err := check(C.ttt_game_ai_move(p, C.uint32_t(level), C.uint64_t(seed), &r, &c)); err != nil {
		return Cell{}, err
	}
	return Cell{int(r), int(c)}, nil
}

// OptimalMoves are every move that keeps the position's value, in row-major order.
func (g *Game) OptimalMoves() ([]Cell, error) {
	return g.cellList(func(p *C.TttGame, b *C.uint32_t, c C.size_t, n *C.size_t) C.TttStatus {
		return C.ttt_game_optimal_moves(p, b, c, n)
	})
}
