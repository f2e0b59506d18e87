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
	return g.bestMove(func(p *C.TttGame, r, c *C.uint32_t, s *C.int32_t) error {
		return check(C.ttt_game_best_move(p, r, c, s))
	})
}

// BestMoveWithin is BestMove under the caller's budget instead of the default one: maxNodes
// steps of search and maxTime of wall-clock time (rounded up to whole milliseconds), as Search
// takes them; 0 means no limit, and at least one must be non-zero (else ErrInvalidArgument).
// ErrTooHard when the budget runs out; whatever is answered is exact. Use it to give a hard
// position more search, or to bound the wait where BestMove could cost seconds.
func (g *Game) BestMoveWithin(maxNodes uint64, maxTime time.Duration) (move Cell, score int, err error) {
	return g.bestMove(func(p *C.TttGame, r, c *C.uint32_t, s *C.int32_t) error {
		millis, err := budgetMillis(maxTime)
		if err != nil {
			return err
		}
		return check(C.ttt_game_best_move_within(p, C.uint64_t(maxNodes), millis, r, c, s))
	})
}

// BestMoveThreads is BestMoveWithin on threads threads (0: one per core): the position's moves
// are solved as independent subproblems that draw on one shared budget of maxNodes steps. The
// score is BestMoveWithin's; the move is one with that score. The threads have ended when it
// returns. A negative threads is ErrInvalidArgument (and ErrRange).
func (g *Game) BestMoveThreads(maxNodes uint64, maxTime time.Duration, threads int) (move Cell, score int, err error) {
	return g.bestMove(func(p *C.TttGame, r, c *C.uint32_t, s *C.int32_t) error {
		millis, err := budgetMillis(maxTime)
		if err != nil {
			return err
		}
		n, err := u32("threads", threads)
		if err != nil {
			return err
		}
		return check(C.ttt_game_best_move_threads(p, C.uint64_t(maxNodes), millis, n, r, c, s))
	})
}

// ForcedWinnerWithin is who wins with perfect play, without how fast: the player (1 or 2) who
// wins against any defence, or 0 for a draw. The budget is BestMoveWithin's, shared by the two
// proofs it may take (whether the side to move wins, then whether the other side does); with a
// step budget alone the answer is deterministic. It reaches further than BestMove, which must
// also find the fastest win. ErrTooHard when the budget runs out, ErrGameOver on a finished game.
func (g *Game) ForcedWinnerWithin(maxNodes uint64, maxTime time.Duration) (int, error) {
	p, err := g.lock()
	if err != nil {
		return 0, err
	}
	defer g.unlock()
	millis, err := budgetMillis(maxTime)
	if err != nil {
		return 0, err
	}
	var player C.uint32_t
	if err := check(C.ttt_game_forced_winner_within(p, C.uint64_t(maxNodes), millis, &player)); err != nil {
		return 0, err
	}
	return int(player), nil
}

// Certificate is the position's value as proof trees in text that a checker verifies with the
// rules alone (docs/ai.md, "Certificates"), of at most maxNodes nodes: ErrTooHard when more are
// needed, ErrInvalidArgument for 0, ErrGameOver on a finished game.
func (g *Game) Certificate(maxNodes uint64) (string, error) {
	buf, err := fill(g, func(p *C.TttGame, b *C.char, c C.size_t, n *C.size_t) C.TttStatus {
		return C.ttt_game_certificate(p, C.uint64_t(maxNodes), b, c, n)
	})
	if err != nil {
		return "", err
	}
	return C.GoStringN(&buf[0], C.int(len(buf))), nil
}

// bestMove runs one of the C best-move calls under the game's lock.
func (g *Game) bestMove(solve func(p *C.TttGame, r, c *C.uint32_t, s *C.int32_t) error) (Cell, int, error) {
	p, err := g.lock()
	if err != nil {
		return Cell{}, 0, err
	}
	defer g.unlock()
	var r, c C.uint32_t
	var s C.int32_t
	if err := solve(p, &r, &c, &s); err != nil {
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
	millis, err := budgetMillis(maxTime)
	if err != nil {
		return Cell{}, err
	}
	var r, c C.uint32_t
	if err := check(C.ttt_game_search(p, C.uint64_t(maxNodes), millis, C.uint64_t(seed), &r, &c)); err != nil {
		return Cell{}, err
	}
	return Cell{int(r), int(c)}, nil
}

// ThreatWin is a forced win found by Game.ThreatWin: the first move, and the plies until the
// winning stone against the longest defence, this move counting 1.
type ThreatWin struct {
	Cell  Cell
	Plies int
}

// ThreatWin looks for a forced win for the side to move by threats (continuous fours, or fours
// and threes) within maxNodes search nodes (at least 1, else ErrInvalidArgument), proved
// against every defence. found is false when none was found, which does not mean there is no
// win. The same game and budget give the same answer.
func (g *Game) ThreatWin(maxNodes uint64) (win ThreatWin, found bool, err error) {
	p, err := g.lock()
	if err != nil {
		return ThreatWin{}, false, err
	}
	defer g.unlock()
	var r, c, plies C.uint32_t
	status := C.ttt_game_threat_win(p, C.uint64_t(maxNodes), &r, &c, &plies)
	if status == C.TTT_TOO_HARD {
		return ThreatWin{}, false, nil
	}
	if err := check(status); err != nil {
		return ThreatWin{}, false, err
	}
	return ThreatWin{Cell{int(r), int(c)}, int(plies)}, true, nil
}

// budgetMillis converts a time budget for C's max_millis: whole milliseconds, rounded up (0:
// no limit). A negative duration, or one past uint32_t milliseconds (about 49.7 days), is
// refused as u32 refuses a number: StatusInvalidArgument, matching ErrRange.
func budgetMillis(maxTime time.Duration) (C.uint32_t, error) {
	if maxTime < 0 { // before rounding, which would take -1ns up to 0 ms: no limit
		return 0, &Error{Status: StatusInvalidArgument, Index: -1, outOfRange: true,
			Detail: fmt.Sprintf("maxTime = %v is negative", maxTime)}
	}
	ms := maxTime / time.Millisecond
	if maxTime%time.Millisecond > 0 {
		ms++ // round up, without the overflow of adding 999999ns to a huge duration
	}
	return u32("maxTime in ms", int(ms))
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

// OptimalMovesWithin is OptimalMoves under the caller's budget, as BestMoveWithin takes it
// (maxNodes steps, maxTime rounded up to whole milliseconds; 0 = no limit, not both 0).
func (g *Game) OptimalMovesWithin(maxNodes uint64, maxTime time.Duration) ([]Cell, error) {
	var bad error // a budget C cannot take, looked at under the lock: a closed game is ErrClosed first, as in Search
	cells, err := g.cellList(func(p *C.TttGame, b *C.uint32_t, c C.size_t, n *C.size_t) C.TttStatus {
		millis, err := budgetMillis(maxTime)
		if err != nil {
			bad = err
			return C.TTT_INVALID_ARGUMENT
		}
		return C.ttt_game_optimal_moves_within(p, C.uint64_t(maxNodes), millis, b, c, n)
	})
	if bad != nil {
		return nil, bad
	}
	return cells, err
}
