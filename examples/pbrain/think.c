/*
 * think.c — the brain's move (see think.h).
 *
 * The board is handed to the library as game text: the protocol speaks of own and opponent
 * stones, and the text names X (who started) and O, so the stone counts tell who started:
 * as many own stones as opponent ones means the brain started; one opponent stone more means
 * the opponent did. Cells marked 3 (a continuous game's old lines) are empty to the library
 * and never chosen.
 */
/* clock_gettime is POSIX, beyond C99. */
#define _POSIX_C_SOURCE 199309L

#include "think.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tictactoe.h"

/* With no timeout_turn from the manager, a move takes about this long. */
#define DEFAULT_TURN_MS 1000ULL
/* timeout_turn 0 means "as fast as possible": a short search still sees the tactics. */
#define FAST_TURN_MS 10ULL
/* A longer turn (a manager's "no limit" is often a huge number) is cut to this. */
#define MAX_TURN_MS 30000ULL
/* Of the match time left, a move takes at most this share: a game rarely needs more moves. */
#define MATCH_SHARE 20ULL

uint32_t think_budget_ms(const struct board *b) {
    const struct limits *l = &b->limits;
    if (b->opt.fixed_ms > 0) {
        return b->opt.fixed_ms;
    }
    unsigned long long turn = l->turn_set ? l->timeout_turn : DEFAULT_TURN_MS;
    /* The margin covers loading the board, the search's set-up and the pipes: a tenth of the
     * turn plus 20 ms, but never more than half of it. */
    unsigned long long margin = turn / 10 + 20;
    unsigned long long budget = turn == 0 ? FAST_TURN_MS : margin * 2 > turn ? turn / 2 : turn - margin;
    if (l->match_set && l->timeout_match > 0 && l->left_set) {
        unsigned long long share = l->time_left / MATCH_SHARE;
        if (share < budget) {
            budget = share;
        }
    }
    if (budget < 1) {
        budget = 1;
    }
    return (uint32_t)(budget > MAX_TURN_MS ? MAX_TURN_MS : budget);
}

/* The board as game text `rows,cols,k:BOARD:P` in a new buffer; NULL with `*error` set when
 * the stone counts do not alternate. */
static char *game_text(const struct board *b, const char **error) {
    size_t own = 0, opponent = 0, n = (size_t)b->cols * b->rows;
    for (size_t i = 0; i < n; i++) {
        own += b->cells[i] == FIELD_OWN;
        opponent += b->cells[i] == FIELD_OPPONENT;
    }
    char me;
    if (own == opponent) {
        me = 'X';
    } else if (opponent == own + 1) {
        me = 'O';
    } else {
        *error = "not the brain's turn: it needs as many stones as the opponent, or one fewer";
        return NULL;
    }
    char them = me == 'X' ? 'O' : 'X';
    size_t size = n + b->rows + 64;
    char *text = malloc(size);
    if (text == NULL) {
        *error = "out of memory";
        return NULL;
    }
    int len = snprintf(text, size, "%u,%u,%u:", (unsigned)b->rows, (unsigned)b->cols, (unsigned)b->opt.k);
    char *p = text + len;
    for (uint32_t y = 0; y < b->rows; y++) {
        for (uint32_t x = 0; x < b->cols; x++) {
            uint8_t f = b->cells[(size_t)y * b->cols + x];
            *p++ = f == FIELD_OWN ? me : f == FIELD_OPPONENT ? them : '.';
        }
        *p++ = y + 1 < b->rows ? '/' : ':';
    }
    *p++ = me;
    *p = '\0';
    return text;
}

/* Milliseconds on a monotonic clock. */
static uint64_t now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000 + (uint64_t)t.tv_nsec / 1000000;
}

/* Whether the exact solver may prove the position: small boards, or few empty cells left
 * (the limits of ttt_game_best_move). Elsewhere it would refuse at once anyway. */
static int solvable(const struct board *b) {
    uint64_t rows = b->rows, cols = b->cols, empty = 0;
    for (size_t i = 0; i < (size_t)(rows * cols); i++) {
        empty += b->cells[i] == FIELD_EMPTY;
    }
    return rows * (cols + 1) <= 64 || cols * (rows + 1) <= 64 || empty <= TTT_SOLVE_MAX_EMPTY;
}

/* The library's move for the side to move in `game`, by the options: a level; else the
 * exact solver, with half the time, where it may prove the position, and the search in the
 * time that is left. */
static TttStatus library_move(const struct board *b, const TttGame *game, uint64_t seed, uint32_t *row,
                              uint32_t *col) {
    if (b->opt.level >= 0) {
        return ttt_game_ai_move(game, (uint32_t)b->opt.level, seed, row, col);
    }
    uint64_t nodes = b->opt.nodes;
    /* --nodes alone is a node budget only, so the move is reproducible. */
    uint32_t ms = nodes > 0 && b->opt.fixed_ms == 0 ? 0 : think_budget_ms(b);
    if (solvable(b)) {
        uint64_t start = now_ms();
        int32_t score;
        TttStatus status = ttt_game_best_move_within(game, nodes, ms > 1 ? ms / 2 : ms, row, col, &score);
        if (status != TTT_TOO_HARD) {
            return status;
        }
        uint64_t spent = now_ms() - start;
        if (ms > 0) {
            ms = spent + 1 < ms ? (uint32_t)(ms - spent) : 1;
        }
    }
    return ttt_game_search(game, nodes, ms, seed, row, col);
}

/* The empty, unmarked cell nearest to (x, y), for a choice that fell on a marked cell. */
static int nearest_free(const struct board *b, uint32_t *x, uint32_t *y) {
    long best = -1;
    uint32_t bx = 0, by = 0;
    for (uint32_t j = 0; j < b->rows; j++) {
        for (uint32_t i = 0; i < b->cols; i++) {
            if (b->cells[(size_t)j * b->cols + i] != FIELD_EMPTY) {
                continue;
            }
            long dx = (long)i - (long)*x, dy = (long)j - (long)*y;
            long d = dx * dx + dy * dy;
            if (best < 0 || d < best) {
                best = d;
                bx = i;
                by = j;
            }
        }
    }
    *x = bx;
    *y = by;
    return best >= 0;
}

const char *think_move(struct board *b, uint32_t *x, uint32_t *y) {
    const char *error = NULL;
    if (b->cells == NULL) {
        return "no board yet: send START first";
    }
    char *text = game_text(b, &error);
    if (text == NULL) {
        return error;
    }
    TttGame *game = NULL;
    TttStatus status = ttt_game_from_text(text, strlen(text), &game);
    free(text);
    if (status != TTT_OK) {
        return status == TTT_UNREACHABLE_BOARD ? "no legal game reaches this board" : ttt_status_str(status);
    }
    size_t stones = 0;
    uint32_t row = 0, col = 0;
    ttt_game_move_count(game, &stones);
    status = library_move(b, game, b->opt.seed + stones, &row, &col);
    ttt_game_free(game);
    if (status != TTT_OK) {
        return status == TTT_GAME_OVER ? "the game is over" : ttt_status_str(status);
    }
    *x = col;
    *y = row;
    if (b->cells[(size_t)row * b->cols + col] != FIELD_EMPTY && !nearest_free(b, x, y)) {
        return "no free cell";
    }
    board_put(b, *x, *y, FIELD_OWN);
    return NULL;
}
