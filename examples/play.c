/*
 * play.c: play an m,n,k-game against the tictactoe AI in the terminal.
 *
 *   play [ROWS COLS K] [--level N | --think MS] [--ai-first] [--self] [--seed N]
 *
 * Defaults: 3 3 3, level 4 (TTT_LEVEL_PERFECT: perfect where solvable, searched beyond),
 * you move first as X. Type a move as "row col" (counted from 0, as labelled on the board).
 * --think MS gives the AI a time budget per move instead of a level, as a game loop would:
 * the exact solve for half of it (ttt_game_best_move_within), and if that cannot finish, the
 * search for the rest (ttt_game_search). --self lets the AI play both sides (a demo). End of
 * input quits.
 * Uses only the public header.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tictactoe.h"

/* Exits with a message when a call that should not fail does. */
static void must(TttStatus status, const char *what) {
    if (status != TTT_OK) {
        fprintf(stderr, "play: %s failed: %s\n", what, ttt_status_str(status));
        exit(EXIT_FAILURE);
    }
}

/* Parses a whole string as a number in [min, max]; returns 0 on success. */
static int parse_number(const char *text, unsigned long min, unsigned long max, unsigned long *out) {
    char *end;
    unsigned long value;
    if (text[0] < '0' || text[0] > '9') {
        return -1;
    }
    errno = 0;
    value = strtoul(text, &end, 10);
    if (errno != 0 || *end != '\0' || value < min || value > max) {
        return -1;
    }
    *out = value;
    return 0;
}

/*
 * Reads the next number of a line at *pos (after blanks) into *out, which must be at most
 * UINT32_MAX; returns 0 on success and moves *pos past it.
 */
static int next_number(const char **pos, unsigned long *out) {
    const char *p = *pos;
    char *end;
    while (*p == ' ' || *p == '\t') {
        p++;
    }
    if (!isdigit((unsigned char)*p)) {
        return -1;
    }
    errno = 0;
    *out = strtoul(p, &end, 10);
    if (errno != 0 || *out > UINT32_MAX) {
        return -1;
    }
    *pos = end;
    return 0;
}

static void draw(const TttGame *game, uint32_t rows, uint32_t cols) {
    uint32_t r, c, stone;
    printf("    ");
    for (c = 0; c < cols; c++) {
        printf("%3u", (unsigned)c);
    }
    printf("\n");
    for (r = 0; r < rows; r++) {
        printf("%3u ", (unsigned)r);
        for (c = 0; c < cols; c++) {
            must(ttt_game_cell(game, r, c, &stone), "ttt_game_cell");
            printf("  %c", stone == 1 ? 'X' : stone == 2 ? 'O' : '.');
        }
        printf("\n");
    }
}

/*
 * Reads the human's move for the side to move. Returns 1 with a legal move played, 0 at end of
 * input. Anything else gets a message and a new prompt.
 */
static int human_move(TttGame *game, uint32_t player) {
    char line[256];
    for (;;) {
        unsigned long row, col;
        const char *pos = line;
        TttResult result;
        TttStatus status;
        printf("Your move (%c), row col: ", player == 1 ? 'X' : 'O');
        fflush(stdout);
        if (fgets(line, sizeof line, stdin) == NULL) {
            return 0;
        }
        if (strchr(line, '\n') == NULL && !feof(stdin)) {
            int ch; /* an over-long line: drop the rest of it */
            while ((ch = getchar()) != '\n' && ch != EOF) {
            }
            printf("That line is too long. Type a row and a column, e.g. \"1 2\".\n");
            continue;
        }
        if (next_number(&pos, &row) != 0 || next_number(&pos, &col) != 0 ||
            pos[strspn(pos, " \t\r\n")] != '\0') {
            printf("Please type a row and a column as two numbers, e.g. \"1 2\".\n");
            continue;
        }
        status = ttt_game_play(game, (uint32_t)row, (uint32_t)col, &result);
        if (status == TTT_OK) {
            printf("You (%c) play %lu %lu\n", player == 1 ? 'X' : 'O', row, col);
            return 1;
        }
        printf("Can't play %lu %lu: %s. Try again.\n", row, col, ttt_status_str(status));
    }
}

static void ai_move(TttGame *game, uint32_t level, uint64_t seed, uint32_t player) {
    uint32_t row, col;
    TttResult result;
    must(ttt_game_ai_move(game, level, seed, &row, &col), "ttt_game_ai_move");
    must(ttt_game_play(game, row, col, &result), "ttt_game_play");
    printf("AI (%c) plays %u %u\n", player == 1 ? 'X' : 'O', (unsigned)row, (unsigned)col);
}

