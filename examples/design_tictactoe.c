/*
 * "Design Tic-Tac-Toe": the exercise's example sequence on TicTacToe(3), move by move, then
 * the moves the exercise only forbids in words, which the library refuses with a status.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "check.h"
#include "tictactoe.h"

int main(void) {
    static const uint32_t script[][3] = {{0, 0, 1}, {0, 2, 2}, {2, 2, 1}, {1, 1, 2},
                                         {2, 0, 1}, {1, 0, 2}, {2, 1, 1}};
    TttGame *toe = NULL; /* owned here until ttt_game_free below */
    CHECK(ttt_tictactoe_new(3, &toe));
    printf("TicTacToe toe = TicTacToe(3)\n");
    for (size_t i = 0; i < sizeof script / sizeof script[0]; i++) {
        uint32_t winner;
        CHECK(ttt_game_move(toe, script[i][0], script[i][1], script[i][2], &winner));
        printf("toe.move(%u, %u, %u) -> %u\n", (unsigned)script[i][0], (unsigned)script[i][1],
               (unsigned)script[i][2], (unsigned)winner);
    }

    /* "Once a winning condition is reached, no more moves are allowed." */
    uint32_t winner = 0;
    TttStatus status = ttt_game_move(toe, 1, 2, 2, &winner);
    printf("toe.move(1, 2, 2) -> error: %s\n", ttt_status_str(status));

    /* The rules the exercise promises its caller keeps are checked too. */
    TttGame *fresh = NULL;
    CHECK(ttt_tictactoe_new(3, &fresh));
    CHECK(ttt_game_move(fresh, 1, 1, 1, &winner));
    status = ttt_game_move(fresh, 0, 0, 1, &winner);
    printf("fresh game: move(1, 1, 1), then move(0, 0, 1) -> error: %s\n", ttt_status_str(status));
    status = ttt_game_move(fresh, 1, 1, 2, &winner);
    printf("fresh game: move(1, 1, 2) -> error: %s\n", ttt_status_str(status));
    status = ttt_game_move(fresh, 3, 0, 2, &winner);
    printf("fresh game: move(3, 0, 2) -> error: %s\n", ttt_status_str(status));

    ttt_game_free(fresh);
    ttt_game_free(toe);
    return 0;
}
