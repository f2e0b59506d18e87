/* Plays the AI against itself through the C API and prints the game, for the Godot test to
 * compare with the plugin's game: `ai_game ROWS COLS K LEVEL SEED` prints one line per game,
 * "ROWS,COLS,K LEVEL SEED: r,c r,c ... | TEXT", the moves in order and the final text form.
 * Move i (from 0) is asked for with seed SEED + i. Exit status 1 on any error. */
#include <stdio.h>
#include <stdlib.h>

#include "tictactoe.h"

static int fail(const char *what, TttStatus status) {
    fprintf(stderr, "ai_game: %s: %s\n", what, ttt_status_str(status));
    return 1;
}

int main(int argc, char **argv) {
    if (argc != 6) {
        fprintf(stderr, "usage: ai_game ROWS COLS K LEVEL SEED\n");
        return 2;
    }
    uint32_t rows = (uint32_t)strtoul(argv[1], NULL, 10);
    uint32_t cols = (uint32_t)strtoul(argv[2], NULL, 10);
    uint32_t k = (uint32_t)strtoul(argv[3], NULL, 10);
    uint32_t level = (uint32_t)strtoul(argv[4], NULL, 10);
    uint64_t seed = strtoull(argv[5], NULL, 10);

    TttGame *game = NULL;
    TttStatus status = ttt_game_new(rows, cols, k, &game);
    if (status != TTT_OK) return fail("ttt_game_new", status);
    printf("%u,%u,%u %u %llu:", rows, cols, k, level, (unsigned long long)seed);
    for (uint64_t i = 0;; i++) {
        uint32_t to_move = 0;
        status = ttt_game_to_move(game, &to_move);
        if (status != TTT_OK) return fail("ttt_game_to_move", status);
        if (to_move == 0) break;
        uint32_t row = 0, col = 0;
        status = ttt_game_ai_move(game, level, seed + i, &row, &col);
        if (status != TTT_OK) return fail("ttt_game_ai_move", status);
        TttResult result;
        status = ttt_game_play(game, row, col, &result);
        if (status != TTT_OK) return fail("ttt_game_play", status);
        printf(" %u,%u", row, col);
    }
    size_t len = 0;
    status = ttt_game_to_text(game, NULL, 0, &len);
    if (status != TTT_OK && status != TTT_BUFFER_TOO_SMALL) return fail("ttt_game_to_text", status);
    char *text = malloc(len + 1);
    if (text == NULL) return fail("malloc", TTT_OUT_OF_MEMORY);
    status = ttt_game_to_text(game, text, len + 1, &len);
    if (status != TTT_OK) return fail("ttt_game_to_text", status);
    printf(" | %s\n", text);
    free(text);
    ttt_game_free(game);
    return 0;
}