/* The AI's move within about `millis` ms: solved exactly if half the time suffices (then it
 * says what the position is worth), else the best the search finds in the other half. */
static void ai_think(TttGame *game, uint32_t millis, uint64_t seed, uint32_t player) {
    uint32_t row, col, solve_millis = millis / 2 > 0 ? millis / 2 : 1;
    int32_t score;
    TttResult result;
    TttStatus status = ttt_game_best_move_within(game, 0, solve_millis, &row, &col, &score);
    if (status == TTT_TOO_HARD) {
        uint32_t rest = millis - solve_millis > 0 ? millis - solve_millis : 1;
        must(ttt_game_search(game, 0, rest, seed, &row, &col), "ttt_game_search");
    } else {
        must(status, "ttt_game_best_move_within");
    }
    must(ttt_game_play(game, row, col, &result), "ttt_game_play");
    printf("AI (%c) plays %u %u", player == 1 ? 'X' : 'O', (unsigned)row, (unsigned)col);
    if (status == TTT_TOO_HARD) {
        printf(" (searched)\n");
    } else if (score == 0) {
        printf(" (solved: a draw)\n");
    } else {
        printf(" (solved: %s in %d)\n", score > 0 ? "wins" : "loses", score > 0 ? score : -score);
    }
}

static int usage(void) {
    fprintf(stderr, "usage: play [ROWS COLS K] [--level 0-4 | --think MS] [--ai-first] [--self] [--seed N]\n");
    return 2;
}

int main(int argc, char **argv) {
    unsigned long dims[3] = {3, 3, 3}, level = TTT_LEVEL_PERFECT, seed = 1, think = 0, n;
    int ai_first = 0, self = 0, ndims = 0, i;
    uint32_t human = 1, player = 1;
    size_t moves = 0;
    TttGame *game = NULL;
    TttResult result = TTT_PENDING;
    TttStatus status;

    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--ai-first") == 0) {
            ai_first = 1;
        } else if (strcmp(argv[i], "--self") == 0) {
            self = 1;
        } else if (strcmp(argv[i], "--level") == 0 && i + 1 < argc) {
            if (parse_number(argv[++i], 0, TTT_LEVEL_PERFECT, &level) != 0) {
                return usage();
            }
        } else if (strcmp(argv[i], "--think") == 0 && i + 1 < argc) {
            if (parse_number(argv[++i], 1, UINT32_MAX, &think) != 0) {
                return usage();
            }
        } else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc) {
            if (parse_number(argv[++i], 0, ULONG_MAX, &seed) != 0) {
                return usage();
            }
        } else if (ndims < 3 && parse_number(argv[i], 1, UINT32_MAX, &n) == 0) {
            dims[ndims++] = n;
        } else {
            return usage();
        }
    }
    if (ndims != 0 && ndims != 3) {
        return usage();
    }
    status = ttt_game_new((uint32_t)dims[0], (uint32_t)dims[1], (uint32_t)dims[2], &game);
    if (status != TTT_OK) {
        fprintf(stderr, "play: cannot make a %lu x %lu board with k = %lu: %s\n", dims[0], dims[1], dims[2],
                ttt_status_str(status));
        return 2;
    }
    if (ai_first) {
        human = 2;
    }
    printf("%lu x %lu, %lu in a row wins. ", dims[0], dims[1], dims[2]);
    if (think) {
        printf("AI thinks %lu ms a move. ", think);
    } else {
        printf("AI level %lu. ", level);
    }
    printf("%s\n", self ? "The AI plays itself." : human == 1 ? "You are X and move first." : "You are O; the AI moves first.");
    draw(game, (uint32_t)dims[0], (uint32_t)dims[1]);
    while (result == TTT_PENDING) {
        must(ttt_game_to_move(game, &player), "ttt_game_to_move");
        if (!self && player == human) {
            if (!human_move(game, player)) {
                printf("\nEnd of input: bye.\n");
                ttt_game_free(game);
                return 0;
            }
        } else {
            if (think) {
                ai_think(game, (uint32_t)think, (uint64_t)seed + moves, player);
            } else {
                ai_move(game, (uint32_t)level, (uint64_t)seed + moves, player);
            }
        }
        moves++;
        draw(game, (uint32_t)dims[0], (uint32_t)dims[1]);
        must(ttt_game_result(game, &result), "ttt_game_result");
    }
    if (result == TTT_DRAW) {
        printf("Draw.\n");
    } else if (self) {
        printf("%c wins.\n", result == TTT_A_WINS ? 'X' : 'O');
    } else {
        printf("%s\n", (result == TTT_A_WINS) == (human == 1) ? "You win!" : "The AI wins.");
    }
    ttt_game_free(game);
    return 0;
}
