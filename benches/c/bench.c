/*
 * bench.c — the library's C ABI timed side by side with the seed exercises' algorithms in
 * plain C (plain.c), on the same inputs from a fixed-seed generator, in one run. Prints the
 * best of REPEATS runs in ns per operation and the ratio library / plain against the target
 * of the library. Built and run by benches/run.sh.
 *
 * Usage: bench [SCALE]. SCALE (default 1) multiplies every operation count; the test suite
 * runs a tiny SCALE only to exercise the cross-checks: each pair must compute the same
 * outcomes (equal checksums), else the program fails, so a fast but wrong baseline, or a
 * library call that silently fails, cannot produce a number.
 */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "plain.h"
#include "tictactoe.h"

enum { REPEATS = 5, PERMS3 = 4096, LISTS3 = 4096, BOARDS3 = 19683, BIG = 1000 };

static double scale = 1.0;

static void fail(const char *what) {
    fprintf(stderr, "bench: %s\n", what);
    exit(EXIT_FAILURE);
}

static void must(TttStatus status) {
    if (status != TTT_OK) {
        fail(ttt_status_str(status));
    }
}

static void *must_alloc(void *p) {
    if (!p) {
        fail("out of memory");
    }
    return p;
}

/* xorshift64*, fixed seed: every run plays the same games. */
static uint64_t rng = 0x9E3779B97F4A7C15u;
static uint32_t rng_below(uint32_t n) {
    rng ^= rng >> 12;
    rng ^= rng << 25;
    rng ^= rng >> 27;
    return (uint32_t)(((rng * 0x2545F4914F6CDD1Du) >> 32) % n);
}

static void shuffle(uint32_t *cells, uint32_t n) {
    for (uint32_t i = 0; i < n; i++) {
        cells[i] = i;
    }
    for (uint32_t i = n - 1; i > 0; i--) {
        uint32_t j = rng_below(i + 1), t = cells[i];
        cells[i] = cells[j];
        cells[j] = t;
    }
}

static double now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

/* ---- inputs, made once before any timing ---- */

static uint32_t perms3[PERMS3][9];    /* random 3 x 3 games: cells in the order played */
static uint32_t lists3[LISTS3][18];   /* "Find Winner" move lists: row0, col0, row1, ... */
static size_t lists3_len[LISTS3];     /* moves in each list, 1..9, never past the game's end */
static char reached3[LISTS3][9];      /* the board each list leads to */
static char all3[BOARDS3][9];         /* every 3 x 3 board, shuffled */
static uint32_t *big_order;           /* every cell of the big board, shuffled */

static void make_inputs(void) {
    for (size_t g = 0; g < PERMS3; g++) {
        shuffle(perms3[g], 9);
    }
    for (size_t i = 0; i < LISTS3; i++) {
        /* Play a random game to its end, then keep a random non-empty prefix. */
        uint32_t order[9], end = 0, winner = 0;
        shuffle(order, 9);
        PlainBoard3 *b = must_alloc(plain_board3_new());
        while (end < 9 && !winner) {
            winner = plain_board3_move(b, order[end], 1 + end % 2);
            end++;
        }
        plain_board3_free(b);
        lists3_len[i] = 1 + rng_below(end);
        for (size_t m = 0; m < 9; m++) {
            reached3[i][m] = ' ';
        }
        for (size_t m = 0; m < lists3_len[i]; m++) {
            lists3[i][2 * m] = order[m] / 3;
            lists3[i][2 * m + 1] = order[m] % 3;
            reached3[i][order[m]] = m % 2 ? 'O' : 'X';
        }
    }
    uint32_t order[BOARDS3];
    shuffle(order, BOARDS3);
    for (size_t i = 0; i < BOARDS3; i++) {
        for (uint32_t c = 0, v = order[i]; c < 9; c++, v /= 3) {
            all3[i][c] = " XO"[v % 3];
        }
    }
    big_order = must_alloc(malloc(sizeof(uint32_t) * BIG * BIG));
    shuffle(big_order, BIG * BIG);
}

/* ---- the timed work: each returns a checksum of what it computed and adds its hot loop's
   time to *ns; setup that is not the operation measured stays outside the clock ---- */

typedef uint64_t (*Work)(size_t ops, double *ns);

