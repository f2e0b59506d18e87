/*
 * "Valid Tic-Tac-Toe State": the three examples of the exercise as arrays of row strings
 * (ttt_validate_rows, the exercise's own shape), then boards in the library's general text
 * form (ttt_validate) that show the other reasons a board can be unreachable.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "tictactoe.h"

static void print_verdict(TttVerdict verdict) {
    if (verdict == TTT_VALID) {
        printf(" -> true\n");
    } else {
        printf(" -> false: %s\n", ttt_verdict_str(verdict));
    }
}

int main(void) {
    static const char *const ex1[] = {"O  ", "   ", "   "};
    static const char *const ex2[] = {"XOX", " X ", "   "};
    static const char *const ex3[] = {"XOX", "O O", "XOX"};
    static const char *const *const examples[] = {ex1, ex2, ex3};

    printf("Valid Tic-Tac-Toe State, 3 x 3:\n");
    for (size_t i = 0; i < sizeof examples / sizeof examples[0]; i++) {
        const char *const *rows = examples[i];
        TttVerdict verdict;
        /* k = 0: k is the side of the square board, as in the exercise. */
        CHECK(ttt_validate_rows(rows, 3, 0, &verdict));
        printf("board = [\"%s\",\"%s\",\"%s\"]", rows[0], rows[1], rows[2]);
        print_verdict(verdict);
    }

    static const struct {
        const char *board; /* rows separated by '/', '.' for empty */
        unsigned rows, cols, k;
    } general[] = {
        {"XXX/OOX/OOX", 3, 3, 3},            /* two X lines through X's last move */
        {"XXX/OOO/...", 3, 3, 3},            /* the game ended before the second line */
        {"XXX../O.O.O/.O.O./...../XXX..", 5, 5, 3}, /* no single last move made both */
    };
    printf("General boards:\n");
    for (size_t i = 0; i < sizeof general / sizeof general[0]; i++) {
        TttVerdict verdict;
        CHECK(ttt_validate(general[i].board, strlen(general[i].board), general[i].rows, general[i].cols,
                           general[i].k, &verdict));
        printf("%u x %u, k = %u, board = %s", general[i].rows, general[i].cols, general[i].k, general[i].board);
        print_verdict(verdict);
    }
    return 0;
}
