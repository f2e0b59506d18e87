/*
 * A tour of the game object: a short tic-tac-toe game drawn in the terminal, its result and
 * winning line, a refused move, undo and redo, the legal moves, a save to text and a load that
 * continues the game, a clone, and a gomoku win on 15 x 15.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "tictactoe.h"

static const char STONE[] = ".XO"; /* cell value 0, 1, 2 */

static void *checked_malloc(size_t size) {
    void *p = malloc(size ? size : 1);
    if (!p) {
        fprintf(stderr, "out of memory\n");
        exit(EXIT_FAILURE);
    }
    return p;
}

/* Draws the board, one row per line, using the two-call buffer protocol: ask for the size
   with capacity 0, then fetch into a buffer of that size. */
static void print_board(const TttGame *game) {
    uint32_t rows, cols, k;
    size_t count;
    CHECK(ttt_game_size(game, &rows, &cols, &k));
    if (ttt_game_cells(game, NULL, 0, &count) != TTT_BUFFER_TOO_SMALL) {
        fprintf(stderr, "ttt_game_cells did not report the board size\n");
        exit(EXIT_FAILURE);
    }
    uint8_t *cells = checked_malloc(count);
    CHECK(ttt_game_cells(game, cells, count, &count));
    for (uint32_t r = 0; r < rows; r++) {
        for (uint32_t c = 0; c < cols; c++) {
            printf("%s%c", c ? " " : "", STONE[cells[(size_t)r * cols + c]]);
        }
        printf("\n");
    }
    free(cells);
}

/* The functions that list cells (row * cols + col) share one signature and one protocol. */
typedef TttStatus (*CellList)(const TttGame *, uint32_t *, size_t, size_t *);

/* Prints the cells `list` reports as (row,col) pairs, from the lower cell index up: the
   winning line is reported end to end, and this keeps the output independent of which end. */
static void print_cells(const char *label, CellList list, const TttGame *game) {
    uint32_t rows, cols, k;
    size_t n;
    CHECK(ttt_game_size(game, &rows, &cols, &k));
    TttStatus status = list(game, NULL, 0, &n); /* capacity 0: learn the count */
    if (status != TTT_OK && status != TTT_BUFFER_TOO_SMALL) {
        CHECK(status);
    }
    uint32_t *cells = checked_malloc(n * sizeof *cells);
    CHECK(list(game, cells, n, &n));
    int reversed = n > 1 && cells[0] > cells[n - 1];
    printf("%s:", label);
    for (size_t i = 0; i < n; i++) {
        uint32_t cell = cells[reversed ? n - 1 - i : i];
        printf(" (%u,%u)", (unsigned)(cell / cols), (unsigned)(cell % cols));
    }
    printf("\n");
    free(cells);
}

static void print_status(const TttGame *game) {
    TttResult result;
    uint32_t to_move;
    size_t stones;
    CHECK(ttt_game_result(game, &result));
    CHECK(ttt_game_to_move(game, &to_move));
    CHECK(ttt_game_move_count(game, &stones));
    printf("result: %s, %zu stones", ttt_result_str(result), stones);
    if (to_move) {
        printf(", %c to move", STONE[to_move]);
    }
    printf("\n");
}

/* The side to move plays (row, col). */
static void play(TttGame *game, uint32_t row, uint32_t col) {
    uint32_t player;
    TttResult result;
    CHECK(ttt_game_to_move(game, &player));
    CHECK(ttt_game_play(game, row, col, &result));
    printf("%c plays (%u,%u)\n", STONE[player], (unsigned)row, (unsigned)col);
}

/* Returns the game's text form in a malloc'd string the caller frees. */
static char *to_text(const TttGame *game) {
    size_t len;
    if (ttt_game_to_text(game, NULL, 0, &len) != TTT_BUFFER_TOO_SMALL) {
        fprintf(stderr, "ttt_game_to_text did not report the length\n");
        exit(EXIT_FAILURE);
    }
    char *text = checked_malloc(len + 1); /* + 1 for the NUL the library writes */
    CHECK(ttt_game_to_text(game, text, len + 1, &len));
    return text;
}

static void tictactoe(void) {
    static const uint32_t moves[][2] = {{1, 1}, {0, 1}, {0, 0}, {2, 2}, {2, 0}, {1, 0}, {0, 2}};
    TttGame *game = NULL;
    CHECK(ttt_game_new(3, 3, 3, &game));
    printf("Tic-tac-toe: 3 x 3, three in a row wins\n");
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) {
        play(game, moves[i][0], moves[i][1]);
    }
    print_board(game);
    print_status(game);
    print_cells("winning line", ttt_game_winning_line, game);

    TttResult result;
    TttStatus status = ttt_game_play(game, 2, 1, &result);
    printf("(2,1) -> error: %s\n", ttt_status_str(status));

    CHECK(ttt_game_undo(game));
    printf("undo\n");
    print_board(game);
    print_status(game);
    print_cells("legal moves", ttt_game_legal_moves, game);

    /* The text form keeps whose turn it is, so a loaded game carries on where it stopped. */
    char *saved = to_text(game);
    printf("saved: %s\n", saved);
    TttGame *loaded = NULL;
    CHECK(ttt_game_from_text(saved, strlen(saved), &loaded));
    free(saved);
    printf("loaded: ");
    print_status(loaded);
    play(loaded, 0, 2);

    CHECK(ttt_game_redo(game));
    printf("redo on the original\n");
    char *original = to_text(game), *continued = to_text(loaded);
    printf("original:  %s\ncontinued: %s\n", original, continued);
    free(original);
    free(continued);

    /* A clone is independent: resetting it leaves the original as it was. */
    TttGame *copy = NULL;
    CHECK(ttt_game_clone(game, &copy));
    CHECK(ttt_game_reset(copy));
    printf("clone, reset: ");
    print_status(copy);
    printf("original: ");
    print_status(game);

    ttt_game_free(copy);
    ttt_game_free(loaded);
    ttt_game_free(game);
}

static void gomoku(void) {
    /* (row, col, player): X builds a diagonal, O a parallel one a step behind. */
    static const uint32_t moves[][3] = {{3, 3, 1}, {3, 4, 2}, {4, 4, 1}, {4, 5, 2}, {5, 5, 1},
                                        {5, 6, 2}, {6, 6, 1}, {6, 7, 2}, {7, 7, 1}};
    TttGame *game = NULL;
    CHECK(ttt_game_new(15, 15, 5, &game));
    printf("Gomoku: 15 x 15, five in a row wins\n");
    uint32_t winner = 0;
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) {
        CHECK(ttt_game_move(game, moves[i][0], moves[i][1], moves[i][2], &winner));
    }
    print_board(game);
    printf("winner: player %u\n", (unsigned)winner);
    print_cells("winning line", ttt_game_winning_line, game);
    ttt_game_free(game);
}

int main(void) {
    printf("tictactoe %s\n\n", ttt_version());
    tictactoe();
    printf("\n");
    gomoku();
    return 0;
}
