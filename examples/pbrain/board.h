/*
 * board.h — what the brain knows between commands: the options it was started with, the
 * board as the manager described it (own and opponent stones, not X and O: the protocol
 * never says who started), and the manager's time limits.
 */
#ifndef PBRAIN_BOARD_H
#define PBRAIN_BOARD_H

#include <stdint.h>

/* The largest side START and RECTSTART accept; Gomocup plays on 15 and 20. */
#define BOARD_SIDE_MAX 1024

enum field { FIELD_EMPTY = 0, FIELD_OWN = 1, FIELD_OPPONENT = 2, FIELD_MARKER = 3 };

struct options {
    uint32_t k;           /* stones in a row that win (--k, default 5) */
    int level;            /* --level: TTT_LEVEL_*, or -1 for the best play in the time given */
    uint32_t fixed_ms;    /* --ms: milliseconds a move, whatever the manager allows; 0 unset */
    uint64_t nodes;       /* --nodes: node budget a move; 0 unset */
    uint64_t seed;        /* --seed: breaks the search's ties */
};

/* The manager's INFO values that the brain uses; `set` flags tell which were sent. */
struct limits {
    unsigned long long timeout_turn, timeout_match, time_left;
    int turn_set, match_set, left_set;
    unsigned long long rule;
};

struct board {
    struct options opt;
    struct limits limits;
    uint32_t cols, rows; /* 0 until START or RECTSTART */
    uint8_t *cells;      /* rows x cols, row-major (index y * cols + x), enum field */
};

/* Sets up a cols x rows board (replacing any). NULL on success, else why not. */
const char *board_start(struct board *b, unsigned long cols, unsigned long rows);
/* Empties the board; the size stays. */
void board_clear(struct board *b);
/* Puts `field` on (x, y). NULL on success, else why not (the board is then unchanged). */
const char *board_put(struct board *b, unsigned long x, unsigned long y, enum field field);
/* Removes the stone on (x, y). NULL on success, else why not. */
const char *board_take_back(struct board *b, unsigned long x, unsigned long y);
/* Releases the cells. */
void board_free(struct board *b);

#endif /* PBRAIN_BOARD_H */
