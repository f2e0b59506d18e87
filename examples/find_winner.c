/*
 * "Find Winner on a Tic Tac Toe Game": the four examples of the exercise, then the same
 * question on a gomoku board, then a move list the library rejects (and says which move).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "check.h"
#include "tictactoe.h"

/* Prints a flat move list (row0, col0, row1, col1, ...) the way the exercise writes it. */
static void print_moves(const uint32_t *moves, size_t move_count) {
    printf("moves = [");
    for (size_t i = 0; i < move_count; i++) {
        printf("%s[%u,%u]", i ? "," : "", (unsigned)moves[2 * i], (unsigned)moves[2 * i + 1]);
    }
    printf("]");
}

int main(void) {
    static const uint32_t ex1[] = {0, 0, 2, 0, 1, 1, 2, 1, 2, 2};
    static const uint32_t ex2[] = {0, 0, 1, 1, 0, 1, 0, 2, 1, 0, 2, 0};
    static const uint32_t ex3[] = {0, 0, 1, 1, 2, 0, 1, 0, 1, 2, 2, 1, 0, 1, 0, 2, 2, 2};
    static const uint32_t ex4[] = {0, 0, 1, 1};
    static const struct {
        const uint32_t *moves;
        size_t count; /* moves, not numbers: each move is a (row, col) pair */
    } examples[] = {{ex1, 5}, {ex2, 6}, {ex3, 9}, {ex4, 2}};

    printf("Find Winner, 3 x 3, A moves first:\n");
    for (size_t i = 0; i < sizeof examples / sizeof examples[0]; i++) {
        const char *answer = NULL; /* static string owned by the library: never freed */
        CHECK(ttt_find_winner(examples[i].moves, examples[i].count, &answer));
        print_moves(examples[i].moves, examples[i].count);
        printf(" -> %s\n", answer);
    }

    /* The general form: any rows, cols and k. Here A gets five in a row across row 7. */
    static const uint32_t gomoku[] = {7, 7, 0, 0, 7, 8, 0, 1, 7, 9, 0, 2, 7, 10, 0, 3, 7, 11};
    TttResult result;
    CHECK(ttt_judge(gomoku, 9, 15, 15, 5, &result));
    printf("Find Winner, 15 x 15, five in a row:\n");
    print_moves(gomoku, 9);
    printf(" -> %s\n", ttt_result_str(result));

    /* A list that breaks the rules is an error, not an answer; ttt_judge_ex names the move. */
    static const uint32_t bad[] = {1, 1, 0, 0, 1, 1};
    size_t bad_index = 0;
    TttStatus status = ttt_judge_ex(bad, 3, 3, 3, 3, &result, &bad_index);
    printf("A rejected list:\n");
    print_moves(bad, 3);
    if (status == TTT_CELL_OCCUPIED) {
        printf(" -> error \"%s\" at move %zu\n", ttt_status_str(status), bad_index);
    } else {
        fprintf(stderr, "expected TTT_CELL_OCCUPIED, got %s\n", ttt_status_str(status));
        return 1;
    }
    return 0;
}
