/*
 * board.c — the brain's board (see board.h). The size is checked with the library itself, so
 * a board the library cannot play (k longer than both sides) is refused at START.
 */
#include "board.h"

#include <stdlib.h>
#include <string.h>

#include "tictactoe.h"

const char *board_start(struct board *b, unsigned long cols, unsigned long rows) {
    if (cols < 1 || rows < 1 || cols > BOARD_SIDE_MAX || rows > BOARD_SIDE_MAX) {
        return "unsupported size: each side must be 1 to 1024";
    }
    TttGame *probe = NULL;
    TttStatus status = ttt_game_new((uint32_t)rows, (uint32_t)cols, b->opt.k, &probe);
    if (status != TTT_OK) {
        return status == TTT_INVALID_ARGUMENT ? "unsupported size: the line length k is longer than the board"
                                              : ttt_status_str(status);
    }
    ttt_game_free(probe);
    uint8_t *cells = calloc((size_t)cols * rows, 1);
    if (cells == NULL) {
        return "out of memory";
    }
    free(b->cells);
    b->cells = cells;
    b->cols = (uint32_t)cols;
    b->rows = (uint32_t)rows;
    return NULL;
}

void board_clear(struct board *b) {
    if (b->cells != NULL) {
        memset(b->cells, FIELD_EMPTY, (size_t)b->cols * b->rows);
    }
}

/* The cell index of (x, y), or NULL with `*error` set when there is no such cell. */
static uint8_t *cell_at(struct board *b, unsigned long x, unsigned long y, const char **error) {
    if (b->cells == NULL) {
        *error = "no board yet: send START first";
        return NULL;
    }
    if (x >= b->cols || y >= b->rows) {
        *error = "coordinates outside the board";
        return NULL;
    }
    return &b->cells[(size_t)y * b->cols + x];
}

const char *board_put(struct board *b, unsigned long x, unsigned long y, enum field field) {
    const char *error = NULL;
    uint8_t *cell = cell_at(b, x, y, &error);
    if (cell == NULL) {
        return error;
    }
    if (*cell != FIELD_EMPTY) {
        return "that cell is taken";
    }
    *cell = (uint8_t)field;
    return NULL;
}

const char *board_take_back(struct board *b, unsigned long x, unsigned long y) {
    const char *error = NULL;
    uint8_t *cell = cell_at(b, x, y, &error);
    if (cell == NULL) {
        return error;
    }
    if (*cell == FIELD_EMPTY) {
        return "no stone there to take back";
    }
    *cell = FIELD_EMPTY;
    return NULL;
}

void board_free(struct board *b) {
    free(b->cells);
    b->cells = NULL;
    b->cols = b->rows = 0;
}
