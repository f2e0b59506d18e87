/* The seed algorithms in plain C; see plain.h for what each one is and why it is here. */
#include "plain.h"

#include <stdlib.h>

/* The eight lines of a 3 x 3 board, as cells row * 3 + col. */
static const uint8_t LINES3[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                                     {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};

struct PlainBoard3 {
    uint8_t cell[9];
};

PlainBoard3 *plain_board3_new(void) { return calloc(1, sizeof(PlainBoard3)); }

void plain_board3_free(PlainBoard3 *game) { free(game); }

uint32_t plain_board3_move(PlainBoard3 *game, uint32_t cell, uint32_t player) {
    game->cell[cell] = (uint8_t)player;
    for (int i = 0; i < 8; i++) {
        const uint8_t *l = LINES3[i];
        if (game->cell[l[0]] == player && game->cell[l[1]] == player && game->cell[l[2]] == player) {
            return player;
        }
    }
    return 0;
}

struct PlainCounters {
    int32_t n, diagonal, anti_diagonal;
    int32_t *rows, *cols;
};

PlainCounters *plain_counters_new(uint32_t n) {
    PlainCounters *game = calloc(1, sizeof *game);
    if (!game) {
        return NULL;
    }
    game->n = (int32_t)n;
    game->rows = calloc(n, sizeof(int32_t));
    game->cols = calloc(n, sizeof(int32_t));
    if (!game->rows || !game->cols) {
        plain_counters_free(game);
        return NULL;
    }
    return game;
}

void plain_counters_free(PlainCounters *game) {
    if (game) {
        free(game->rows);
        free(game->cols);
        free(game);
    }
}

uint32_t plain_counters_move(PlainCounters *game, uint32_t row, uint32_t col, uint32_t player) {
    int32_t add = player == 1 ? 1 : -1, n = game->n;
    game->rows[row] += add;
    game->cols[col] += add;
    if (row == col) {
        game->diagonal += add;
    }
    if ((int32_t)(row + col) == n - 1) {
        game->anti_diagonal += add;
    }
    if (abs(game->rows[row]) == n || abs(game->cols[col]) == n || abs(game->diagonal) == n ||
        abs(game->anti_diagonal) == n) {
        return player;
    }
    return 0;
}

struct PlainChecked {
    uint32_t n, first;
    uint8_t turn;     /* who may move next, bits 1 << player: both at first, none once over */
    uint8_t outcome;  /* 0 pending, 1 or 2 won, 3 draw */
    uint64_t *cells;  /* 2 bits per cell, 32 cells per word */
    int32_t *lines;   /* rows, columns, then the two diagonals: +1 per X, -1 per O */
    uint32_t *history; /* its length is also the stone count */
    size_t history_len, history_cap;
};

PlainChecked *plain_checked_new(uint32_t n) {
    PlainChecked *game = calloc(1, sizeof *game);
    if (!game) {
        return NULL;
    }
    game->n = n;
    game->first = 1;
    game->turn = 6;
    game->cells = calloc(((size_t)n * n + 31) / 32, sizeof(uint64_t));
    game->lines = calloc(2 * (size_t)n + 2, sizeof(int32_t));
    if (!game->cells || !game->lines) {
        plain_checked_free(game);
        return NULL;
    }
    return game;
}

void plain_checked_free(PlainChecked *game) {
    if (game) {
        free(game->cells);
        free(game->lines);
        free(game->history);
        free(game);
    }
}

/* Everything the quick path of plain_checked_move leaves: which error, or growing the history
 * (then -1: try again). */
static __attribute__((noinline, cold)) int checked_slow(PlainChecked *game, uint32_t row, uint32_t col,
                                                         uint32_t player, uint32_t *winner) {
    if (!game || !winner) {
        return 1;
    }
    if (player - 1 > 1) {
        return 2;
    }
    if (row >= game->n || col >= game->n) {
        return 3;
    }
    if (!((game->turn >> player) & 1)) {
        return game->outcome ? 6 : 5;
    }
    size_t cap = game->history_cap ? 2 * game->history_cap : 256;
    uint32_t *history = realloc(game->history, cap * sizeof *history);
    if (!history) {
        return 12;
    }
    game->history = history;
    game->history_cap = cap;
    return -1;
}

int plain_checked_move(PlainChecked *game, uint32_t row, uint32_t col, uint32_t player, uint32_t *winner) {
    while (!game || !winner || player - 1 > 1 || row >= game->n || col >= game->n ||
           !((game->turn >> player) & 1) || game->history_len == game->history_cap) {
        int status = checked_slow(game, row, col, player, winner);
        if (status >= 0) {
            return status;
        }
    }
    uint32_t n = game->n;
    size_t cell = (size_t)row * n + col;
    uint64_t *word = &game->cells[cell / 32];
    unsigned shift = 2 * (cell % 32);
    uint64_t w = *word;
    if ((w >> shift) & 3) {
        return 4;
    }
    *word = w | (uint64_t)player << shift;
    size_t placed = game->history_len;
    game->history[placed++] = (uint32_t)cell;
    game->history_len = placed;
    int32_t add = player == 1 ? 1 : -1, full = player == 1 ? (int32_t)n : -(int32_t)n;
    int32_t *lines = game->lines;
    int won = (lines[row] += add) == full;
    won |= (lines[n + col] += add) == full;
    if (__builtin_expect(row == col, 0)) {
        won |= (lines[2 * n] += add) == full;
    }
    if (__builtin_expect(row + col == n - 1, 0)) {
        won |= (lines[2 * n + 1] += add) == full;
    }
    if (__builtin_expect(placed == 1, 0)) {
        game->first = player;
    }
    game->turn = (uint8_t)(6 ^ (1u << player));
    if (__builtin_expect(won || placed == (uint64_t)n * n, 0)) {
        game->turn = 0;
        game->outcome = (uint8_t)(won ? player : 3);
    }
    *winner = won ? player : 0;
    return 0;
}

struct PlainRescan {
    int32_t n;
    uint8_t *cell;
};

PlainRescan *plain_rescan_new(uint32_t n) {
    PlainRescan *game = malloc(sizeof *game);
    if (!game) {
        return NULL;
    }
    game->n = (int32_t)n;
    game->cell = calloc((size_t)n * n, 1);
    if (!game->cell) {
        free(game);
        return NULL;
    }
    return game;
}

void plain_rescan_free(PlainRescan *game) {
    if (game) {
        free(game->cell);
        free(game);
    }
}

/* The longest run of `player` on the line through (row, col) in direction (dr, dc), walked
 * from the board edge behind (row, col) to the edge ahead of it. */
static int32_t longest_run(const PlainRescan *game, int32_t row, int32_t col, int32_t dr, int32_t dc,
                           uint8_t player) {
    int32_t n = game->n;
    while (row - dr >= 0 && row - dr < n && col - dc >= 0 && col - dc < n) {
        row -= dr;
        col -= dc;
    }
    int32_t run = 0, best = 0;
    for (; row >= 0 && row < n && col >= 0 && col < n; row += dr, col += dc) {
        run = game->cell[(size_t)row * n + col] == player ? run + 1 : 0;
        best = run > best ? run : best;
    }
    return best;
}

uint32_t plain_rescan_move(PlainRescan *game, uint32_t row, uint32_t col, uint32_t player) {
    static const int32_t DIRS[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
    game->cell[(size_t)row * game->n + col] = (uint8_t)player;
    for (int d = 0; d < 4; d++) {
        if (longest_run(game, (int32_t)row, (int32_t)col, DIRS[d][0], DIRS[d][1], (uint8_t)player) >= game->n) {
            return player;
        }
    }
    return 0;
}

uint32_t plain_judge3(const uint32_t *moves, size_t move_count) {
    /* tally[p][line]: player p's stones on rows 0-2, columns 3-5, diagonal 6, anti-diagonal 7 */
    uint8_t tally[2][8] = {{0}};
    for (size_t i = 0; i < move_count; i++) {
        uint32_t r = moves[2 * i], c = moves[2 * i + 1];
        uint8_t *t = tally[i % 2];
        t[r]++;
        t[3 + c]++;
        t[6] += r == c;
        t[7] += r + c == 2;
    }
    for (uint32_t p = 0; p < 2; p++) {
        for (int line = 0; line < 8; line++) {
            if (tally[p][line] == 3) {
                return p + 1;
            }
        }
    }
    return move_count == 9 ? 3 : 0;
}

/* Seed 001's countLine: how many of the eight lines hold three of `stone`. */
static int full_lines(const char board[9], char stone) {
    int lines = 0;
    for (int i = 0; i < 8; i++) {
        const uint8_t *l = LINES3[i];
        lines += board[l[0]] == stone && board[l[1]] == stone && board[l[2]] == stone;
    }
    return lines;
}

int plain_valid3(const char board[9]) {
    int x = 0, o = 0;
    for (int i = 0; i < 9; i++) {
        x += board[i] == 'X';
        o += board[i] == 'O';
    }
    if (x - o != 0 && x - o != 1) {
        return 0;
    }
    int x_lines = full_lines(board, 'X'), o_lines = full_lines(board, 'O');
    if (x_lines >= 1 && o_lines == 0) {
        return x - o == 1; /* X won: X moved last (two X lines can share the last stone) */
    }
    if (x_lines == 0 && o_lines == 1) {
        return x - o == 0; /* O won: O moved last */
    }
    return x_lines == 0 && o_lines == 0;
}