static uint64_t lib_games3(size_t games, double *ns) {
    uint64_t sum = 0;
    double t0 = now_ns();
    for (size_t i = 0; i < games; i++) {
        const uint32_t *order = perms3[i % PERMS3];
        TttGame *game;
        uint32_t winner = 0, n = 0;
        must(ttt_game_new(3, 3, 3, &game));
        while (n < 9 && !winner) {
            must(ttt_game_move(game, order[n] / 3, order[n] % 3, 1 + n % 2, &winner));
            n++;
        }
        ttt_game_free(game);
        sum += winner * 16 + n;
    }
    *ns += now_ns() - t0;
    return sum;
}

static uint64_t plain_games3(size_t games, double *ns) {
    uint64_t sum = 0;
    double t0 = now_ns();
    for (size_t i = 0; i < games; i++) {
        const uint32_t *order = perms3[i % PERMS3];
        PlainBoard3 *game = must_alloc(plain_board3_new());
        uint32_t winner = 0, n = 0;
        while (n < 9 && !winner) {
            winner = plain_board3_move(game, order[n], 1 + n % 2);
            n++;
        }
        plain_board3_free(game);
        sum += winner * 16 + n;
    }
    *ns += now_ns() - t0;
    return sum;
}

/* On the big board the operation is one move; creating the board is not timed. */
static uint64_t lib_big(size_t moves, double *ns) {
    TttGame *game;
    uint64_t sum = 0;
    must(ttt_game_new(BIG, BIG, BIG, &game));
    double t0 = now_ns();
    for (size_t i = 0; i < moves; i++) {
        uint32_t winner;
        must(ttt_game_move(game, big_order[i] / BIG, big_order[i] % BIG, 1 + i % 2, &winner));
        sum += winner;
    }
    *ns += now_ns() - t0;
    ttt_game_free(game);
    return sum;
}

static uint64_t counters_big(size_t moves, double *ns) {
    PlainCounters *game = must_alloc(plain_counters_new(BIG));
    uint64_t sum = 0;
    double t0 = now_ns();
    for (size_t i = 0; i < moves; i++) {
        sum += plain_counters_move(game, big_order[i] / BIG, big_order[i] % BIG, 1 + i % 2);
    }
    *ns += now_ns() - t0;
    plain_counters_free(game);
    return sum;
}

static uint64_t checked_big(size_t moves, double *ns) {
    PlainChecked *game = must_alloc(plain_checked_new(BIG));
    uint64_t sum = 0;
    double t0 = now_ns();
    for (size_t i = 0; i < moves; i++) {
        uint32_t winner;
        if (plain_checked_move(game, big_order[i] / BIG, big_order[i] % BIG, 1 + i % 2, &winner)) {
            fail("bench: plain_checked_move rejected a legal move");
        }
        sum += winner;
    }
    *ns += now_ns() - t0;
    plain_checked_free(game);
    return sum;
}

static uint64_t rescan_big(size_t moves, double *ns) {
    PlainRescan *game = must_alloc(plain_rescan_new(BIG));
    uint64_t sum = 0;
    double t0 = now_ns();
    for (size_t i = 0; i < moves; i++) {
        sum += plain_rescan_move(game, big_order[i] / BIG, big_order[i] % BIG, 1 + i % 2);
    }
    *ns += now_ns() - t0;
    plain_rescan_free(game);
    return sum;
}

static uint64_t lib_judge(size_t lists, double *ns) {
    uint64_t sum = 0;
    double t0 = now_ns();
    for (size_t i = 0; i < lists; i++) {
        TttResult result;
        must(ttt_judge(lists3[i % LISTS3], lists3_len[i % LISTS3], 3, 3, 3, &result));
        sum = sum * 31 + result;
    }
    *ns += now_ns() - t0;
    return sum;
}

static uint64_t plain_judge(size_t lists, double *ns) {
    uint64_t sum = 0;
    double t0 = now_ns();
    for (size_t i = 0; i < lists; i++) {
        sum = sum * 31 + plain_judge3(lists3[i % LISTS3], lists3_len[i % LISTS3]);
    }
    *ns += now_ns() - t0;
    return sum;
}

/* The board set the validate pair works on: every board, or the reachable ones. */
static char (*boards)[9];
static size_t board_count;

static uint64_t lib_validate(size_t checks, double *ns) {
    uint64_t sum = 0;
    double t0 = now_ns();
    for (size_t i = 0; i < checks; i++) {
        TttVerdict verdict;
        must(ttt_validate(boards[i % board_count], 9, 3, 3, 3, &verdict));
        sum = sum * 31 + (verdict == TTT_VALID);
    }
    *ns += now_ns() - t0;
    return sum;
}

