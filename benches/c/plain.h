/*
 * plain.h — the seed exercises' algorithms written as plain C, the baselines the benchmark
 * holds the library against. They trust their input as the exercises allow ("moves are
 * valid"), so they check nothing: the library, which checks everything, gets no discount.
 *
 * They live in their own translation unit (plain.c) so that, like the library's functions,
 * they are real calls the compiler cannot inline into the timing loops.
 */
#ifndef BENCH_PLAIN_H
#define BENCH_PLAIN_H

#include <stddef.h>
#include <stdint.h>

/* A 3 x 3 game kept as a board that is rescanned from the first line to the last after each
 * move: the "straightforward" design seed 003 starts from. Allocated like a library handle. */
typedef struct PlainBoard3 PlainBoard3;
PlainBoard3 *plain_board3_new(void);
void plain_board3_free(PlainBoard3 *game);
/* Player 1 or 2 moves to cell row * 3 + col; returns the winner (0 none, 1, 2). */
uint32_t plain_board3_move(PlainBoard3 *game, uint32_t cell, uint32_t player);

/* Seed 002's "Design Tic-Tac-Toe": per-row, per-column and two diagonal counters, +1 for
 * player 1 and -1 for player 2; a counter reaching +-n is a win. No board at all. */
typedef struct PlainCounters PlainCounters;
PlainCounters *plain_counters_new(uint32_t n);
void plain_counters_free(PlainCounters *game);
uint32_t plain_counters_move(PlainCounters *game, uint32_t row, uint32_t col, uint32_t player);

/* Seed 002's counters plus what the library's move must also do, written as tightly as we could
 * in C for this one shape: argument checks (NULL, player, bounds), game over and whose turn in one
 * test of a turn byte, an occupancy test on a board of 2 bits per cell, an undo history whose
 * length is also the stone count, and the draw; errors and history growth out of line. Not a
 * baseline with a target; it shows what that work alone costs next to the bare counters.
 * Returns 0 and sets *winner (0 none, 1, 2), or a non-zero code for a rejected move. */
typedef struct PlainChecked PlainChecked;
PlainChecked *plain_checked_new(uint32_t n);
void plain_checked_free(PlainChecked *game);
int plain_checked_move(PlainChecked *game, uint32_t row, uint32_t col, uint32_t player, uint32_t *winner);

/* An n x n board, n in a row wins, where each move rescans the lines through the moved
 * stone (its row, its column and both diagonals) end to end for a run of n. */
typedef struct PlainRescan PlainRescan;
PlainRescan *plain_rescan_new(uint32_t n);
void plain_rescan_free(PlainRescan *game);
uint32_t plain_rescan_move(PlainRescan *game, uint32_t row, uint32_t col, uint32_t player);

/* Seed 000's "Find Winner" counting solution: tally each player's stones per row, column and
 * diagonal, A's lines checked before B's. moves = row0, col0, row1, col1, ...; returns the
 * TttResult numbering: 0 pending, 1 A, 2 B, 3 draw. */
uint32_t plain_judge3(const uint32_t *moves, size_t move_count);

/* Seed 001's "Valid Tic-Tac-Toe State" counting solution on the 9 cells row-major ('X', 'O',
 * ' '): stone counts, then lines of three per player. Returns 1 for a reachable board. */
int plain_valid3(const char board[9]);

#endif /* BENCH_PLAIN_H */
