/*
 * Batched self-play: 1000 tic-tac-toe games stepped together. Each game plays its first empty
 * cell (so X takes 0, 2, 4, 6 and wins on the diagonal at the 7th step, in every game at once,
 * which auto-resets them); an illegal action in one game is refused with no game changed; the
 * observation planes are read from the side to move's view; then random self-play on two
 * threads.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "tictactoe.h"

enum { COUNT = 1000, CELLS = 9 };

static void print_plane(const uint8_t *plane) {
    for (int c = 0; c < CELLS; c++) {
        putchar(plane[c] ? '1' : '0');
    }
}

int main(void) {
    TttBatch *batch = NULL;
    CHECK(ttt_batch_new(3, 3, 3, COUNT, 7, &batch));
    uint8_t *mask = malloc(COUNT * CELLS), *planes = malloc(COUNT * 2 * CELLS), *results = malloc(COUNT);
    uint32_t *actions = malloc(COUNT * sizeof *actions);
    if (!mask || !planes || !results || !actions) {
        fprintf(stderr, "out of memory\n");
        return EXIT_FAILURE;
    }

    printf("%d games of 3 x 3, each playing its first empty cell:\n", COUNT);
    for (int step = 1; step <= 7; step++) {
        CHECK(ttt_batch_legal_mask(batch, mask, COUNT * CELLS));
        for (size_t g = 0; g < COUNT; g++) {
            uint32_t c = 0;
            while (!mask[g * CELLS + c]) {
                c++;
            }
            actions[g] = c;
        }
        CHECK(ttt_batch_step(batch, actions, COUNT, results, NULL));
        size_t ended[4] = {0, 0, 0, 0};
        for (size_t g = 0; g < COUNT; g++) {
            ended[results[g]]++;
        }
        printf("step %d: %s ", step, ttt_result_str(results[0]));
        printf("(A won %zu, B won %zu, drawn %zu)\n", ended[TTT_A_WINS], ended[TTT_B_WINS], ended[TTT_DRAW]);
        if (step == 1) {
            CHECK(ttt_batch_observe(batch, planes, COUNT * 2 * CELLS));
            printf("  game 0 as O sees it: its stones ");
            print_plane(planes);
            printf(", X's ");
            print_plane(planes + CELLS);
            printf("\n");
        }
    }

    /* Every game is empty again; one action off the board refuses the whole step. */
    for (size_t g = 0; g < COUNT; g++) {
        actions[g] = 4;
    }
    actions[500] = 9;
    size_t bad = 0;
    TttStatus status = ttt_batch_step(batch, actions, COUNT, results, &bad);
    CHECK(ttt_batch_legal_mask(batch, mask, COUNT * CELLS));
    size_t empty = 0;
    for (size_t i = 0; i < COUNT * CELLS; i++) {
        empty += mask[i];
    }
    printf("cell 9 in game 500: \"%s\" at game %zu; empty cells still %zu\n", ttt_status_str(status), bad, empty);

    /* Random self-play on two threads: 100 moves in every game. A game lasts 5 to 9 moves, so
       each of the 1000 lanes ends between 11 and 20 games. */
    TttBatchStats stats = {0, 0, 0, 0};
    CHECK(ttt_batch_random_moves(batch, 100, 2, &stats));
    uint64_t games = stats.a_wins + stats.b_wins + stats.draws;
    printf("random self-play: %llu moves, between 11000 and 20000 games ended: %s\n",
           (unsigned long long)stats.moves, games >= 11000 && games <= 20000 ? "yes" : "no");

    TttGame *game = NULL;
    CHECK(ttt_batch_game(batch, 999, &game));
    TttResult result;
    CHECK(ttt_game_result(game, &result));
    printf("game 999 copied out: %s\n", ttt_result_str(result));

    ttt_game_free(game);
    ttt_batch_free(batch);
    free(mask);
    free(planes);
    free(results);
    free(actions);
    return 0;
}