static uint64_t plain_validate(size_t checks, double *ns) {
    uint64_t sum = 0;
    double t0 = now_ns();
    for (size_t i = 0; i < checks; i++) {
        sum = sum * 31 + (uint64_t)plain_valid3(boards[i % board_count]);
    }
    *ns += now_ns() - t0;
    return sum;
}

/* ---- measuring and reporting ---- */

/* One run of `work`: keeps the best time per operation so far in *best, and checks that the
   run computed the same checksum as the runs before it. */
static void measure(Work work, size_t ops, int run, double *best, uint64_t *checksum) {
    double ns = 0;
    uint64_t sum = work(ops, &ns);
    if (run > 0 && sum != *checksum) {
        fail("a run computed something different from the run before");
    }
    *checksum = sum;
    ns /= (double)ops;
    *best = (run == 0 || ns < *best) ? ns : *best;
}

static size_t scaled(double ops, size_t most) {
    size_t n = (size_t)(ops * scale);
    return n < 1 ? 1 : n > most ? most : n;
}

/* Times the pair and prints one row; `target` bounds the ratio library / plain. When both do
   the same number of operations they must compute the same checksum. */
static void row(const char *name, Work lib, Work plain, size_t lib_ops, size_t plain_ops, double target) {
    uint64_t lib_sum = 0, plain_sum = 0;
    double lib_ns = 0, plain_ns = 0;
    /* Alternating the two spreads any change in the machine's load over both. */
    for (int run = 0; run < REPEATS; run++) {
        measure(lib, lib_ops, run, &lib_ns, &lib_sum);
        measure(plain, plain_ops, run, &plain_ns, &plain_sum);
    }
    if (lib_ops == plain_ops && lib_sum != plain_sum) {
        fprintf(stderr, "bench: %s: library and plain C disagree\n", name);
        exit(EXIT_FAILURE);
    }
    double ratio = lib_ns / plain_ns;
    if (target > 0) {
        printf("%-44s %10.1f %10.1f %8.3f   <= %-5g %s\n", name, lib_ns, plain_ns, ratio, target,
               ratio <= target ? "met" : "MISSED");
    } else {
        printf("%-44s %10.1f %10.1f %8.3f   (reference)\n", name, lib_ns, plain_ns, ratio);
    }
}

int main(int argc, char **argv) {
    if (argc > 1 && (scale = atof(argv[1])) <= 0) {
        fail("usage: bench [SCALE > 0]");
    }
    make_inputs();
    printf("tictactoe %s through the C ABI vs plain C seed algorithms; ns per operation, best of %d\n\n",
           ttt_version(), REPEATS);
    printf("%-44s %10s %10s %8s   %s\n", "operation (library vs plain C)", "library", "plain C", "ratio", "target");

    row("3x3 random game: new, moves, free / rescan", lib_games3, plain_games3, scaled(1e6, SIZE_MAX),
        scaled(1e6, SIZE_MAX), 1.0);

    /* The library and the counters play every cell (the last move draws); the rescan, a few
       hundred times slower per move, plays the first moves of the same order. */
    size_t big_moves = scaled(1e6, (size_t)BIG * BIG);
    row("1000x1000 k=1000 move / seed 002 counters", lib_big, counters_big, big_moves, big_moves, 2.0);
    row("1000x1000 k=1000 move / rescan touched lines", lib_big, rescan_big, big_moves,
        scaled(2e4, (size_t)BIG * BIG), 0.05);
    /* No target: what the library's checks cost when written in plain C, against the bare
       counters (the floor under the 2x target) and against the library. */
    row("  plain C with the same checks / counters", checked_big, counters_big, big_moves, big_moves, 0);
    row("  library / plain C with the same checks", lib_big, checked_big, big_moves, big_moves, 0);

    row("judge 3x3 game / seed 000 counting", lib_judge, plain_judge, scaled(2e6, SIZE_MAX),
        scaled(2e6, SIZE_MAX), 1.0);

    boards = all3;
    board_count = BOARDS3;
    row("validate 3x3, all 3^9 boards / seed 001", lib_validate, plain_validate, scaled(2e6, SIZE_MAX),
        scaled(2e6, SIZE_MAX), 1.0);
    boards = reached3;
    board_count = LISTS3;
    row("validate 3x3, reachable boards / seed 001", lib_validate, plain_validate, scaled(2e6, SIZE_MAX),
        scaled(2e6, SIZE_MAX), 1.0);

    free(big_order);
    return 0;
}
