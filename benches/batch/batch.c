/*
 * batch.c — the batch C API (ttt_batch_*) timed side by side with a plain scalar C bitboard
 * random playout of tic-tac-toe on one core, compiled into this program, in one run. Prints
 * moves per second and each row's ratio against its target:
 *
 *   - ttt_batch_random_moves on 3 x 3 with every core against the plain playout on one core
 *     (target: at least 4 times);
 *   - ttt_batch_random_moves on 15 x 15, k = 5 (target: at least 100 M moves/s);
 *   - ttt_batch_step driven from C with random legal actions, against ttt_batch_random_moves
 *     on the same shape (target: at least 1/4), in two rows of one run: the step alone (the
 *     masks the C code chooses the actions from are not timed), and the step plus
 *     ttt_batch_legal_mask; the C code choosing the actions is never timed;
 *   - the memory floor under the 15 x 15 step rows: the same passes over memory with no game
 *     logic, reading and writing back every cache line of 4,096 games' state (their rows, 64
 *     bytes a game; 388 bytes of lines in batches of fewer than 4,096 games) and then writing
 *     their masks (225 bytes a game);
 *   - moves/s against the batch size: on 15 x 15, random moves, the step and step + legal_mask
 *     side by side at each size from 1,024 to 262,144 games, with the step's ratio and its
 *     memory floor at each, and the step and step + legal_mask again with the batch's calls on
 *     two threads (ttt_batch_set_threads); on 3 x 3, random moves; and the memory per game;
 *   - each call that ttt_batch_set_threads splits (step, legal_mask, observe) on one thread
 *     and on two, side by side, on 15 x 15 and 3 x 3 at sizes around the library's split
 *     threshold (2^22 cells a thread): at the sizes below it the two-thread batch is not
 *     split, and the ratio shows that it costs nothing. To time the split below the threshold,
 *     build the library with CELLS_PER_THREAD (src/batch/lanes.rs) lowered.
 *
 * Each row also gives the moves per second of this process's processor time (all its threads):
 * on a machine that other jobs keep busy, the wall-clock rows show the share of the cores the
 * benchmark got, and that column what the code costs when it has them.
 *
 * Usage: batch [SCALE]. SCALE (default 1) multiplies every move count; the test suite runs a
 * tiny SCALE only to check that the program builds and that its cross-checks hold (every call
 * succeeds; the totals add up; both playouts' win rates are those of random tic-tac-toe).
 * Built and run by benches/batch/run.sh.
 */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tictactoe.h"

static double scale = 1.0;

static void fail(const char *what) {
    fprintf(stderr, "batch bench: %s\n", what);
    exit(EXIT_FAILURE);
}

static void must(TttStatus status) {
    if (status != TTT_OK) {
        fail(ttt_status_str(status));
    }
}

static void *must_alloc(size_t bytes) {
    void *p = malloc(bytes);
    if (!p) {
        fail("out of memory");
    }
    return p;
}

