/*
 * think.h — choosing the brain's move with the library: the board is loaded as a game, the
 * time for the move is worked out from the manager's limits, and the library answers.
 */
#ifndef PBRAIN_THINK_H
#define PBRAIN_THINK_H

#include <stdint.h>

#include "board.h"

/* The milliseconds a search may take for this move under the manager's limits and --ms. */
uint32_t think_budget_ms(const struct board *b);

/*
 * Chooses a move for the brain, puts it on the board as its own, and writes it as x
 * (column), y (row). NULL on success, else why there is no move (the board is unchanged).
 */
const char *think_move(struct board *b, uint32_t *x, uint32_t *y);

#endif /* PBRAIN_THINK_H */