static double now_s(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Processor time of every thread of this process: on a machine that other jobs keep busy, moves
   per second of it show what the code costs when it has the cores. */
static double cpu_s(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* The best moves per processor-second of the last rate measured. */
static double cpu_rate;

/* ---- the plain scalar playout: one game at a time, 9-bit boards, a 512-entry win table ---- */

static uint8_t wins[512];

static void make_win_table(void) {
    static const unsigned lines[8] = {0007, 0070, 0700, 0111, 0222, 0444, 0421, 0124};
    for (unsigned b = 0; b < 512; b++) {
        for (int i = 0; i < 8; i++) {
            if ((b & lines[i]) == lines[i]) {
                wins[b] = 1;
            }
        }
    }
}

/* wyrand: 64 random bits from one 64 x 64 -> 128-bit multiply (from 32-bit halves on targets
   without a 128-bit integer, such as i686). */
#ifdef __SIZEOF_INT128__
__extension__ typedef unsigned __int128 u128;
static inline uint64_t mix(uint64_t a, uint64_t b) {
    u128 t = (u128)a * b;
    return (uint64_t)(t >> 64) ^ (uint64_t)t;
}
#else
static inline uint64_t mix(uint64_t a, uint64_t b) {
    uint64_t al = a & 0xffffffffu, ah = a >> 32, bl = b & 0xffffffffu, bh = b >> 32;
    uint64_t ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
    uint64_t mid = (ll >> 32) + (lh & 0xffffffffu) + (hl & 0xffffffffu);
    uint64_t hi = hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
    uint64_t lo = (mid << 32) | (ll & 0xffffffffu);
    return hi ^ lo;
}
#endif
static inline uint64_t wyrand(uint64_t *s) {
    *s += 0xa0761d6478bd642full;
    return mix(*s, *s ^ 0xe7037ed1a0b428dbull);
}

/* Plays `moves` uniformly random moves in one game after another (a finished game starts
   again), counting X wins, O wins and draws into out[0..2]. The random cell is the j-th empty
   one, j from a multiply-shift of 32 random bits (bias below 9 / 2^32). */
static void plain_playout(uint64_t moves, uint64_t seed, uint64_t out[3]) {
    unsigned board[2] = {0, 0}, placed = 0;
    uint64_t s = seed;
    for (uint64_t m = 0; m < moves; m++) {
        unsigned empty = 0777u & ~(board[0] | board[1]);
        unsigned n = 9 - placed;
        unsigned j = (unsigned)(((wyrand(&s) & 0xffffffffu) * n) >> 32);
        for (; j > 0; j--) {
            empty &= empty - 1;
        }
        unsigned side = placed & 1;
        board[side] |= empty & -empty;
        placed++;
        if (wins[board[side]] || placed == 9) {
            out[wins[board[side]] ? side : 2]++;
            board[0] = board[1] = 0;
            placed = 0;
        }
    }
}

/* ---- rows ---- */

static void row(const char *name, double moves_per_s, double ratio, double target, const char *unit) {
    printf("%-52s %9.1f M moves/s [%6.1f M per processor-second] %7.2f %s (target >= %.2f) %s\n", name,
           moves_per_s / 1e6, cpu_rate / 1e6, ratio, unit, target, ratio >= target ? "met" : "MISSED");
}

/* The random tic-tac-toe win rates, exact: X 737/1260, O 121/420 (0.585, 0.288, 0.127). */
static void check_rates(const char *who, uint64_t x, uint64_t o, uint64_t draws) {
    double n = (double)(x + o + draws);
    if (n < 20000) {
        return; /* too few games to tell */
    }
    if (x / n < 0.57 || x / n > 0.60 || o / n < 0.275 || o / n > 0.30) {
        fprintf(stderr, "%s: X %.3f O %.3f\n", who, x / n, o / n);
        fail("win rates are not those of random tic-tac-toe");
    }
}

/* ---- one thread against two: each call of a batch on one thread beside the same call of a
   batch split over two (ttt_batch_set_threads), with the same actions ---- */
enum { CALL_STEP, CALL_MASK, CALL_OBSERVE, CALLS };

/* Seconds by the clock [0] and of processor time [1], of each call, on one thread and on two. */
static double call_s[CALLS][2][2];

#define TIME_CALL(call, two, expr)                                                                                     \
    do {                                                                                                               \
        double t0_ = now_s(), c0_ = cpu_s();                                                                           \
        must(expr);                                                                                                    \
        call_s[call][two][0] += now_s() - t0_;                                                                         \
        call_s[call][two][1] += cpu_s() - c0_;                                                                         \
    } while (0)

/* Plays 2 x cells random moves in every game of `b`, so that the steps that follow time games
   at every stage of play, not all in their opening (a step over 15 x 15 rows tests the lines
   only of moves next to the player's stones, which openings have few of). */
static void spread(TttBatch *b, size_t cells) {
    TttBatchStats ignored = {0, 0, 0, 0};
    must(ttt_batch_random_moves(b, 2 * cells, 0, &ignored));
}

/* `calls` rounds over two batches of `count` games, one on the calling thread and one on up to
   two threads: in each, both batches' legal_mask, step (random legal actions, the same for
   both, chosen untimed) and observe, the batch that goes first alternating, and the outputs
   compared. Prints each call's games per second, by the clock and [per processor-second], on
   one thread and on two, and the clock's ratio (above 1: two threads are faster). */
static void threads_row(uint32_t rows, uint32_t cols, uint32_t k, size_t count, int calls) {
    size_t cells = (size_t)rows * cols;
    TttBatch *b[2];
    must(ttt_batch_new(rows, cols, k, count, 1, &b[0]));
    must(ttt_batch_new(rows, cols, k, count, 1, &b[1]));
    spread(b[0], cells);
    spread(b[1], cells);
    must(ttt_batch_set_threads(b[1], 2));
    uint8_t *mask[2], *seen[2], *results[2];
    for (int i = 0; i < 2; i++) {
        mask[i] = must_alloc(count * cells);
        seen[i] = must_alloc(2 * count * cells);
        results[i] = must_alloc(count);
    }
    uint32_t *actions = must_alloc(count * sizeof *actions);
    uint64_t s = 5;
    memset(call_s, 0, sizeof call_s);
    for (int round = -2; round < calls; round++) {
        if (round == 0) {
            memset(call_s, 0, sizeof call_s); /* two rounds to warm up */
        }
        int first = round & 1;
        for (int j = 0; j < 2; j++) {
            TIME_CALL(CALL_MASK, j ^ first, ttt_batch_legal_mask(b[j ^ first], mask[j ^ first], count * cells));
        }
        for (size_t g = 0; g < count; g++) {
            const uint8_t *m = mask[0] + g * cells;
            size_t c = (size_t)(wyrand(&s) % cells);
            while (!m[c]) {
                c = c + 1 == cells ? 0 : c + 1;
            }
            actions[g] = (uint32_t)c;
        }
        for (int j = 0; j < 2; j++) {
            TIME_CALL(CALL_STEP, j ^ first, ttt_batch_step(b[j ^ first], actions, count, results[j ^ first], NULL));
        }
        for (int j = 0; j < 2; j++) {
            TIME_CALL(CALL_OBSERVE, j ^ first, ttt_batch_observe(b[j ^ first], seen[j ^ first], 2 * count * cells));
        }
        if (memcmp(mask[0], mask[1], count * cells) || memcmp(results[0], results[1], count) ||
            memcmp(seen[0], seen[1], 2 * count * cells)) {
            fail("a batch on two threads gave what one thread did not");
        }
    }
    static const char *names[CALLS] = {"step", "legal_mask", "observe"};
    printf("  %2ux%-2u %8zu games:", rows, cols, count);
    for (int c = 0; c < CALLS; c++) {
        double games = (double)count * calls, (*t)[2] = call_s[c];
        printf("  %s %6.1f [%6.1f] | %6.1f [%6.1f] %4.2f x", names[c], games / t[0][0] / 1e6, games / t[0][1] / 1e6,
               games / t[1][0] / 1e6, games / t[1][1] / 1e6, t[0][0] / t[1][0]);
    }
    printf("\n");
    for (int i = 0; i < 2; i++) {
        free(mask[i]);
        free(seen[i]);
        free(results[i]);
        ttt_batch_free(b[i]);
    }
    free(actions);
}

/* Best of `repeats` runs of random_moves: moves/s. */
static double random_moves_rate(uint32_t rows, uint32_t cols, uint32_t k, size_t count, uint64_t moves,
                                uint32_t threads, int repeats, TttBatchStats *total) {
    TttBatch *b;
    must(ttt_batch_new(rows, cols, k, count, 1, &b));
    double best = 0;
    cpu_rate = 0;
    for (int r = 0; r < repeats; r++) {
        TttBatchStats stats = {0, 0, 0, 0};
        double t0 = now_s(), c0 = cpu_s();
        must(ttt_batch_random_moves(b, moves, threads, &stats));
        double rate = (double)stats.moves / (now_s() - t0), per_cpu = (double)stats.moves / (cpu_s() - c0);
        cpu_rate = per_cpu > cpu_rate ? per_cpu : cpu_rate;
        if (stats.moves != moves * count || stats.a_wins + stats.b_wins + stats.draws > stats.moves) {
            fail("random_moves totals do not add up");
        }
        total->moves += stats.moves;
        total->a_wins += stats.a_wins;
        total->b_wins += stats.b_wins;
        total->draws += stats.draws;
        best = rate > best ? rate : best;
    }
    ttt_batch_free(b);
    return best;
}

/* The rates of the last step_rate: the step alone (moves/s, and per processor-second). */
static double step_alone, step_alone_cpu;

/* step + legal_mask on games spread over every stage of play, with random legal actions chosen
   from the mask (untimed), the batch's calls on up to `threads` threads
   (ttt_batch_set_threads): moves/s. The step alone is timed apart, into step_alone. */
static double step_rate(uint32_t rows, uint32_t cols, uint32_t k, size_t count, int steps, uint32_t threads) {
    size_t cells = (size_t)rows * cols;
    TttBatch *b;
    must(ttt_batch_new(rows, cols, k, count, 1, &b));
    spread(b, cells);
    must(ttt_batch_set_threads(b, threads));
    uint8_t *mask = must_alloc(count * cells), *results = must_alloc(count);
    uint32_t *actions = must_alloc(count * sizeof *actions);
    uint64_t s = 7, ends = 0;
    double timed = 0, cpu = 0, stepped = 0, stepped_cpu = 0, t0 = now_s(), c0 = cpu_s();
    must(ttt_batch_legal_mask(b, mask, count * cells));
    timed += now_s() - t0;
    cpu += cpu_s() - c0;
    for (int i = 0; i < steps; i++) {
        for (size_t g = 0; g < count; g++) {
            const uint8_t *m = mask + g * cells;
            size_t c = (size_t)(wyrand(&s) % cells);
            while (!m[c]) {
                c = c + 1 == cells ? 0 : c + 1;
            }
            actions[g] = (uint32_t)c;
        }
        t0 = now_s();
        c0 = cpu_s();
        must(ttt_batch_step(b, actions, count, results, NULL));
        double t1 = now_s(), c1 = cpu_s();
        must(ttt_batch_legal_mask(b, mask, count * cells));
        timed += now_s() - t0;
        cpu += cpu_s() - c0;
        stepped += t1 - t0;
        stepped_cpu += c1 - c0;
        for (size_t g = 0; g < count; g++) {
            ends += results[g] != 0;
        }
    }
    if (steps >= (int)cells && ends == 0) {
        fail("no game ended");
    }
    free(mask);
    free(results);
    free(actions);
    ttt_batch_free(b);
    step_alone = (double)count * steps / stepped;
    step_alone_cpu = (double)count * steps / stepped_cpu;
    cpu_rate = (double)count * steps / cpu;
    return (double)count * steps / timed;
}

/* The bytes of a 15 x 15 game that a step reads and writes (docs/c-api.md): its lines in four
   directions in batches of fewer than ROWS_FROM games, its rows alone from ROWS_FROM games (the
   rest, kept apart, is left to random moves). */
enum { LINES_BYTES = 388, ROWS_BYTES = 64, ROWS_FROM = 4096 };

/* The memory floor of a step over `count` 15 x 15 games: every cache line of the bytes its step reads
   and written back, then (with `masks`) 225 bytes of mask a game written, in the order of a
   step and its legal_mask, `passes` times: games per second (and per processor-second into
   cpu_rate), over all the passes as step_rate counts its steps. */
static double floor_rate(size_t count, int passes, int masks) {
    size_t lines = count * (count >= ROWS_FROM ? ROWS_BYTES : LINES_BYTES), mask = count * 225;
    uint8_t *g = must_alloc(lines), *m = must_alloc(mask);
    memset(g, 0, lines);
    memset(m, 0, mask);
    double timed = 0, cpu = 0;
    uint64_t seen = 0;
    for (int p = 0; p < passes; p++) {
        double t0 = now_s(), c0 = cpu_s();
        for (size_t i = 0; i < lines; i += 64) {
            g[i]++;
        }
        if (masks) {
            memset(m, p & 1, mask);
        }
        timed += now_s() - t0;
        cpu += cpu_s() - c0;
        /* Between steps the driver reads the masks, as step_rate's does. */
        for (size_t i = 0; i < mask; i += 64) {
            seen += m[i];
        }
    }
    if (g[0] != (uint8_t)passes || seen > (uint64_t)passes * mask) {
        fail("the memory floor's passes did not all run");
    }
    free(g);
    free(m);
    cpu_rate = (double)count * passes / cpu;
    return (double)count * passes / timed;
}

/* This process's resident memory in bytes (Linux), or 0 where it cannot be read. */
static long resident_bytes(void) {
    long pages = 0, resident = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    if (f) {
        if (fscanf(f, "%ld %ld", &pages, &resident) != 2) {
            resident = 0;
        }
        fclose(f);
    }
    return resident * 4096;
}

static uint64_t scaled(double n) {
    double v = n * scale;
    return v < 1 ? 1 : (uint64_t)v;
}

int main(int argc, char **argv) {
    if (argc > 1) {
        scale = atof(argv[1]);
        if (!(scale > 0)) {
            fail("SCALE must be a positive number");
        }
    }
    /* First, while the heap is fresh: each batch's games are new memory, resident once every
       game has moved (all kept until the end, so none reuses another's pages). */
    static const uint32_t shapes[][3] = {{3, 3, 3}, {4, 4, 4}, {7, 7, 5}, {8, 8, 5}, {15, 15, 5}, {19, 19, 5}};
    enum { SHAPES = sizeof shapes / sizeof shapes[0] };
    TttBatch *kept[SHAPES];
    double per_game[SHAPES];
    size_t mem_count = scale < 0.01 ? 4096 : (size_t)1 << 18;
    for (size_t i = 0; i < SHAPES; i++) {
        long before = resident_bytes();
        must(ttt_batch_new(shapes[i][0], shapes[i][1], shapes[i][2], mem_count, 1, &kept[i]));
        TttBatchStats t = {0, 0, 0, 0};
        must(ttt_batch_random_moves(kept[i], 1, 1, &t));
        per_game[i] = (double)(resident_bytes() - before) / (double)mem_count;
    }
    printf("memory per game, measured (resident memory of %zu games after a move each):", mem_count);
    for (size_t i = 0; i < SHAPES; i++) {
        printf(" %ux%u %.1f B%s", shapes[i][0], shapes[i][1], per_game[i], i + 1 < SHAPES ? "," : "\n\n");
        ttt_batch_free(kept[i]);
    }

    make_win_table();
    int repeats = scale < 0.01 ? 1 : 5;

    /* The plain playout, one core. */
    uint64_t plain_moves = scaled(2e8), plain_out[3] = {0, 0, 0};
    double plain_best = 0;
    for (int r = 0; r < repeats; r++) {
        double t0 = now_s();
        plain_playout(plain_moves, 11 + (uint64_t)r, plain_out);
        double rate = (double)plain_moves / (now_s() - t0);
        plain_best = rate > plain_best ? rate : plain_best;
    }
    check_rates("plain playout", plain_out[0], plain_out[1], plain_out[2]);
    printf("%-52s %9.1f M moves/s  (reference)\n", "plain C bitboard playout, 3x3, one core", plain_best / 1e6);

    /* random_moves, every core. */
    size_t count = 65536;
    TttBatchStats total = {0, 0, 0, 0};
    double tic = random_moves_rate(3, 3, 3, count, scaled(3000), 0, repeats, &total);
    check_rates("ttt_batch_random_moves", total.a_wins, total.b_wins, total.draws);
    row("ttt_batch_random_moves 3x3, 65536 games, all cores", tic, tic / plain_best, 4.0, "x plain");
    TttBatchStats big = {0, 0, 0, 0};
    double gomoku = random_moves_rate(15, 15, 5, 16384, scaled(2000), 0, repeats, &big);
    row("ttt_batch_random_moves 15x15 k=5, 16384 games", gomoku, gomoku / 100e6, 1.0, "x 100 M/s");

    /* step, and step + legal_mask, from C. */
    int steps = (int)scaled(200);
    double step3 = step_rate(3, 3, 3, count, steps, 1), both = cpu_rate;
    cpu_rate = step_alone_cpu;
    row("ttt_batch_step 3x3, 65536 games", step_alone, step_alone / tic, 0.25, "x random");
    cpu_rate = both;
    row("ttt_batch_step + legal_mask 3x3, 65536 games", step3, step3 / tic, 0.25, "x random");
    double step15 = step_rate(15, 15, 5, 4096, steps, 1);
    both = cpu_rate;
    cpu_rate = step_alone_cpu;
    row("ttt_batch_step 15x15 k=5, 4096 games", step_alone, step_alone / gomoku, 0.25, "x random");
    cpu_rate = both;
    row("ttt_batch_step + legal_mask 15x15 k=5, 4096 games", step15, step15 / gomoku, 0.25, "x random");
    double floor_step = floor_rate(4096, steps, 0);
    printf("%-52s %9.1f M moves/s [%6.1f M per processor-second]\n", "memory floor: 15x15 step's rows, 4096 games",
           floor_step / 1e6, cpu_rate / 1e6);
    double floor_both = floor_rate(4096, steps, 1);
    printf("%-52s %9.1f M moves/s [%6.1f M per processor-second]\n", "memory floor: the same and the masks",
           floor_both / 1e6, cpu_rate / 1e6);

    /* The 15x15 curve: random_moves (every core), the step alone and step + legal_mask
       (from C, as in the rows above, on the calling thread) against the batch size, each step
       row's ratio against random_moves at the same size, the memory floor of the step (as in
       the rows above, on one thread), then the step alone and step + legal_mask with the
       batch's calls on two threads (ttt_batch_set_threads; split from 37,283 games), and
       whether the step alone, on one thread or two, reaches a quarter of random_moves. */
    printf("\n15x15 k=5 by batch size, M moves/s [per processor-second], x: against random moves at that size:\n");
    size_t top = scale < 0.01 ? 4096 : (size_t)1 << 18;
    for (size_t n = 1024; n <= top; n *= n < 16384 ? 2 : 4) {
        TttBatchStats t = {0, 0, 0, 0};
        double random = random_moves_rate(15, 15, 5, n, scaled(3e7 / (double)n), 0, repeats, &t);
        double random_cpu = cpu_rate;
        int n_steps = (int)scaled(n <= 16384 ? 200 : 50);
        double with_mask = step_rate(15, 15, 5, n, n_steps, 1), with_mask_cpu = cpu_rate;
        double one = step_alone, one_cpu = step_alone_cpu;
        double floor = floor_rate(n, n_steps, 0), floor_cpu = cpu_rate;
        double two_mask = step_rate(15, 15, 5, n, n_steps, 2), two_mask_cpu = cpu_rate;
        printf("  %6zu games: random %5.1f [%5.1f]  step %5.1f [%5.1f] %4.2f x  step + mask %5.1f [%5.1f] %4.2f x  "
               "floor %5.1f [%5.1f]  2 threads: step %5.1f [%5.1f] %4.2f x  step + mask %5.1f [%5.1f] %4.2f x  "
               "step >= 1/4: %s\n",
               n, random / 1e6, random_cpu / 1e6, one / 1e6, one_cpu / 1e6, one / random, with_mask / 1e6,
               with_mask_cpu / 1e6, with_mask / random, floor / 1e6, floor_cpu / 1e6, step_alone / 1e6,
               step_alone_cpu / 1e6, step_alone / random, two_mask / 1e6, two_mask_cpu / 1e6, two_mask / random,
               one >= random / 4 || step_alone >= random / 4 ? "yes" : "no");
    }

    /* The curve: moves/s against the batch size, 3x3, every core. */
    printf("\nttt_batch_random_moves 3x3, all cores, by batch size:\n");
    for (size_t n = 16; n <= ((size_t)1 << 20); n *= 4) {
        TttBatchStats t = {0, 0, 0, 0};
        uint64_t moves = scaled(2e8 / (double)n);
        double rate = random_moves_rate(3, 3, 3, n, moves, 0, repeats, &t);
        printf("  %8zu games %9.1f M moves/s\n", n, rate / 1e6);
    }

    /* Each call on one thread and on two (split from 2^22 cells a thread: 37,283 games of
       15x15, 932,068 of 3x3), about 3e8 cells a size. */
    printf("\nM games/s of each call on one thread | on two [per processor-second], x: one's time over two's:\n");
    static const size_t tic_sizes[] = {65536, 131072, 262144, 524288, 1048576, 2097152, 4194304};
    static const size_t gomoku_sizes[] = {4096, 8192, 16384, 24576, 32768, 40960, 49152, 65536, 262144};
    for (int shape = 0; shape < 2; shape++) {
        uint32_t side = shape == 0 ? 15 : 3;
        const size_t *sizes = shape == 0 ? gomoku_sizes : tic_sizes;
        size_t n = shape == 0 ? sizeof gomoku_sizes / sizeof *gomoku_sizes : sizeof tic_sizes / sizeof *tic_sizes;
        for (size_t i = 0; i < (scale < 0.01 ? 1 : n); i++) {
            double calls = 3e8 / (double)(sizes[i] * side * side);
            threads_row(side, side, side == 3 ? 3 : 5, sizes[i], (int)scaled(calls < 30 ? 30 : calls > 400 ? 400 : calls));
        }
    }

    return 0;
}
