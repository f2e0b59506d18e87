/*
 * audit.c — a black-box audit of the tictactoe C ABI against the rules in docs/ and the doc
 * comments of include/tictactoe.h. Uses only the public header (plus the C standard library) and
 * carries its own plain references: a whole-board line scan, the validity rule, a replay
 * judge, a game model (move/play/undo/redo/reset/text) and a memoised minimax for small boards.
 *
 * Build and run it with tests/c_audit/run.sh (what CI does), or by hand from the repository root:
 *   cargo build --release
 *   gcc -std=c99 -Wall -Wextra -O1 -g -fsanitize=address,undefined -Iinclude \
 *       tests/c_audit/audit.c target/release/libtictactoe.a -lpthread -ldl -lm -o /tmp/audit
 *   /tmp/audit
 * Prints one "FAIL" line per failed check (what was expected and what happened), "NOTE" lines
 * for behaviour the documents leave open, and a summary; exits 1 when any check failed.
 * -DAUDIT_MUTATE deliberately breaks a few expectations to show that the checks can fail.
 */
#include "tictactoe.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------------------------ */
/* Reporting                                                                                  */

static unsigned long n_checks, n_fails, n_notes;

#define FAIL(...)                                                                              \
    do {                                                                                       \
        n_fails++;                                                                             \
        printf("FAIL line %d: ", __LINE__);                                                    \
        printf(__VA_ARGS__);                                                                   \
        putchar('\n');                                                                         \
    } while (0)
#define NOTE(...)                                                                              \
    do {                                                                                       \
        n_notes++;                                                                             \
        printf("NOTE line %d: ", __LINE__);                                                    \
        printf(__VA_ARGS__);                                                                   \
        putchar('\n');                                                                         \
    } while (0)
#define CHECK(cond, ...)                                                                       \
    do {                                                                                       \
        n_checks++;                                                                            \
        if (!(cond)) FAIL(__VA_ARGS__);                                                        \
    } while (0)
#define ST(expr, want) st_check((expr), (want), #expr, __LINE__)

static const char *sname(TttStatus s) {
    static const char *names[] = {"OK",         "NULL_POINTER",     "INVALID_ARGUMENT",
                                  "OUT_OF_BOUNDS", "CELL_OCCUPIED", "WRONG_TURN",
                                  "GAME_OVER",  "NOTHING_TO_UNDO",  "NOTHING_TO_REDO",
                                  "PARSE_ERROR", "BUFFER_TOO_SMALL", "TOO_LARGE",
                                  "OUT_OF_MEMORY", "UNREACHABLE_BOARD", "TOO_HARD",
                                  "INTERNAL_ERROR"};
    return s < 16 ? names[s] : "?";
}

static int st_check(TttStatus got, TttStatus want, const char *what, int line) {
    n_checks++;
    if (got != want) {
        n_fails++;
        printf("FAIL line %d: %s: expected %s, got %s\n", line, what, sname(want), sname(got));
        return 0;
    }
    return 1;
}

#ifdef AUDIT_MUTATE
#define MUT(normal, mutated) (mutated)
#else
#define MUT(normal, mutated) (normal)
#endif

/* ------------------------------------------------------------------------------------------ */
/* Small utilities                                                                            */

static unsigned long long rng_state = 0x9E3779B97F4A7C15ull;
static unsigned long long rnd64(void) {
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}
static uint32_t rnd(uint32_t n) { return n ? (uint32_t)(rnd64() % n) : 0; }

static void *xmalloc(size_t n) {
    void *p = malloc(n ? n : 1);
    if (!p) {
        printf("audit: out of memory\n");
        exit(2);
    }
    return p;
}

#define SENT32 0xDEADBEEFu
#define SENTSZ ((size_t)0xC0FFEE15u)
#define SENT_I32 ((int32_t)0x5A5A5A5A)
static TttGame *const SENT_GAME = (TttGame *)(void *)&rng_state; /* never dereferenced */

static TttGame *newg(uint32_t r, uint32_t c, uint32_t k) {
    TttGame *g = NULL;
    TttStatus s = ttt_game_new(r, c, k, &g);
    if (s != TTT_OK || !g) {
        printf("audit: ttt_game_new(%u,%u,%u) failed: %s\n", r, c, k, sname(s));
        exit(2);
    }
    return g;
}

/* the game's text (malloc'd, NUL-terminated) or NULL */
static char *game_text(const TttGame *g, size_t *len_out) {
    size_t len = SENTSZ;
    TttStatus s = ttt_game_to_text(g, NULL, 0, &len);
    if (s != TTT_BUFFER_TOO_SMALL || len == SENTSZ) {
        FAIL("ttt_game_to_text(capacity 0): expected BUFFER_TOO_SMALL with the length, got %s len %zu",
             sname(s), len);
        return NULL;
    }
    char *t = xmalloc(len + 1);
    size_t len2 = SENTSZ;
    s = ttt_game_to_text(g, t, len + 1, &len2);
    if (s != TTT_OK || len2 != len || t[len] != '\0' || strlen(t) != len) {
        FAIL("ttt_game_to_text(capacity len+1=%zu): got %s len %zu", len + 1, sname(s), len2);
        free(t);
        return NULL;
    }
    if (len_out) *len_out = len;
    return t;
}

/* ------------------------------------------------------------------------------------------ */
/* Snapshots: is a game unchanged?                                                            */

typedef struct {
    char *text;
    uint32_t *moves;
    size_t nmoves, count;
    uint32_t to_move, first, result;
    uint32_t *wl;
    size_t nwl;
} Snap;

static uint32_t *get_list(TttStatus (*f)(const TttGame *, uint32_t *, size_t, size_t *),
                          const TttGame *g, size_t *n) {
    size_t cnt = SENTSZ;
    TttStatus s = f(g, NULL, 0, &cnt);
    if (s != TTT_OK && s != TTT_BUFFER_TOO_SMALL) {
        FAIL("list query failed: %s", sname(s));
        *n = 0;
        return NULL;
    }
    if (cnt == SENTSZ) {
        FAIL("list query with capacity 0 did not set the count");
        *n = 0;
        return NULL;
    }
    if ((cnt == 0) != (s == TTT_OK)) FAIL("list query capacity 0, count %zu: status %s", cnt, sname(s));
    uint32_t *buf = xmalloc((cnt + 1) * sizeof *buf);
    size_t cnt2 = SENTSZ;
    s = f(g, buf, cnt + 1, &cnt2);
    if (s != TTT_OK || cnt2 != cnt) FAIL("list query with room: %s count %zu (first said %zu)", sname(s), cnt2, cnt);
    *n = cnt;
    return buf;
}

static void snap_take(const TttGame *g, Snap *sn) {
    memset(sn, 0, sizeof *sn);
    sn->text = game_text(g, NULL);
    sn->moves = get_list(ttt_game_moves, g, &sn->nmoves);
    sn->wl = get_list(ttt_game_winning_line, g, &sn->nwl);
    ttt_game_move_count(g, &sn->count);
    ttt_game_to_move(g, &sn->to_move);
    ttt_game_first_player(g, &sn->first);
    ttt_game_result(g, &sn->result);
}
static void snap_free(Snap *sn) {
    free(sn->text);
    free(sn->moves);
    free(sn->wl);
}
static int snap_same_(const TttGame *g, const Snap *a, const char *what, int line) {
    Snap b;
    snap_take(g, &b);
    int same = a->text && b.text && strcmp(a->text, b.text) == 0 && a->nmoves == b.nmoves &&
               (a->nmoves == 0 || memcmp(a->moves, b.moves, a->nmoves * sizeof(uint32_t)) == 0) &&
               a->nwl == b.nwl && (a->nwl == 0 || memcmp(a->wl, b.wl, a->nwl * 4) == 0) &&
               a->count == b.count && a->to_move == b.to_move && a->first == b.first &&
               a->result == b.result;
    n_checks++;
    if (!same) {
        n_fails++;
        printf("FAIL line %d: %s changed the game: before \"%.80s\" (moves %zu, to_move %u, first %u, "
               "result %u), after \"%.80s\" (moves %zu, to_move %u, first %u, result %u)\n",
               line, what, a->text ? a->text : "?", a->nmoves, a->to_move, a->first, a->result,
               b.text ? b.text : "?", b.nmoves, b.to_move, b.first, b.result);
    }
    snap_free(&b);
    return same;
}
#define SNAP_SAME(g, sn, what) snap_same_((g), (sn), (what), __LINE__)

/* ------------------------------------------------------------------------------------------ */
/* Plain references                                                                           */

static const int DIRS[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};

/* naive whole-board scan: does p have k in a row anywhere? */
static int ref_has_line(const uint8_t *b, uint32_t R, uint32_t C, uint32_t K, uint8_t p) {
    for (uint32_t r = 0; r < R; r++)
        for (uint32_t c = 0; c < C; c++)
            for (int d = 0; d < 4; d++) {
                long rr = r, cc = c;
                uint32_t i;
                for (i = 0; i < K; i++) {
                    if (rr < 0 || cc < 0 || rr >= (long)R || cc >= (long)C || b[rr * C + cc] != p) break;
                    rr += DIRS[d][0];
                    cc += DIRS[d][1];
                }
                if (i == K) return 1;
            }
    return 0;
}

/* the validity rule, literally; 1 = X, 2 = O. Returns the verdict in the header's order. */
static uint32_t ref_verdict(uint8_t *b, uint32_t R, uint32_t C, uint32_t K) {
    size_t x = 0, o = 0, n = (size_t)R * C;
    for (size_t i = 0; i < n; i++) {
        x += b[i] == 1;
        o += b[i] == 2;
    }
    if (o > x) return TTT_TOO_MANY_O;
    if (x > o + 1) return TTT_TOO_MANY_X;
    int xl = ref_has_line(b, R, C, K, 1), ol = ref_has_line(b, R, C, K, 2);
    if (xl && ol) return TTT_BOTH_WIN;
    if (xl && x != o + 1) return TTT_X_WON_THEN_O_MOVED;
    if (ol && x != o) return TTT_O_WON_THEN_X_MOVED;
    for (uint8_t p = 1; p <= 2; p++) {
        if (!(p == 1 ? xl : ol)) continue;
        int found = 0;
        for (size_t i = 0; i < n && !found; i++) {
            if (b[i] != p) continue;
            b[i] = 0;
            if (!ref_has_line(b, R, C, K, p)) found = 1;
            b[i] = p;
        }
        if (!found) return p == 1 ? TTT_X_LINES_DISJOINT : TTT_O_LINES_DISJOINT;
    }
    return TTT_VALID;
}

static int ref_size(uint32_t R, uint32_t C, uint32_t K, TttStatus *why) {
    uint32_t mx = R > C ? R : C;
    if (R == 0 || C == 0 || K == 0 || K > mx) {
        *why = TTT_INVALID_ARGUMENT;
        return 0;
    }
    if ((unsigned long long)R * C > TTT_MAX_CELLS) {
        *why = TTT_TOO_LARGE;
        return 0;
    }
    return 1;
}

/* board text per the validate format; 0 = ok */
static TttStatus ref_parse_board(const char *t, size_t len, uint32_t R, uint32_t C, uint8_t *b) {
    size_t n = 0, want = (size_t)R * C;
    for (size_t i = 0; i < len; i++) {
        char ch = t[i];
        if (ch == '/' || ch == '\n') continue;
        uint8_t v;
        if (ch == 'X') v = 1;
        else if (ch == 'O') v = 2;
        else if (ch == ' ' || ch == '.') v = 0;
        else return TTT_PARSE_ERROR;
        if (n >= want) return TTT_PARSE_ERROR;
        b[n++] = v;
    }
    return n == want ? TTT_OK : TTT_PARSE_ERROR;
}

static TttStatus ref_judge(const uint32_t *mv, size_t n, uint32_t R, uint32_t C, uint32_t K,
                           uint32_t *res, size_t *bad) {
    TttStatus why;
    if (!ref_size(R, C, K, &why)) return why;
    size_t cells = (size_t)R * C, stones = 0;
    uint8_t *b = calloc(cells, 1);
    if (!b) exit(2);
    uint32_t result = TTT_PENDING;
    for (size_t i = 0; i < n; i++) {
        uint32_t r = mv[2 * i], c = mv[2 * i + 1];
        TttStatus s = TTT_OK;
        if (r >= R || c >= C) s = TTT_OUT_OF_BOUNDS;
        else if (result != TTT_PENDING) s = TTT_GAME_OVER;
        else if (b[(size_t)r * C + c]) s = TTT_CELL_OCCUPIED;
        if (s) {
            *bad = i;
            free(b);
            return s;
        }
        uint8_t p = (i % 2) ? 2 : 1;
        b[(size_t)r * C + c] = p;
        stones++;
        if (ref_has_line(b, R, C, K, p)) result = p;
        else if (stones == cells) result = TTT_DRAW;
    }
    free(b);
    *res = result;
    return TTT_OK;
}

/* ------------------------------------------------------------------------------------------ */
/* Game model                                                                                 */

typedef struct {
    uint32_t R, C, K;
    uint8_t *b;
    uint32_t *hist, *redo;
    size_t nh, nr, stones;
    uint32_t first, res;
    uint32_t start;        /* who opens the empty board the game began with (1, or a text's) */
    uint32_t undone_first; /* who made the opening move that redo would replay */
} Model;

static void m_init(Model *m, uint32_t R, uint32_t C, uint32_t K) {
    m->R = R;
    m->C = C;
    m->K = K;
    size_t n = (size_t)R * C;
    m->b = calloc(n, 1);
    m->hist = xmalloc(n * 4);
    m->redo = xmalloc(n * 4);
    m->nh = m->nr = m->stones = 0;
    m->first = m->start = m->undone_first = 1;
    m->res = 0;
}
static void m_free(Model *m) {
    free(m->b);
    free(m->hist);
    free(m->redo);
}
static uint32_t m_alt(const Model *m) { return (m->stones % 2 == 0) ? m->first : 3 - m->first; }
static uint32_t m_to_move(const Model *m) { return m->res ? 0 : m_alt(m); }
static void m_place(Model *m, uint32_t cell, uint32_t p) {
    m->b[cell] = (uint8_t)p;
    m->stones++;
    m->hist[m->nh++] = cell;
    if (ref_has_line(m->b, m->R, m->C, m->K, (uint8_t)p)) m->res = p;
    else if (m->stones == (size_t)m->R * m->C) m->res = TTT_DRAW;
}
static TttStatus m_move(Model *m, uint32_t r, uint32_t c, uint32_t p) {
    if (p != 1 && p != 2) return TTT_INVALID_ARGUMENT;
    if (r >= m->R || c >= m->C) return TTT_OUT_OF_BOUNDS;
    if (m->res) return TTT_GAME_OVER;
    if (m->stones != 0 && p != m_to_move(m)) return TTT_WRONG_TURN;
    uint32_t cell = r * m->C + c;
    if (m->b[cell]) return TTT_CELL_OCCUPIED;
    if (m->stones == 0) m->first = p;
    m->nr = 0;
    m_place(m, cell, p);
    return TTT_OK;
}
static TttStatus m_play(Model *m, uint32_t r, uint32_t c) {
    if (r >= m->R || c >= m->C) return TTT_OUT_OF_BOUNDS;
    if (m->res) return TTT_GAME_OVER;
    uint32_t cell = r * m->C + c;
    if (m->b[cell]) return TTT_CELL_OCCUPIED;
    m->nr = 0;
    m_place(m, cell, m_to_move(m));
    return TTT_OK;
}
static TttStatus m_undo(Model *m) {
    if (!m->nh) return TTT_NOTHING_TO_UNDO;
    uint32_t cell = m->hist[--m->nh];
    m->b[cell] = 0;
    m->stones--;
    m->res = 0;
    m->redo[m->nr++] = cell;
    if (m->stones == 0) { /* undo is a move's exact inverse: the first move goes back to the start */
        m->undone_first = m->first;
        m->first = m->start;
    }
    return TTT_OK;
}
static TttStatus m_redo(Model *m) {
    if (!m->nr) return TTT_NOTHING_TO_REDO;
    uint32_t cell = m->redo[--m->nr];
    if (m->stones == 0) m->first = m->undone_first;
    m_place(m, cell, m_alt(m));
    return TTT_OK;
}
static void m_reset(Model *m) {
    memset(m->b, 0, (size_t)m->R * m->C);
    m->nh = m->nr = m->stones = 0;
    m->first = m->start = 1;
    m->res = 0;
}
static char *m_text(const Model *m) {
    size_t n = (size_t)m->R * m->C;
    char *t = xmalloc(n + m->R + 64);
    int off = sprintf(t, "%u,%u,%u:", m->R, m->C, m->K);
    char *p = t + off;
    for (uint32_t r = 0; r < m->R; r++) {
        if (r) *p++ = '/';
        for (uint32_t c = 0; c < m->C; c++) {
            uint8_t v = m->b[r * m->C + c];
            *p++ = v == 1 ? 'X' : v == 2 ? 'O' : '.';
        }
    }
    *p++ = ':';
    *p++ = MUT(m_alt(m) == 1, m_alt(m) == 2) ? 'X' : 'O';
    *p = '\0';
    return t;
}

/* Is wl[0..n) the whole unbroken run of p's stones (>= K) in one direction, end to end? */
static int wl_ok(const uint8_t *b, uint32_t R, uint32_t C, uint32_t K, uint8_t p, const uint32_t *wl,
                 size_t n, long must_contain) {
    if (n < K || n < 1) return 0;
    for (size_t i = 0; i < n; i++)
        if (wl[i] >= R * C || b[wl[i]] != p) return 0;
    if (must_contain >= 0) {
        size_t i;
        for (i = 0; i < n && wl[i] != (uint32_t)must_contain; i++) {}
        if (i == n) return 0;
    }
    if (n == 1) {
        /* K == 1: a single stone; it is the whole run only if no neighbour in some direction
         * extends it; accept any stone of p (the direction is undefined) */
        return 1;
    }
    long dr = (long)(wl[1] / C) - (long)(wl[0] / C), dc = (long)(wl[1] % C) - (long)(wl[0] % C);
    int okdir = 0;
    for (int d = 0; d < 4; d++)
        if ((dr == DIRS[d][0] && dc == DIRS[d][1]) || (dr == -DIRS[d][0] && dc == -DIRS[d][1])) okdir = 1;
    if (!okdir) return 0;
    for (size_t i = 1; i < n; i++)
        if ((long)(wl[i] / C) - (long)(wl[i - 1] / C) != dr || (long)(wl[i] % C) - (long)(wl[i - 1] % C) != dc)
            return 0;
    /* maximal: the cells just beyond both ends are off the board or not p */
    long r0 = wl[0] / C - dr, c0 = wl[0] % C - dc;
    long r1 = wl[n - 1] / C + dr, c1 = wl[n - 1] % C + dc;
    if (r0 >= 0 && c0 >= 0 && r0 < (long)R && c0 < (long)C && b[r0 * C + c0] == p) return 0;
    if (r1 >= 0 && c1 >= 0 && r1 < (long)R && c1 < (long)C && b[r1 * C + c1] == p) return 0;
    return 1;
}

/* compare every query of g with the model; returns 1 when equal */
static int m_compare(const Model *m, const TttGame *g, const char *ctx) {
    size_t n = (size_t)m->R * m->C;
    int ok = 1;
    uint8_t *cells = xmalloc(n);
    size_t cnt = SENTSZ;
    if (ttt_game_cells(g, cells, n, &cnt) != TTT_OK || cnt != n || memcmp(cells, m->b, n) != 0) {
        FAIL("%s: ttt_game_cells differs from the model", ctx);
        ok = 0;
    }
    free(cells);
    uint32_t v = SENT32;
    if (ttt_game_to_move(g, &v) != TTT_OK || v != m_to_move(m)) {
        FAIL("%s: to_move expected %u got %u", ctx, m_to_move(m), v);
        ok = 0;
    }
    v = SENT32;
    if (ttt_game_first_player(g, &v) != TTT_OK || v != m->first) {
        FAIL("%s: first_player expected %u got %u", ctx, m->first, v);
        ok = 0;
    }
    v = SENT32;
    if (ttt_game_result(g, &v) != TTT_OK || v != m->res) {
        FAIL("%s: result expected %u got %u", ctx, m->res, v);
        ok = 0;
    }
    size_t c = SENTSZ;
    if (ttt_game_move_count(g, &c) != TTT_OK || c != m->stones) {
        FAIL("%s: move_count expected %zu got %zu", ctx, m->stones, c);
        ok = 0;
    }
    size_t nm;
    uint32_t *mv = get_list(ttt_game_moves, g, &nm);
    if (nm != m->nh || (nm && memcmp(mv, m->hist, nm * 4) != 0)) {
        FAIL("%s: moves (history) expected %zu entries, got %zu / different", ctx, m->nh, nm);
        ok = 0;
    }
    free(mv);
    size_t nl;
    uint32_t *lm = get_list(ttt_game_legal_moves, g, &nl);
    size_t want = 0;
    int lm_ok = 1;
    if (!m->res)
        for (uint32_t i = 0; i < n; i++)
            if (!m->b[i]) {
                if (want >= nl || lm[want] != i) lm_ok = 0;
                want++;
            }
    if (!lm_ok || nl != want) {
        FAIL("%s: legal_moves expected %zu empty cells ascending, got %zu", ctx, want, nl);
        ok = 0;
    }
    free(lm);
    size_t nw;
    uint32_t *wl = get_list(ttt_game_winning_line, g, &nw);
    if (m->res == 1 || m->res == 2) {
        long last = m->nh ? (long)m->hist[m->nh - 1] : -1;
        if (!wl_ok(m->b, m->R, m->C, m->K, (uint8_t)m->res, wl, nw, last)) {
            FAIL("%s: winning_line (%zu cells) is not the whole run of the winner through the last move", ctx, nw);
            ok = 0;
        }
    } else if (nw != 0) {
        FAIL("%s: winning_line count %zu with no winner", ctx, nw);
        ok = 0;
    }
    free(wl);
    char *t = game_text(g, NULL), *mt = m_text(m);
    if (!t || strcmp(t, mt) != 0) {
        FAIL("%s: to_text expected \"%.100s\" got \"%.100s\"", ctx, mt, t ? t : "?");
        ok = 0;
    }
    free(t);
    free(mt);
    return ok;
}

/* ------------------------------------------------------------------------------------------ */
/* 1. strings, version                                                                        */

static void test_strings(void) {
    CHECK(strcmp(ttt_version(), TTT_VERSION_STRING) == 0, "ttt_version \"%s\" != header \"%s\"", ttt_version(),
          TTT_VERSION_STRING);
    const char *want_res[] = {"Pending", "A", "B", "Draw"};
    for (uint32_t i = 0; i < 4; i++) {
        const char *s = ttt_result_str(i);
        CHECK(s && strcmp(s, want_res[i]) == 0, "ttt_result_str(%u) expected \"%s\" got \"%s\"", i, want_res[i],
              s ? s : "(NULL)");
    }
    uint32_t odd[] = {4, 5, 16, 255, 256, 0x7fffffffu, 0x80000000u, 0xffffffffu};
    for (size_t i = 0; i < sizeof odd / sizeof *odd; i++) {
        const char *s = ttt_result_str(odd[i]);
        CHECK(s && strcmp(s, "unknown") == 0, "ttt_result_str(%u) expected \"unknown\" got \"%s\"", odd[i], s ? s : "(NULL)");
        s = ttt_status_str(odd[i] == 4 || odd[i] == 5 ? odd[i] + 100 : odd[i]);
        CHECK(s && strcmp(s, "unknown status") == 0, "ttt_status_str(%u) expected \"unknown status\" got \"%s\"",
              odd[i], s ? s : "(NULL)");
        s = ttt_verdict_str(odd[i] < 8 ? odd[i] + 8 : odd[i]);
        CHECK(s && strcmp(s, "unknown verdict") == 0, "ttt_verdict_str(%u) expected \"unknown verdict\" got \"%s\"",
              odd[i], s ? s : "(NULL)");
    }
    for (uint32_t i = 0; i <= 15; i++) {
        const char *s = ttt_status_str(i);
        CHECK(s && *s && strcmp(s, "unknown status") != 0, "ttt_status_str(%u) = \"%s\"", i, s ? s : "(NULL)");
        for (uint32_t j = 0; j < i && s; j++)
            CHECK(strcmp(s, ttt_status_str(j)) != 0, "ttt_status_str(%u) == ttt_status_str(%u) \"%s\"", i, j, s);
    }
    CHECK(strcmp(ttt_status_str(TTT_CELL_OCCUPIED), "cell occupied") == 0, "ttt_status_str(CELL_OCCUPIED) = \"%s\"",
          ttt_status_str(TTT_CELL_OCCUPIED));
    CHECK(strcmp(ttt_status_str(16), "unknown status") == 0, "16");
    for (uint32_t i = 0; i <= 7; i++) {
        const char *s = ttt_verdict_str(i);
        CHECK(s && *s && strcmp(s, "unknown verdict") != 0, "ttt_verdict_str(%u) = \"%s\"", i, s ? s : "(NULL)");
        for (uint32_t j = 0; j < i && s; j++)
            CHECK(strcmp(s, ttt_verdict_str(j)) != 0, "ttt_verdict_str(%u) == ttt_verdict_str(%u)", i, j);
    }
    CHECK(strcmp(ttt_verdict_str(TTT_BOTH_WIN), "both players have a line") == 0, "verdict_str(BOTH_WIN) = \"%s\"",
          ttt_verdict_str(TTT_BOTH_WIN));
    /* static: same pointer twice */
    CHECK(ttt_status_str(99) == ttt_status_str(99) && ttt_result_str(1) == ttt_result_str(1),
          "_str results are not static (different pointers on two calls)");
}

/* ------------------------------------------------------------------------------------------ */
/* 2. creation and sizes                                                                      */

static void test_new_sizes(void) {
    struct {
        uint32_t r, c, k;
        TttStatus want;
    } cases[] = {
        {0, 3, 3, TTT_INVALID_ARGUMENT}, {3, 0, 3, TTT_INVALID_ARGUMENT}, {3, 3, 0, TTT_INVALID_ARGUMENT},
        {3, 3, 4, TTT_INVALID_ARGUMENT}, {2, 5, 6, TTT_INVALID_ARGUMENT}, {5, 2, 6, TTT_INVALID_ARGUMENT},
        {3, 3, 0xffffffffu, TTT_INVALID_ARGUMENT}, {0, 0, 0, TTT_INVALID_ARGUMENT},
        {0xffffffffu, 0, 1, TTT_INVALID_ARGUMENT}, {0, 0xffffffffu, 1, TTT_INVALID_ARGUMENT},
        {1, 1, 1, TTT_OK}, {2, 5, 5, TTT_OK}, {5, 2, 5, TTT_OK}, {1, 7, 7, TTT_OK}, {7, 1, 1, TTT_OK},
        {4096, 4096, 5, TTT_OK}, {4096, 4096, 4096, TTT_OK}, {8192, 8192, 8192, TTT_OK},
        {1, 67108864u, 1, TTT_OK}, {67108864u, 1, 67108864u, TTT_OK}, {16384, 4096, 5, TTT_OK},
        {1, 67108865u, 1, TTT_TOO_LARGE}, {67108865u, 1, 3, TTT_TOO_LARGE}, {8193, 8192, 5, TTT_TOO_LARGE},
        {4097, 16384, 5, TTT_TOO_LARGE}, {65536, 65536, 5, TTT_TOO_LARGE}, /* product 2^32 wraps to 0 in u32 */
        {65537, 65536, 3, TTT_TOO_LARGE},                                    /* wraps to 65536 in u32 */
        {65536, 65537, 3, TTT_TOO_LARGE}, {0xffffffffu, 0xffffffffu, 1, TTT_TOO_LARGE},
        {0xffffffffu, 0xffffffffu, 0xffffffffu, TTT_TOO_LARGE}, {0xffffffffu, 1, 1, TTT_TOO_LARGE},
        {1, 0xffffffffu, 0xffffffffu, TTT_TOO_LARGE}, {2, 0x80000000u, 5, TTT_TOO_LARGE}, /* 2^32 */
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        TttGame *g = SENT_GAME;
        TttStatus s = ttt_game_new(cases[i].r, cases[i].c, cases[i].k, &g);
        n_checks++;
        if (s != cases[i].want)
            FAIL("ttt_game_new(%u,%u,%u): expected %s got %s", cases[i].r, cases[i].c, cases[i].k,
                 sname(cases[i].want), sname(s));
        if (s != TTT_OK) {
            CHECK(g == SENT_GAME, "ttt_game_new(%u,%u,%u) failed but wrote *out_game", cases[i].r, cases[i].c,
                  cases[i].k);
            continue;
        }
        uint32_t r = SENT32, c = SENT32, k = SENT32;
        ST(ttt_game_size(g, &r, &c, &k), TTT_OK);
        CHECK(r == cases[i].r && c == cases[i].c && k == cases[i].k, "ttt_game_size %u,%u,%u", r, c, k);
        /* the far corner works, one past it does not */
        uint32_t w = SENT32;
        ST(ttt_game_move(g, cases[i].r - 1, cases[i].c - 1, 1, &w), TTT_OK);
        uint32_t cl = SENT32;
        ST(ttt_game_cell(g, cases[i].r - 1, cases[i].c - 1, &cl), TTT_OK);
        CHECK(cl == 1, "cell at far corner %u", cl);
        cl = SENT32;
        ST(ttt_game_cell(g, cases[i].r, 0, &cl), TTT_OUT_OF_BOUNDS);
        ST(ttt_game_cell(g, 0, cases[i].c, &cl), TTT_OUT_OF_BOUNDS);
        ST(ttt_game_cell(g, 0xffffffffu, 0xffffffffu, &cl), TTT_OUT_OF_BOUNDS);
        CHECK(cl == SENT32, "failed cell query wrote *out_player");
        if (cases[i].k == 1) CHECK(w == 1, "k=1: the first move must win, winner %u", w);
        ttt_game_free(g);
    }
    /* k=0 together with too many cells: both faults; which one is reported is not specified */
    TttGame *g = SENT_GAME;
    TttStatus s = ttt_game_new(65536, 65536, 0, &g);
    if (s != TTT_INVALID_ARGUMENT)
        NOTE("ttt_game_new(65536,65536,0) (k=0 and too large) gives %s (the rules: anything outside 1 <= rows, 1 <= cols, 1 <= k <= max(rows, cols) is INVALID_ARGUMENT)",
             sname(s));
    CHECK(g == SENT_GAME, "failed new wrote out_game");

    /* ttt_tictactoe_new */
    g = SENT_GAME;
    ST(ttt_tictactoe_new(0, &g), TTT_INVALID_ARGUMENT);
    CHECK(g == SENT_GAME, "ttt_tictactoe_new(0) wrote out_game");
    ST(ttt_tictactoe_new(65536, &g), TTT_TOO_LARGE);
    ST(ttt_tictactoe_new(0xffffffffu, &g), TTT_TOO_LARGE);
    ST(ttt_tictactoe_new(8193, &g), TTT_TOO_LARGE);
    CHECK(g == SENT_GAME, "ttt_tictactoe_new failure wrote out_game");
    ST(ttt_tictactoe_new(3, NULL), TTT_NULL_POINTER);
    if (ST(ttt_tictactoe_new(4, &g), TTT_OK)) {
        uint32_t r, c, k;
        ttt_game_size(g, &r, &c, &k);
        CHECK(r == 4 && c == 4 && k == 4, "tictactoe_new(4) size %u %u %u", r, c, k);
        ttt_game_free(g);
    }
    ST(ttt_game_new(3, 3, 3, NULL), TTT_NULL_POINTER);
    s = ttt_game_new(0, 3, 3, NULL);
    if (s != TTT_NULL_POINTER) NOTE("ttt_game_new(0,3,3,NULL) gives %s (bad size and NULL out)", sname(s));
    ttt_game_free(NULL);
}

/* ------------------------------------------------------------------------------------------ */
/* 3. NULL pointers, one at a time                                                            */

static void test_nulls(void) {
    TttGame *g = newg(3, 3, 3);
    uint32_t w;
    ST(ttt_game_move(g, 1, 1, 1, &w), TTT_OK);
    ST(ttt_game_move(g, 0, 0, 2, &w), TTT_OK);
    ST(ttt_game_undo(g), TTT_OK); /* leaves something to redo */
    Snap sn;
    snap_take(g, &sn);
    uint32_t a = SENT32, b = SENT32, c = SENT32, buf[16];
    int32_t sc = SENT_I32;
    size_t n = SENTSZ;
    TttGame *o = SENT_GAME;

    ST(ttt_game_clone(NULL, &o), TTT_NULL_POINTER);
    ST(ttt_game_clone(g, NULL), TTT_NULL_POINTER);
    CHECK(o == SENT_GAME, "clone wrote out");
    ST(ttt_game_reset(NULL), TTT_NULL_POINTER);
    ST(ttt_game_move(NULL, 0, 1, 2, &a), TTT_NULL_POINTER);
    ST(ttt_game_move(g, 0, 1, 2, NULL), TTT_NULL_POINTER);
    SNAP_SAME(g, &sn, "ttt_game_move(out_winner NULL)");
    ST(ttt_game_move(NULL, 0, 1, 7, &a), TTT_NULL_POINTER);             /* NULL before player */
    ST(ttt_game_move(g, 9, 9, 7, NULL), TTT_NULL_POINTER);
    ST(ttt_game_play(NULL, 0, 1, &a), TTT_NULL_POINTER);
    ST(ttt_game_play(g, 0, 1, NULL), TTT_NULL_POINTER);
    SNAP_SAME(g, &sn, "ttt_game_play(out_result NULL)");
    CHECK(a == SENT32, "failed move/play wrote the out-pointer");
    ST(ttt_game_undo(NULL), TTT_NULL_POINTER);
    ST(ttt_game_redo(NULL), TTT_NULL_POINTER);
    ST(ttt_game_size(NULL, &a, &b, &c), TTT_NULL_POINTER);
    ST(ttt_game_size(g, NULL, &b, &c), TTT_NULL_POINTER);
    ST(ttt_game_size(g, &a, NULL, &c), TTT_NULL_POINTER);
    ST(ttt_game_size(g, &a, &b, NULL), TTT_NULL_POINTER);
    CHECK(a == SENT32 && b == SENT32 && c == SENT32, "failed ttt_game_size wrote out-pointers (%x %x %x)", a, b, c);
    ST(ttt_game_to_move(NULL, &a), TTT_NULL_POINTER);
    ST(ttt_game_to_move(g, NULL), TTT_NULL_POINTER);
    ST(ttt_game_first_player(NULL, &a), TTT_NULL_POINTER);
    ST(ttt_game_first_player(g, NULL), TTT_NULL_POINTER);
    ST(ttt_game_result(NULL, &a), TTT_NULL_POINTER);
    ST(ttt_game_result(g, NULL), TTT_NULL_POINTER);
    ST(ttt_game_cell(NULL, 0, 0, &a), TTT_NULL_POINTER);
    ST(ttt_game_cell(g, 0, 0, NULL), TTT_NULL_POINTER);
    ST(ttt_game_cell(g, 7, 7, NULL), TTT_NULL_POINTER);
    ST(ttt_game_move_count(NULL, &n), TTT_NULL_POINTER);
    ST(ttt_game_move_count(g, NULL), TTT_NULL_POINTER);
    CHECK(a == SENT32 && n == SENTSZ, "failed getters wrote out-pointers");

    /* list functions */
    TttStatus (*lists[])(const TttGame *, uint32_t *, size_t, size_t *) = {
        ttt_game_moves, ttt_game_legal_moves, ttt_game_winning_line, ttt_game_optimal_moves};
    const char *lname[] = {"moves", "legal_moves", "winning_line", "optimal_moves"};
    for (int i = 0; i < 4; i++) {
        for (int j = 0; j < 16; j++) buf[j] = SENT32;
        n = SENTSZ;
        TttStatus s = lists[i](NULL, buf, 16, &n);
        CHECK(s == TTT_NULL_POINTER, "%s(NULL game): %s", lname[i], sname(s));
        CHECK(n == SENTSZ && buf[0] == SENT32, "%s(NULL game) wrote out-pointers", lname[i]);
        s = lists[i](g, buf, 16, NULL);
        CHECK(s == TTT_NULL_POINTER, "%s(out_count NULL): %s", lname[i], sname(s));
        CHECK(buf[0] == SENT32, "%s(out_count NULL) wrote cells", lname[i]);
        s = lists[i](g, NULL, 16, &n);
        CHECK(s == TTT_NULL_POINTER, "%s(out_cells NULL, capacity 16): %s", lname[i], sname(s));
        if (n != SENTSZ)
            NOTE("%s(out_cells NULL, capacity 16) -> NULL_POINTER but wrote *out_count=%zu (header: count "
                 "\"always set\" vs convention: out-pointers written only on success)",
                 lname[i], n);
    }
    uint8_t cb[16];
    memset(cb, 0xAB, sizeof cb);
    n = SENTSZ;
    ST(ttt_game_cells(NULL, cb, 16, &n), TTT_NULL_POINTER);
    ST(ttt_game_cells(g, cb, 16, NULL), TTT_NULL_POINTER);
    CHECK(cb[0] == 0xAB && n == SENTSZ, "failed ttt_game_cells wrote");
    ST(ttt_game_cells(g, NULL, 16, &n), TTT_NULL_POINTER);
    if (n != SENTSZ) NOTE("ttt_game_cells(out_cells NULL, capacity 16) -> NULL_POINTER but wrote *out_count");

    char tb[64];
    memset(tb, 'Z', sizeof tb);
    n = SENTSZ;
    ST(ttt_game_to_text(NULL, tb, 64, &n), TTT_NULL_POINTER);
    ST(ttt_game_to_text(g, tb, 64, NULL), TTT_NULL_POINTER);
    CHECK(tb[0] == 'Z' && n == SENTSZ, "failed to_text wrote");
    ST(ttt_game_to_text(g, NULL, 64, &n), TTT_NULL_POINTER);
    if (n != SENTSZ) NOTE("ttt_game_to_text(out_text NULL, capacity 64) -> NULL_POINTER but wrote *out_len");

    o = SENT_GAME;
    ST(ttt_game_from_text(NULL, 5, &o), TTT_NULL_POINTER);
    ST(ttt_game_from_text("1,1,1:.:X", 9, NULL), TTT_NULL_POINTER);
    CHECK(o == SENT_GAME, "from_text wrote out");
    /* Documented: `text` may be NULL when `len` is 0, an empty text. */
    ST(ttt_game_from_text(NULL, 0, &o), TTT_PARSE_ERROR);
    CHECK(o == SENT_GAME, "from_text wrote out");

    /* AI */
    a = b = SENT32;
    ST(ttt_game_best_move(NULL, &a, &b, &sc), TTT_NULL_POINTER);
    ST(ttt_game_best_move(g, NULL, &b, &sc), TTT_NULL_POINTER);
    ST(ttt_game_best_move(g, &a, NULL, &sc), TTT_NULL_POINTER);
    ST(ttt_game_best_move(g, &a, &b, NULL), TTT_NULL_POINTER);
    CHECK(a == SENT32 && b == SENT32 && sc == SENT_I32, "failed best_move wrote out-pointers");
    ST(ttt_game_best_move_within(NULL, 100, 0, &a, &b, &sc), TTT_NULL_POINTER);
    ST(ttt_game_best_move_within(g, 100, 0, NULL, &b, &sc), TTT_NULL_POINTER);
    ST(ttt_game_best_move_within(g, 100, 0, &a, NULL, &sc), TTT_NULL_POINTER);
    ST(ttt_game_best_move_within(g, 100, 0, &a, &b, NULL), TTT_NULL_POINTER);
    ST(ttt_game_best_move_within(g, 0, 0, &a, &b, &sc), TTT_INVALID_ARGUMENT);
    CHECK(a == SENT32 && b == SENT32 && sc == SENT_I32, "failed best_move_within wrote out-pointers");
    n = SENTSZ;
    ST(ttt_game_optimal_moves_within(NULL, 100, 0, NULL, 0, &n), TTT_NULL_POINTER);
    ST(ttt_game_optimal_moves_within(g, 100, 0, NULL, 0, NULL), TTT_NULL_POINTER);
    ST(ttt_game_optimal_moves_within(g, 0, 0, NULL, 0, &n), TTT_INVALID_ARGUMENT);
    CHECK(n == SENTSZ, "failed optimal_moves_within wrote *out_count");
    ST(ttt_game_search(NULL, 100, 0, 1, &a, &b), TTT_NULL_POINTER);
    ST(ttt_game_search(g, 100, 0, 1, NULL, &b), TTT_NULL_POINTER);
    ST(ttt_game_search(g, 100, 0, 1, &a, NULL), TTT_NULL_POINTER);
    ST(ttt_game_ai_move(NULL, 2, 1, &a, &b), TTT_NULL_POINTER);
    ST(ttt_game_ai_move(g, 2, 1, NULL, &b), TTT_NULL_POINTER);
    ST(ttt_game_ai_move(g, 2, 1, &a, NULL), TTT_NULL_POINTER);
    CHECK(a == SENT32 && b == SENT32, "failed search/ai_move wrote out-pointers");

    /* judge / validate / find_winner */
    uint32_t mv[] = {0, 0, 1, 1};
    TttResult r = SENT32;
    size_t bad = SENTSZ;
    ST(ttt_judge(NULL, 2, 3, 3, 3, &r), TTT_NULL_POINTER);
    ST(ttt_judge(mv, 2, 3, 3, 3, NULL), TTT_NULL_POINTER);
    ST(ttt_judge_ex(NULL, 2, 3, 3, 3, &r, &bad), TTT_NULL_POINTER);
    ST(ttt_judge_ex(mv, 2, 3, 3, 3, NULL, &bad), TTT_NULL_POINTER);
    CHECK(r == SENT32 && bad == SENTSZ, "failed judge wrote out-pointers");
    ST(ttt_judge(NULL, 0, 3, 3, 3, &r), TTT_OK);
    CHECK(r == TTT_PENDING, "judge(no moves) result %u", r);
    r = SENT32;
    ST(ttt_judge_ex(mv, 2, 3, 3, 3, &r, NULL), TTT_OK); /* bad index optional */
    CHECK(r == TTT_PENDING, "judge_ex result %u", r);
    const char *ans = (const char *)&rng_state;
    ST(ttt_find_winner(NULL, 1, &ans), TTT_NULL_POINTER);
    ST(ttt_find_winner(mv, 2, NULL), TTT_NULL_POINTER);
    CHECK(ans == (const char *)&rng_state, "failed find_winner wrote out");
    ST(ttt_find_winner(NULL, 0, &ans), TTT_OK);
    CHECK(ans && strcmp(ans, "Pending") == 0, "find_winner(no moves) \"%s\"", ans ? ans : "(NULL)");
    TttVerdict v = SENT32;
    ST(ttt_validate(NULL, 9, 3, 3, 3, &v), TTT_NULL_POINTER);
    ST(ttt_validate(".........", 9, 3, 3, 3, NULL), TTT_NULL_POINTER);
    CHECK(v == SENT32, "failed validate wrote verdict");
    ST(ttt_validate(NULL, 0, 3, 3, 3, &v), TTT_PARSE_ERROR); /* 0 cells, not 9 */
    CHECK(v == SENT32, "failed validate wrote verdict");
    const char *rows3[] = {"...", "...", "..."}, *rowsn[] = {"...", NULL, "..."};
    ST(ttt_validate_rows(NULL, 3, 0, &v), TTT_NULL_POINTER);
    ST(ttt_validate_rows(rowsn, 3, 0, &v), TTT_NULL_POINTER);
    ST(ttt_validate_rows(rows3, 3, 0, NULL), TTT_NULL_POINTER);
    CHECK(v == SENT32, "failed validate_rows wrote verdict");
    TttStatus s = ttt_validate_rows(NULL, 0, 0, &v);
    if (s == TTT_OK) FAIL("ttt_validate_rows(NULL, 0 rows) accepted an empty board (rows=0 is INVALID_ARGUMENT)");
    else if (s != TTT_NULL_POINTER && s != TTT_INVALID_ARGUMENT)
        FAIL("ttt_validate_rows(NULL, 0 rows, k 0): %s", sname(s));

    SNAP_SAME(g, &sn, "the NULL-pointer calls");
    /* the redo history survived the failed calls */
    ST(ttt_game_redo(g), TTT_OK);
    snap_free(&sn);
    ttt_game_free(g);
}

/* ------------------------------------------------------------------------------------------ */
/* 4. moves: players, bounds, order of checks, the player-2 opening                              */

static void test_moves(void) {
    TttGame *g = newg(3, 3, 3);
    uint32_t w = SENT32, res = SENT32;
    Snap sn;
    snap_take(g, &sn);
    uint32_t players[] = {0, 3, 4, 0x80000001u, 0xffffffffu};
    for (size_t i = 0; i < 5; i++) {
        ST(ttt_game_move(g, 0, 0, players[i], &w), TTT_INVALID_ARGUMENT);
        ST(ttt_game_move(g, 9, 0xffffffffu, players[i], &w), TTT_INVALID_ARGUMENT); /* player first */
    }
    uint32_t oob[][2] = {{3, 0}, {0, 3}, {3, 3}, {0xffffffffu, 0}, {0, 0xffffffffu}, {0xffffffffu, 0xffffffffu},
                         {1, 0xfffffffdu}, /* 1*3 + (2^32-3) wraps to cell 0 in u32 */
                         {0x55555556u, 0}}; /* 0x55555556*3 wraps to 2 */
    for (size_t i = 0; i < sizeof oob / sizeof *oob; i++) {
        ST(ttt_game_move(g, oob[i][0], oob[i][1], 1, &w), TTT_OUT_OF_BOUNDS);
        ST(ttt_game_play(g, oob[i][0], oob[i][1], &res), TTT_OUT_OF_BOUNDS);
        uint32_t cl = SENT32;
        ST(ttt_game_cell(g, oob[i][0], oob[i][1], &cl), TTT_OUT_OF_BOUNDS);
    }
    CHECK(w == SENT32 && res == SENT32, "failed moves wrote out-pointers");
    SNAP_SAME(g, &sn, "rejected moves on an empty board");
    snap_free(&sn);

    /* the exception to alternation: player 2 opens */
    ST(ttt_game_move(g, 1, 1, 2, &w), TTT_OK);
    CHECK(w == 0, "winner %u", w);
    uint32_t v = SENT32;
    ttt_game_first_player(g, &v);
    CHECK(v == 2, "player 2 opened: first_player expected 2 got %u", v);
    ttt_game_to_move(g, &v);
    CHECK(v == 1, "player 2 opened: to_move expected 1 got %u", v);
    snap_take(g, &sn);
    ST(ttt_game_move(g, 0, 0, 2, &w), TTT_WRONG_TURN);
    ST(ttt_game_move(g, 1, 1, 2, &w), TTT_WRONG_TURN); /* wrong turn before occupied */
    ST(ttt_game_move(g, 1, 1, 1, &w), TTT_CELL_OCCUPIED);
    ST(ttt_game_play(g, 1, 1, &res), TTT_CELL_OCCUPIED);
    SNAP_SAME(g, &sn, "rejected moves after player 2 opened");
    snap_free(&sn);
    size_t len;
    char *t = game_text(g, &len);
    if (t) CHECK(strcmp(t, "3,3,3:.../.O./...:X") == 0, "text after O opened: \"%s\"", t);
    /* round trip keeps who started */
    TttGame *h = SENT_GAME;
    if (t && ST(ttt_game_from_text(t, len, &h), TTT_OK)) {
        ttt_game_first_player(h, &v);
        CHECK(v == 2, "round trip of an O-opened game: first_player %u", v);
        ttt_game_to_move(h, &v);
        CHECK(v == 1, "round trip: to_move %u", v);
        ST(ttt_game_move(h, 0, 0, 2, &w), TTT_WRONG_TURN);
        ST(ttt_game_move(h, 0, 0, 1, &w), TTT_OK);
        ST(ttt_game_play(h, 0, 1, &res), TTT_OK);
        uint32_t cl;
        ttt_game_cell(h, 0, 1, &cl);
        CHECK(cl == 2, "play after round trip put %u", cl);
        ttt_game_free(h);
    }
    free(t);
    /* undo of the opening gives back the fresh game (undo is a move's exact inverse) */
    ST(ttt_game_undo(g), TTT_OK);
    ttt_game_first_player(g, &v);
    CHECK(v == 1, "after undoing O's opening: first_player %u", v);
    ttt_game_to_move(g, &v);
    CHECK(v == 1, "after undoing O's opening: to_move %u", v);
    t = game_text(g, &len);
    if (t) CHECK(strcmp(t, "3,3,3:.../.../...:X") == 0, "text of the fresh board again: \"%s\"", t);
    free(t);
    /* the text of an empty board may still name O to open */
    static const char empty_o[] = "3,3,3:.../.../...:O";
    if (ST(ttt_game_from_text(empty_o, sizeof empty_o - 1, &h), TTT_OK)) {
        ttt_game_first_player(h, &v);
        CHECK(v == 2, "from_text(\"...:O\" empty board): first_player %u", v);
        ttt_game_to_move(h, &v);
        CHECK(v == 2, "from_text(empty, O): to_move %u", v);
        ST(ttt_game_play(h, 0, 0, &res), TTT_OK);
        uint32_t cl;
        ttt_game_cell(h, 0, 0, &cl);
        CHECK(cl == 2, "play on the loaded empty O-board put %u", cl);
        ttt_game_free(h);
    }
    ST(ttt_game_redo(g), TTT_OK);
    uint32_t cl;
    ttt_game_cell(g, 1, 1, &cl);
    CHECK(cl == 2, "redo of O's opening put %u", cl);
    ttt_game_first_player(g, &v);
    CHECK(v == 2, "redo of O's opening: first_player %u", v);
    ST(ttt_game_undo(g), TTT_OK);
    ST(ttt_game_move(g, 2, 2, 1, &w), TTT_OK); /* either player may still open */
    ttt_game_first_player(g, &v);
    CHECK(v == 1, "X reopened: first %u", v);
    ST(ttt_game_redo(g), TTT_NOTHING_TO_REDO);
    ST(ttt_game_reset(g), TTT_OK);
    ttt_game_first_player(g, &v);
    CHECK(v == 1, "reset: first %u", v);
    ST(ttt_game_undo(g), TTT_NOTHING_TO_UNDO);
    ST(ttt_game_redo(g), TTT_NOTHING_TO_REDO);

    /* win, then everything after it */
    ST(ttt_game_play(g, 0, 0, &res), TTT_OK);
    ST(ttt_game_play(g, 1, 0, &res), TTT_OK);
    ST(ttt_game_play(g, 0, 1, &res), TTT_OK);
    ST(ttt_game_play(g, 1, 1, &res), TTT_OK);
    ST(ttt_game_move(g, 0, 2, 1, &w), TTT_OK);
    CHECK(w == 1, "X completed the top row: winner %u", w);
    snap_take(g, &sn);
    ST(ttt_game_move(g, 2, 2, 2, &w), TTT_GAME_OVER);
    ST(ttt_game_move(g, 2, 2, 1, &w), TTT_GAME_OVER); /* game over before wrong turn */
    ST(ttt_game_move(g, 0, 0, 1, &w), TTT_GAME_OVER); /* game over before occupied */
    ST(ttt_game_move(g, 3, 0, 2, &w), TTT_OUT_OF_BOUNDS); /* bounds before game over */
    ST(ttt_game_move(g, 3, 0, 0, &w), TTT_INVALID_ARGUMENT);
    ST(ttt_game_play(g, 2, 2, &res), TTT_GAME_OVER);
    ST(ttt_game_play(g, 0, 0, &res), TTT_GAME_OVER);
    ST(ttt_game_play(g, 0, 3, &res), TTT_OUT_OF_BOUNDS);
    SNAP_SAME(g, &sn, "moves after a win");
    snap_free(&sn);
    size_t nw;
    uint32_t *wl = get_list(ttt_game_winning_line, g, &nw);
    CHECK(nw == 3 && wl && wl[0] + wl[1] + wl[2] == 3 && wl[1] == 1, "winning line of the top row (%zu cells)", nw);
    /* winning line buffer too small */
    uint32_t small[2] = {SENT32, SENT32};
    size_t cnt = SENTSZ;
    ST(ttt_game_winning_line(g, small, 2, &cnt), TTT_BUFFER_TOO_SMALL);
    CHECK(cnt == 3 && small[0] == SENT32 && small[1] == SENT32, "winning_line too small: count %zu, wrote cells", cnt);
    free(wl);
    ttt_game_to_move(g, &v);
    CHECK(v == 0, "to_move after a win: %u", v);
    cnt = SENTSZ;
    ST(ttt_game_legal_moves(g, NULL, 0, &cnt), TTT_OK);
    CHECK(cnt == 0, "legal moves after a win: %zu", cnt);
    ST(ttt_game_undo(g), TTT_OK);
    ttt_game_result(g, &v);
    CHECK(v == TTT_PENDING, "undo of the winning move: result %u", v);
    ST(ttt_game_redo(g), TTT_OK);
    ttt_game_result(g, &v);
    CHECK(v == TTT_A_WINS, "redo of the winning move: result %u", v);
    ttt_game_free(g);

    /* draw: X O X / X O O / O X X */
    g = newg(3, 3, 3);
    uint32_t seq[] = {0, 1, 2, 4, 3, 5, 7, 6, 8};
    for (int i = 0; i < 9; i++) ST(ttt_game_play(g, seq[i] / 3, seq[i] % 3, &res), TTT_OK);
    CHECK(res == TTT_DRAW, "full board with no line: result %u", res);
    snap_take(g, &sn);
    ST(ttt_game_move(g, 0, 0, 2, &w), TTT_GAME_OVER);
    ST(ttt_game_play(g, 0, 0, &res), TTT_GAME_OVER);
    SNAP_SAME(g, &sn, "moves after a draw");
    snap_free(&sn);
    cnt = SENTSZ;
    ST(ttt_game_winning_line(g, NULL, 0, &cnt), TTT_OK);
    CHECK(cnt == 0, "winning line of a draw: %zu", cnt);
    t = game_text(g, &len);
    if (t) CHECK(strcmp(t, "3,3,3:XOX/XOO/OXX:O") == 0, "text of the draw: \"%s\"", t);
    free(t);
    ttt_game_free(g);

    /* full board whose last move wins is a win, not a draw (X O X / O X O / O X X) */
    g = newg(3, 3, 3);
    uint32_t seq2[] = {0, 1, 2, 3, 4, 5, 7, 6, 8};
    for (int i = 0; i < 9; i++) ST(ttt_game_play(g, seq2[i] / 3, seq2[i] % 3, &res), TTT_OK);
    CHECK(res == TTT_A_WINS, "last move fills the board and wins: result %u", res);
    ttt_game_free(g);

    /* the header's example text */
    g = newg(3, 3, 3);
    ttt_game_play(g, 0, 0, &res);
    ttt_game_play(g, 0, 2, &res);
    ttt_game_play(g, 1, 1, &res);
    t = game_text(g, &len);
    if (t) CHECK(strcmp(t, "3,3,3:X.O/.X./...:O") == 0, "header example: \"%s\"", t);
    /* buffers: exact, one short, capacity 0 */
    if (t) {
        char buf[64];
        memset(buf, 'Z', sizeof buf);
        size_t l = SENTSZ;
        ST(ttt_game_to_text(g, buf, len, &l), TTT_BUFFER_TOO_SMALL);
        CHECK(l == len, "to_text too small: reported %zu need %zu", l, len);
        int untouched = 1;
        for (int i = 0; i < 64; i++) untouched &= buf[i] == 'Z';
        CHECK(untouched, "to_text with capacity == len wrote into the buffer");
        l = SENTSZ;
        ST(ttt_game_to_text(g, buf, 1, &l), TTT_BUFFER_TOO_SMALL);
        CHECK(l == len && buf[0] == 'Z', "to_text capacity 1: len %zu, buf[0] %d", l, buf[0]);
        l = SENTSZ;
        ST(ttt_game_to_text(g, buf, 0, &l), TTT_BUFFER_TOO_SMALL);
        CHECK(l == len && buf[0] == 'Z', "to_text capacity 0");
        ST(ttt_game_to_text(g, buf, 64, &l), TTT_OK);
        CHECK(buf[len] == '\0' && buf[len + 1] == 'Z', "to_text wrote past the NUL");
    }
    free(t);
    ttt_game_free(g);

    /* clone independence, with history */
    g = newg(4, 4, 3);
    ttt_game_play(g, 0, 0, &res);
    ttt_game_play(g, 1, 1, &res);
    ttt_game_undo(g);
    TttGame *c = SENT_GAME;
    if (ST(ttt_game_clone(g, &c), TTT_OK)) {
        ST(ttt_game_redo(c), TTT_OK);
        ST(ttt_game_play(g, 3, 3, &res), TTT_OK);
        ttt_game_cell(c, 3, 3, &cl);
        CHECK(cl == 0, "clone shares the board with its original");
        ttt_game_cell(c, 1, 1, &cl);
        CHECK(cl == 2, "clone: redo history not copied");
        ST(ttt_game_redo(g), TTT_NOTHING_TO_REDO);
        ttt_game_free(c);
    }
    ttt_game_free(g);

    /* 1x1 */
    g = newg(1, 1, 1);
    ST(ttt_game_move(g, 0, 0, 2, &w), TTT_OK);
    CHECK(w == 2, "1x1: O opens and wins, winner %u", w);
    t = game_text(g, &len);
    if (t) {
        CHECK(strcmp(t, "1,1,1:O:X") == 0, "1x1 O won: text \"%s\"", t);
        TttGame *h2 = SENT_GAME;
        if (ST(ttt_game_from_text(t, len, &h2), TTT_OK)) {
            ttt_game_result(h2, &v);
            CHECK(v == TTT_B_WINS, "1x1 O won reloaded: result %u", v);
            ttt_game_first_player(h2, &v);
            CHECK(v == 2, "1x1 O won reloaded: first %u", v);
            ttt_game_free(h2);
        }
    }
    free(t);
    ttt_game_free(g);
}

/* ------------------------------------------------------------------------------------------ */
/* 5. random games against the model                                                          */

static void test_model_fuzz(void) {
    struct {
        uint32_t r, c, k;
    } shapes[] = {{3, 3, 3}, {4, 4, 3}, {1, 5, 3}, {5, 1, 2}, {3, 5, 4}, {2, 2, 2}, {1, 1, 1},
                  {4, 4, 4}, {6, 7, 4}, {9, 9, 5}, {10, 3, 3}, {2, 9, 1}, {8, 8, 8}, {3, 7, 7}, {8, 7, 3}, {7, 8, 4},
                  {2, 31, 2}, {2, 32, 3}, {1, 64, 4}, {64, 1, 3}, {4, 16, 3}, {20, 5, 5}, {5, 20, 5}};
    int iters = 1500;
    for (size_t si = 0; si < sizeof shapes / sizeof *shapes; si++) {
        uint32_t R = shapes[si].r, C = shapes[si].c, K = shapes[si].k;
        Model m;
        m_init(&m, R, C, K);
        TttGame *g = newg(R, C, K);
        char ctx[160];
        int bad = 0;
        for (int it = 0; it < iters && !bad; it++) {
            uint32_t op = rnd(100), r = rnd(R), c = rnd(C), p = 1 + rnd(2);
            if (rnd(20) == 0) r = rnd(2) ? R + rnd(3) : 0xffffffffu;
            if (rnd(20) == 0) c = rnd(2) ? C + rnd(3) : 0xffffffffu;
            if (rnd(25) == 0) p = rnd(2) ? 0 : 3 + rnd(1000);
            if (rnd(3) == 0 && !m.res) p = m_to_move(&m);
            TttStatus want = TTT_OK, got = TTT_OK;
            uint32_t out = SENT32;
            if (op < 35) {
                snprintf(ctx, sizeof ctx, "%u,%u,%u op %d move(%u,%u,player %u)", R, C, K, it, r, c, p);
                want = m_move(&m, r, c, p);
                got = ttt_game_move(g, r, c, p, &out);
                if (got == TTT_OK && want == TTT_OK)
                    CHECK(out == (m.res == 1 || m.res == 2 ? m.res : 0), "%s: out_winner %u", ctx, out);
            } else if (op < 65) {
                snprintf(ctx, sizeof ctx, "%u,%u,%u op %d play(%u,%u)", R, C, K, it, r, c);
                want = m_play(&m, r, c);
                got = ttt_game_play(g, r, c, &out);
                if (got == TTT_OK && want == TTT_OK) CHECK(out == m.res, "%s: out_result %u want %u", ctx, out, m.res);
            } else if (op < 77) {
                snprintf(ctx, sizeof ctx, "%u,%u,%u op %d undo", R, C, K, it);
                want = m_undo(&m);
                got = ttt_game_undo(g);
            } else if (op < 89) {
                snprintf(ctx, sizeof ctx, "%u,%u,%u op %d redo", R, C, K, it);
                want = m_redo(&m);
                got = ttt_game_redo(g);
            } else if (op < 91) {
                snprintf(ctx, sizeof ctx, "%u,%u,%u op %d reset", R, C, K, it);
                m_reset(&m);
                got = ttt_game_reset(g);
            } else if (op < 96) {
                snprintf(ctx, sizeof ctx, "%u,%u,%u op %d text round trip", R, C, K, it);
                size_t len;
                char *t = game_text(g, &len);
                TttGame *h = SENT_GAME;
                got = t ? ttt_game_from_text(t, len, &h) : TTT_INTERNAL_ERROR;
                if (got == TTT_OK) {
                    ttt_game_free(g);
                    g = h;
                    m.nh = m.nr = 0;
                } else
                    FAIL("%s: from_text(\"%.100s\") of the game's own text: %s", ctx, t ? t : "?", sname(got));
                free(t);
            } else {
                snprintf(ctx, sizeof ctx, "%u,%u,%u op %d clone", R, C, K, it);
                TttGame *h = SENT_GAME;
                got = ttt_game_clone(g, &h);
                if (got == TTT_OK) {
                    ttt_game_free(g);
                    g = h;
                }
            }
            n_checks++;
            if (got != want) {
                FAIL("%s: expected %s got %s", ctx, sname(want), sname(got));
                bad = 1;
            }
            if (got != TTT_OK && out != SENT32) FAIL("%s: failed call wrote its out-pointer (%u)", ctx, out);
            if (!m_compare(&m, g, ctx)) bad = 1;
        }
        ttt_game_free(g);
        m_free(&m);
    }
}


/* ------------------------------------------------------------------------------------------ */
/* 5b. games aimed at a line, on shapes around the internal layouts (64 cells, a 64-bit        */
/*     bitboard of rows x (cols + 1), whole-row/column tallies), compared with the model       */

static void test_targeted(void) {
    struct {
        uint32_t r, c, k;
    } shapes[] = {{3, 3, 3},  {4, 4, 4},  {5, 5, 5},  {8, 8, 8},   {9, 9, 9},   {12, 12, 12}, {20, 5, 5},
                  {5, 20, 5}, {10, 6, 6}, {6, 10, 6}, {1, 100, 100}, {100, 1, 100}, {1, 70, 5}, {70, 1, 5},
                  {8, 7, 4},  {7, 8, 5},  {2, 31, 2}, {2, 32, 3},  {1, 63, 7},  {1, 64, 8},   {4, 15, 4},
                  {4, 16, 4}, {3, 20, 3}, {13, 5, 5}, {16, 16, 5}, {8, 8, 5},   {5, 13, 4},   {64, 1, 3},
                  {1, 65, 3}, {7, 9, 4},  {9, 7, 4},  {2, 2, 1},   {6, 6, 6},   {32, 2, 2},   {21, 3, 3},
                  {40, 40, 40}};
    int bad = 0;
    for (size_t si = 0; si < sizeof shapes / sizeof *shapes && !bad; si++) {
        uint32_t R = shapes[si].r, C = shapes[si].c, K = shapes[si].k;
        size_t cells = (size_t)R * C;
        uint32_t *line = xmalloc((K + 3) * sizeof *line);
        for (int gi = 0; gi < 40 && !bad; gi++) {
            /* a run of L = K..K+2 cells that fits */
            uint32_t L = K + rnd(3), d, r0, c0;
            int tries = 0;
            for (;;) {
                if (++tries > 200) L = K;
                d = rnd(4);
                int dr = DIRS[d][0], dc = DIRS[d][1];
                r0 = rnd(R);
                c0 = rnd(C);
                long re = r0 + (long)dr * (L - 1), ce = c0 + (long)dc * (L - 1);
                if (re >= 0 && re < (long)R && ce >= 0 && ce < (long)C) break;
            }
            for (uint32_t i = 0; i < L; i++) line[i] = (r0 + DIRS[d][0] * i) * C + (c0 + DIRS[d][1] * i);
            for (uint32_t i = L; i > 1; i--) {
                uint32_t j = rnd(i), t = line[i - 1];
                line[i - 1] = line[j];
                line[j] = t;
            }
            uint32_t hero = 1 + rnd(2), opener = 1 + rnd(2);
            Model m;
            m_init(&m, R, C, K);
            TttGame *g = newg(R, C, K);
            size_t li = 0;
            char ctx[160];
            for (uint32_t mvn = 0; !m.res && mvn < cells && !bad; mvn++) {
                uint32_t p = mvn == 0 ? opener : m_to_move(&m), cell;
                if (p == hero && li < L) cell = line[li++];
                else {
                    /* the other side avoids the hero's run and, when it can, its own line */
                    int t;
                    for (t = 0; t < 50; t++) {
                        cell = rnd((uint32_t)cells);
                        if (m.b[cell]) continue;
                        int onrun = 0;
                        for (uint32_t i = li; i < L; i++) onrun |= line[i] == cell;
                        if (onrun) continue;
                        m.b[cell] = (uint8_t)p;
                        int wins = ref_has_line(m.b, R, C, K, (uint8_t)p);
                        m.b[cell] = 0;
                        if (!wins || t > 40) break;
                    }
                    if (t == 50) {
                        for (cell = 0; cell < cells && m.b[cell]; cell++) {}
                    }
                }
                snprintf(ctx, sizeof ctx, "aimed %u,%u,%u game %d move %u (%u,%u) player %u", R, C, K, gi, mvn,
                         cell / C, cell % C, p);
                uint32_t w = SENT32;
                TttStatus want = m_move(&m, cell / C, cell % C, p), got = ttt_game_move(g, cell / C, cell % C, p, &w);
                n_checks++;
                if (got != want) {
                    FAIL("%s: expected %s got %s", ctx, sname(want), sname(got));
                    bad = 1;
                    break;
                }
                if (got == TTT_OK) CHECK(w == (m.res == 1 || m.res == 2 ? m.res : 0), "%s: winner %u", ctx, w);
                if (m.res || mvn % 7 == 0)
                    if (!m_compare(&m, g, ctx)) bad = 1;
            }
            if (!bad && m.res) {
                /* the finished game through a text round trip */
                size_t len;
                char *t = game_text(g, &len);
                TttGame *h = SENT_GAME;
                if (t && ST(ttt_game_from_text(t, len, &h), TTT_OK)) {
                    m.nh = m.nr = 0;
                    snprintf(ctx, sizeof ctx, "aimed %u,%u,%u game %d reloaded", R, C, K, gi);
                    if (!m_compare(&m, h, ctx)) bad = 1;
                    ttt_game_free(h);
                }
                free(t);
            }
            ttt_game_free(g);
            m_free(&m);
        }
        free(line);
    }
}

/* whole-row, whole-column and whole-diagonal lines on the largest boards */
static void huge_line(uint32_t N, int kind) {
    /* kind 0: X fills row N-1, O row 0 but one cell; 1: column; 2: main diagonal; 3: anti-diagonal */
    TttGame *g = newg(N, N, N);
    uint32_t w = SENT32, res;
    int ok = 1;
    for (uint32_t i = 0; i < N && ok; i++) {
        uint32_t xr, xc, orr, oc;
        switch (kind) {
        case 0: xr = N - 1; xc = i; orr = 0; oc = i; break;
        case 1: xr = i; xc = N - 1; orr = i; oc = 0; break;
        case 2: xr = i; xc = i; orr = i; oc = (i + 1) % N; break;
        default: xr = i; xc = N - 1 - i; orr = i; oc = (2 * N - i) % N; break;
        }
        if (ttt_game_move(g, xr, xc, 1, &w) != TTT_OK) ok = 0;
        if (i + 1 < N) {
            if (w != 0) {
                FAIL("%ux%u k%u kind %d: X won after %u stones", N, N, N, kind, i + 1);
                ok = 0;
            }
            if (ttt_game_move(g, orr, oc, 2, &w) != TTT_OK || w != 0) {
                FAIL("%ux%u k%u kind %d: O move %u failed or won (%u)", N, N, N, kind, i, w);
                ok = 0;
            }
        }
    }
    CHECK(ok && w == 1, "%ux%u k%u kind %d: X's full line did not win (winner %u)", N, N, N, kind, w);
    ttt_game_result(g, &res);
    CHECK(res == TTT_A_WINS, "result %u", res);
    size_t n = SENTSZ;
    ttt_game_winning_line(g, NULL, 0, &n);
    CHECK(n == N, "%ux%u kind %d: winning line %zu cells", N, N, kind, n);
    ttt_game_free(g);
}

static void test_huge(void) {
    huge_line(4096, 0);
    huge_line(4096, 1);
    huge_line(4096, 2);
    huge_line(4096, 3);
    huge_line(8192, 2);
    huge_line(8192, 3);
    /* 1 x MAX and MAX x 1, k 3 at the far end */
    for (int vert = 0; vert < 2; vert++) {
        uint32_t R = vert ? TTT_MAX_CELLS : 1, C = vert ? 1 : TTT_MAX_CELLS, w = SENT32;
        TttGame *g = newg(R, C, 3);
        uint32_t e = TTT_MAX_CELLS - 1;
        uint32_t xs[] = {e, e - 2, e - 1}, os[] = {0, 2};
        for (int i = 0; i < 3; i++) {
            ST(ttt_game_move(g, vert ? xs[i] : 0, vert ? 0 : xs[i], 1, &w), TTT_OK);
            if (i < 2) ST(ttt_game_move(g, vert ? os[i] : 0, vert ? 0 : os[i], 2, &w), TTT_OK);
        }
        CHECK(w == 1, "%ux%u k3: X's three at the far end, winner %u", R, C, w);
        uint32_t wl[4];
        size_t n = SENTSZ;
        ST(ttt_game_winning_line(g, wl, 4, &n), TTT_OK);
        CHECK(n == 3 && ((wl[0] == e - 2 && wl[2] == e) || (wl[0] == e && wl[2] == e - 2)), "winning line %zu", n);
        n = SENTSZ;
        ST(ttt_game_cells(g, NULL, 0, &n), TTT_BUFFER_TOO_SMALL);
        CHECK(n == TTT_MAX_CELLS, "cells count %zu", n);
        n = SENTSZ;
        ST(ttt_game_legal_moves(g, NULL, 0, &n), TTT_OK);
        CHECK(n == 0, "legal moves after the win %zu", n);
        ST(ttt_game_undo(g), TTT_OK);
        n = SENTSZ;
        ST(ttt_game_legal_moves(g, NULL, 0, &n), TTT_BUFFER_TOO_SMALL);
        CHECK(n == TTT_MAX_CELLS - 4, "legal moves count %zu", n);
        ttt_game_free(g);
    }
}

/* ------------------------------------------------------------------------------------------ */
/* 6. judge                                                                                   */

static void judge_one(const uint32_t *mv, size_t n, uint32_t R, uint32_t C, uint32_t K, const char *ctx, int *bad) {
    uint32_t rres = SENT32;
    size_t rbad = SENTSZ;
    TttStatus want = ref_judge(mv, n, R, C, K, &rres, &rbad);
    TttResult res = SENT32;
    size_t bi = SENTSZ;
    TttStatus got = ttt_judge_ex(mv, n, R, C, K, &res, &bi);
    TttResult res2 = SENT32;
    TttStatus got2 = ttt_judge(mv, n, R, C, K, &res2);
    n_checks++;
    if (got != want || got2 != want) {
        FAIL("%s: judge %u,%u,%u of %zu moves: expected %s, judge_ex %s, judge %s", ctx, R, C, K, n, sname(want),
             sname(got), sname(got2));
        *bad = 1;
        return;
    }
    if (want == TTT_OK) {
        CHECK(res == rres && res2 == rres, "%s: judge result expected %u got %u/%u", ctx, rres, res, res2);
        CHECK(bi == SENTSZ, "%s: judge_ex wrote bad index on success", ctx);
        if (res != rres) *bad = 1;
    } else {
        CHECK(res == SENT32 && res2 == SENT32, "%s: failed judge wrote the result", ctx);
        if (want == TTT_OUT_OF_BOUNDS || want == TTT_CELL_OCCUPIED || want == TTT_GAME_OVER) {
            CHECK(bi == rbad, "%s: %s bad index expected %zu got %zu", ctx, sname(want), rbad, bi);
            if (bi != rbad) *bad = 1;
        } else
            CHECK(bi == SENTSZ, "%s: %s wrote the bad index", ctx, sname(want));
    }
    if (R == 3 && C == 3 && K == 3) {
        const char *ans = (const char *)&rng_state;
        TttStatus s = ttt_find_winner(mv, n, &ans);
        CHECK(s == want, "%s: find_winner %s vs judge %s", ctx, sname(s), sname(want));
        if (s == TTT_OK && want == TTT_OK)
            CHECK(strcmp(ans, ttt_result_str(rres)) == 0, "%s: find_winner \"%s\"", ctx, ans);
        else
            CHECK(ans == (const char *)&rng_state, "%s: failed find_winner wrote out", ctx);
    }
}

static void test_judge(void) {
    int bad = 0;
    uint32_t mv[64];
    /* sizes */
    judge_one(NULL, 0, 0, 3, 3, "rows 0", &bad);
    judge_one(NULL, 0, 3, 0, 3, "cols 0", &bad);
    judge_one(NULL, 0, 3, 3, 0, "k 0", &bad);
    judge_one(NULL, 0, 3, 3, 4, "k 4", &bad);
    judge_one(NULL, 0, 0xffffffffu, 0xffffffffu, 3, "huge", &bad);
    judge_one(NULL, 0, 65536, 65536, 3, "2^32 cells", &bad);
    judge_one(NULL, 0, 65537, 65536, 3, "2^32+2^16 cells", &bad);
    judge_one(NULL, 0, 1, 67108865u, 1, "MAX+1 cells", &bad);
    mv[0] = 67108863u;
    mv[1] = 0;
    mv[2] = 0;
    mv[3] = 0;
    judge_one(mv, 2, 67108864u, 1, 1, "1 col x MAX rows, k 1", &bad);
    mv[0] = 4095;
    mv[1] = 4095;
    mv[2] = 0;
    mv[3] = 0;
    mv[4] = 4094;
    mv[5] = 4094;
    judge_one(mv, 3, 4096, 4096, 5, "4096x4096", &bad);
    /* simple ones */
    uint32_t empty[1] = {0};
    judge_one(empty, 0, 3, 3, 3, "empty list", &bad);
    uint32_t rep[] = {0, 0, 1, 1, 0, 0};
    judge_one(rep, 3, 3, 3, 3, "repeated cell", &bad);
    uint32_t oob1[] = {0, 0, 0, 3};
    judge_one(oob1, 2, 3, 3, 3, "col 3", &bad);
    uint32_t oob2[] = {0, 0, 1, 0xfffffffdu};
    judge_one(oob2, 2, 3, 3, 3, "col wraps", &bad);
    uint32_t oob3[] = {0xffffffffu, 0xffffffffu};
    judge_one(oob3, 1, 3, 3, 3, "UINT32_MAX", &bad);
    uint32_t after[] = {0, 0, 1, 0, 0, 1, 1, 1, 0, 2, 2, 2};
    judge_one(after, 6, 3, 3, 3, "move after A won", &bad);
    uint32_t afteroob[] = {0, 0, 1, 0, 0, 1, 1, 1, 0, 2, 9, 9};
    judge_one(afteroob, 6, 3, 3, 3, "off-board move after A won", &bad);
    uint32_t afterocc[] = {0, 0, 1, 0, 0, 1, 1, 1, 0, 2, 0, 0};
    judge_one(afterocc, 6, 3, 3, 3, "occupied move after A won (GAME_OVER first)", &bad);
    uint32_t draw[] = {0, 0, 0, 1, 0, 2, 1, 1, 1, 0, 1, 2, 2, 1, 2, 0, 2, 2};
    judge_one(draw, 9, 3, 3, 3, "draw", &bad);
    uint32_t afterdraw[] = {0, 0, 0, 1, 0, 2, 1, 1, 1, 0, 1, 2, 2, 1, 2, 0, 2, 2, 0, 0};
    judge_one(afterdraw, 10, 3, 3, 3, "move after draw", &bad);
    uint32_t one[] = {0, 0, 0, 1};
    judge_one(one, 2, 1, 1, 1, "1x1: second move", &bad);

    /* random games */
    struct {
        uint32_t r, c, k;
    } shapes[] = {{3, 3, 3}, {4, 4, 3}, {1, 7, 3}, {7, 1, 3}, {1, 9, 9}, {9, 1, 1}, {15, 15, 5},
                  {4, 4, 4}, {3, 5, 3}, {5, 3, 3}, {2, 2, 2}, {6, 6, 4}, {1, 1, 1}, {8, 9, 8},
                  {8, 8, 4}, {8, 7, 3}, {7, 8, 4}, {2, 31, 2}, {2, 32, 3}, {1, 63, 3}, {1, 64, 4}, {64, 1, 3},
                  {4, 16, 3}, {4, 15, 3}, {5, 13, 3}, {3, 21, 3}, {21, 3, 3}, {9, 7, 4}};
    for (size_t si = 0; si < sizeof shapes / sizeof *shapes && !bad; si++) {
        uint32_t R = shapes[si].r, C = shapes[si].c, K = shapes[si].k;
        size_t cells = (size_t)R * C, maxn = cells + 3;
        uint32_t *ml = xmalloc(2 * maxn * sizeof *ml);
        uint32_t *perm = xmalloc(cells * sizeof *perm);
        for (int it = 0; it < 400 && !bad; it++) {
            for (uint32_t i = 0; i < cells; i++) perm[i] = i;
            for (uint32_t i = cells; i > 1; i--) {
                uint32_t j = rnd(i), t = perm[i - 1];
                perm[i - 1] = perm[j];
                perm[j] = t;
            }
            size_t n = rnd((uint32_t)maxn + 1);
            for (size_t i = 0; i < n; i++) {
                uint32_t cell = perm[i % cells];
                uint32_t r = cell / C, c = cell % C;
                uint32_t x = rnd(60);
                if (x == 0) r = R + rnd(2);
                else if (x == 1) c = C + rnd(2);
                else if (x == 2) r = 0xffffffffu;
                else if (x == 3 && i) {
                    r = ml[2 * (i - 1)];
                    c = ml[2 * (i - 1) + 1];
                }
                ml[2 * i] = r;
                ml[2 * i + 1] = c;
            }
            char ctx[80];
            snprintf(ctx, sizeof ctx, "random judge %u,%u,%u #%d", R, C, K, it);
            judge_one(ml, n, R, C, K, ctx, &bad);
        }
        free(ml);
        free(perm);
    }
}

/* ------------------------------------------------------------------------------------------ */
/* 7. validate                                                                                */

static unsigned long verdict_seen[8];

static void validate_one(const char *t, size_t len, uint32_t R, uint32_t C, uint32_t K, const char *ctx, int *bad) {
    TttStatus want;
    uint32_t rv = SENT32;
    if (!ref_size(R, C, K, &want)) {
    } else {
        uint8_t *b = xmalloc((size_t)R * C);
        want = ref_parse_board(t, len, R, C, b);
        if (want == TTT_OK) rv = ref_verdict(b, R, C, K);
        free(b);
    }
    TttVerdict v = SENT32;
    TttStatus got = ttt_validate(t, len, R, C, K, &v);
    n_checks++;
    if (got != want) {
        FAIL("%s: validate(\"%.*s\", %u,%u,%u): expected %s got %s", ctx, (int)(len < 120 ? len : 120), t, R, C, K,
             sname(want), sname(got));
        *bad = 1;
        return;
    }
    if (got != TTT_OK) {
        CHECK(v == SENT32, "%s: failed validate wrote the verdict", ctx);
        return;
    }
    if (v < 8) verdict_seen[v]++;
    n_checks++;
    if (v != MUT(rv, (rv + (R == 3 && C == 3 && rv == 3))))  {
        FAIL("%s: validate(\"%.*s\", %u,%u,%u): the validity rule %u (%s), library %u (%s)", ctx,
             (int)(len < 120 ? len : 120), t, R, C, K, rv, ttt_verdict_str(rv), v, ttt_verdict_str(v));
        *bad = 1;
    }
}

static size_t fmt_board(const uint8_t *b, uint32_t R, uint32_t C, char *out, int noisy) {
    size_t n = 0;
    for (uint32_t r = 0; r < R; r++)
        for (uint32_t c = 0; c < C; c++) {
            if (noisy) {
                for (int e = 0; e < 2 && rnd(8) == 0; e++) out[n++] = rnd(2) ? '/' : '\n';
            } else if (c == 0 && r)
                out[n++] = '/';
            uint8_t v = b[r * C + c];
            out[n++] = v == 1 ? 'X' : v == 2 ? 'O' : (noisy && rnd(2)) ? ' ' : '.';
        }
    if (noisy)
        for (int e = 0; e < 2 && rnd(6) == 0; e++) out[n++] = rnd(2) ? '/' : '\n';
    return n;
}

static void test_validate(void) {
    int bad = 0;
    /* formats */
    validate_one(".........", 9, 3, 3, 3, "dots", &bad);
    validate_one("         ", 9, 3, 3, 3, "spaces", &bad);
    validate_one("X../.O./...", 11, 3, 3, 3, "slashes", &bad);
    validate_one("X..\n.O.\n...", 11, 3, 3, 3, "newlines", &bad);
    validate_one("//X..//.O...\n.\n//", 18, 3, 3, 3, "separators anywhere", &bad);
    validate_one("X.\n./.O..../", 12, 3, 3, 3, "separators off the row boundaries", &bad);
    validate_one("X..\r\n.O.\r\n...", 13, 3, 3, 3, "CRLF", &bad);
    validate_one("x........", 9, 3, 3, 3, "lowercase x", &bad);
    validate_one("0........", 9, 3, 3, 3, "zero", &bad);
    validate_one("X.......", 8, 3, 3, 3, "8 cells", &bad);
    validate_one("X.........", 10, 3, 3, 3, "10 cells", &bad);
    validate_one("X...\0....", 9, 3, 3, 3, "embedded NUL", &bad);
    validate_one("X........\0", 10, 3, 3, 3, "trailing NUL", &bad);
    validate_one("X..\t.O....", 10, 3, 3, 3, "tab", &bad);
    validate_one("", 0, 1, 1, 1, "empty text 1x1", &bad);
    validate_one("X", 1, 1, 1, 1, "1x1 X", &bad);
    validate_one("O", 1, 1, 1, 1, "1x1 O", &bad);
    validate_one("X", 1, 0, 1, 1, "rows 0", &bad);
    validate_one("X", 1, 1, 0, 1, "cols 0", &bad);
    validate_one("X", 1, 1, 1, 0, "k 0", &bad);
    validate_one("X", 1, 1, 1, 2, "k 2 > max", &bad);
    validate_one("X", 1, 65536, 65536, 3, "2^32 cells", &bad);
    validate_one("X", 1, 65537, 65536, 3, "wrapping cells", &bad);
    validate_one("X", 1, 0xffffffffu, 0xffffffffu, 1, "UINT32_MAX", &bad);
    validate_one("\xc3\x97........", 10, 3, 3, 3, "UTF-8", &bad);
    /* every verdict, hand-made */
    validate_one("O........", 9, 3, 3, 3, "too many O", &bad);
    validate_one("XX.......", 9, 3, 3, 3, "too many X", &bad);
    validate_one("XXXOOO...", 9, 3, 3, 3, "both win", &bad);
    validate_one("XXXOO.O..", 9, 3, 3, 3, "X won then O moved", &bad);
    validate_one("OOOXX.X.X", 9, 3, 3, 3, "O won then X moved", &bad);
    validate_one("XXO/O../XXO", 11, 3, 3, 2, "X lines disjoint", &bad);
    validate_one("OOX/X.X/OOX", 11, 3, 3, 2, "O lines disjoint?", &bad);
    validate_one("XXXXX/OO.OO", 11, 2, 5, 3, "X run of 5, k 3 (overline)", &bad);
    validate_one("XXX.XXX/OOO.OOO", 15, 2, 7, 3, "two X runs", &bad);
    validate_one("XOX/OXO/XOX", 11, 3, 3, 3, "two X diagonals sharing the centre", &bad);
    validate_one("XXXXXXOO.OO.O", 13, 1, 13, 3, "X run of 6, k 3: no single stone breaks it", &bad);
    validate_one("XXXXXOO.OO...", 13, 1, 13, 3, "X run of 5, k 3: the middle stone", &bad);

    /* random boards */
    struct {
        uint32_t r, c, k;
    } shapes[] = {{3, 3, 3}, {4, 4, 3}, {3, 5, 3}, {5, 3, 4}, {4, 6, 4}, {2, 7, 2}, {1, 8, 3}, {8, 1, 3},
                  {6, 6, 4}, {7, 9, 5}, {10, 10, 5}, {1, 1, 1}, {2, 2, 1}, {3, 3, 2}, {5, 5, 5}, {2, 9, 9},
                  {9, 2, 2}, {4, 4, 2},
                  {8, 8, 4}, {8, 7, 3}, {7, 8, 4}, {2, 31, 2}, {2, 32, 3}, {1, 63, 3}, {1, 64, 4}, {64, 1, 3},
                  {4, 16, 3}, {4, 15, 3}, {5, 13, 3}, {3, 21, 3}, {21, 3, 3}, {9, 7, 4}, {8, 8, 8}};
    for (size_t si = 0; si < sizeof shapes / sizeof *shapes && !bad; si++) {
        uint32_t R = shapes[si].r, C = shapes[si].c, K = shapes[si].k;
        size_t cells = (size_t)R * C;
        uint8_t *b = xmalloc(cells);
        char *t = xmalloc(cells * 8 + 64);
        for (int it = 0; it < 1500 && !bad; it++) {
            int mode = rnd(3);
            if (mode == 0) {
                uint32_t px = rnd(100), po = rnd(100);
                for (size_t i = 0; i < cells; i++) {
                    uint32_t x = rnd(200);
                    b[i] = x < px ? 1 : x < px + po ? 2 : 0;
                }
            } else {
                /* a random legal game (X first), stopped at its end or earlier, maybe perturbed */
                memset(b, 0, cells);
                size_t n = rnd((uint32_t)cells + 1);
                for (size_t i = 0; i < n; i++) {
                    uint32_t cell;
                    do cell = rnd((uint32_t)cells);
                    while (b[cell]);
                    b[cell] = (i % 2) ? 2 : 1;
                    if (ref_has_line(b, R, C, K, b[cell])) break;
                }
                if (mode == 2) {
                    uint32_t cell = rnd((uint32_t)cells);
                    b[cell] = (uint8_t)rnd(3);
                    if (rnd(2)) b[rnd((uint32_t)cells)] = (uint8_t)(1 + rnd(2));
                }
            }
            size_t len = fmt_board(b, R, C, t, rnd(2));
            char ctx[64];
            snprintf(ctx, sizeof ctx, "random %u,%u,%u #%d", R, C, K, it);
            validate_one(t, len, R, C, K, ctx, &bad);
        }
        free(b);
        free(t);
    }
    for (int v = 0; v < 8; v++)
        CHECK(verdict_seen[v] > 0, "verdict %d (%s) never produced by ttt_validate", v, ttt_verdict_str(v));

    /* a big board */
    size_t big = 4096u * 4096u;
    char *t = xmalloc(big + 1);
    memset(t, '.', big);
    t[0] = 'X';
    TttVerdict v = SENT32;
    ST(ttt_validate(t, big, 4096, 4096, 5, &v), TTT_OK);
    CHECK(v == TTT_VALID, "4096x4096 with one X: verdict %u", v);
    ST(ttt_validate(t, big, 4096, 4095, 5, &v), TTT_PARSE_ERROR);
    free(t);

    /* validate_rows */
    const char *r1[] = {"X..", ".O.", "..."};
    v = SENT32;
    ST(ttt_validate_rows(r1, 3, 0, &v), TTT_OK);
    CHECK(v == TTT_VALID, "validate_rows verdict %u", v);
    const char *r2[] = {"XXX", "OO.", "O.."};
    ST(ttt_validate_rows(r2, 3, 0, &v), TTT_OK);
    CHECK(v == TTT_X_WON_THEN_O_MOVED, "validate_rows verdict %u", v);
    const char *r3[] = {"XO..", "...."};
    v = SENT32;
    ST(ttt_validate_rows(r3, 2, 0, &v), TTT_INVALID_ARGUMENT);
    ST(ttt_validate_rows(r3, 2, 3, &v), TTT_OK);
    CHECK(v == TTT_VALID, "validate_rows 2x4 k3 verdict %u", v);
    ST(ttt_validate_rows(r3, 2, 5, &v), TTT_INVALID_ARGUMENT);
    const char *r4[] = {"X..", ".O", "..."};
    v = SENT32;
    ST(ttt_validate_rows(r4, 3, 0, &v), TTT_PARSE_ERROR);
    const char *r5[] = {"", "", ""};
    TttStatus s = ttt_validate_rows(r5, 3, 0, &v);
    CHECK(s == TTT_INVALID_ARGUMENT || s == TTT_PARSE_ERROR, "validate_rows of empty rows (cols 0): %s", sname(s));
    const char *r6[] = {"X.q", "...", "..."};
    ST(ttt_validate_rows(r6, 3, 0, &v), TTT_PARSE_ERROR);
    CHECK(v == SENT32, "failed validate_rows wrote verdict");
    const char *r7[] = {"X/.", "..", ".."};
    s = ttt_validate_rows(r7, 3, 0, &v);
    if (s != TTT_PARSE_ERROR)
        NOTE("ttt_validate_rows({\"X/.\",\"..\",\"..\"}, k 0) -> %s (rows of unequal strlen; '/' inside a row string)",
             sname(s));
    const char *r8[] = {"X  ", " O ", "   "};
    v = SENT32;
    ST(ttt_validate_rows(r8, 3, 0, &v), TTT_OK);
    CHECK(v == TTT_VALID, "validate_rows with spaces verdict %u", v);
}

/* ------------------------------------------------------------------------------------------ */
/* 8. from_text                                                                               */

static void text_case(const char *t, size_t len, TttStatus want, const char *what) {
    TttGame *g = SENT_GAME;
    TttStatus s = ttt_game_from_text(t, len, &g);
    n_checks++;
    if (s != want) FAIL("ttt_game_from_text(\"%.*s\") [%s]: expected %s got %s", (int)len, t, what, sname(want), sname(s));
    if (s == TTT_OK) ttt_game_free(g);
    else CHECK(g == SENT_GAME, "failed from_text wrote *out_game [%s]", what);
}
#define TC(lit, want) text_case((lit), sizeof(lit) - 1, (want), (lit))

/* reference for well-formed texts: status of loading this board with this P */
static TttStatus ref_load(uint8_t *b, uint32_t R, uint32_t C, uint32_t K, char P, uint32_t *first) {
    size_t n = (size_t)R * C, x = 0, o = 0;
    for (size_t i = 0; i < n; i++) {
        x += b[i] == 1;
        o += b[i] == 2;
    }
    if (x == o + 1) {
        if (P != 'O') return TTT_UNREACHABLE_BOARD;
        *first = 1;
    } else if (o == x + 1) {
        if (P != 'X') return TTT_UNREACHABLE_BOARD;
        *first = 2;
    } else if (x == o)
        *first = P == 'X' ? 1 : 2;
    else
        return TTT_UNREACHABLE_BOARD;
    if (*first == 2)
        for (size_t i = 0; i < n; i++) b[i] = b[i] ? (uint8_t)(3 - b[i]) : 0;
    uint32_t v = ref_verdict(b, R, C, K);
    if (*first == 2)
        for (size_t i = 0; i < n; i++) b[i] = b[i] ? (uint8_t)(3 - b[i]) : 0;
    return v == TTT_VALID ? TTT_OK : TTT_UNREACHABLE_BOARD;
}

static void test_from_text(void) {
    TC("3,3,3:.........:X", TTT_OK);
    TC("3,3,3:X.O/.X./...:O", TTT_OK);
    TC("3,3,3:X  \n O \n   :X", TTT_OK); /* ' ' and '\n' in the board part */
    TC("3,3,3:/X../.O./.../:X", TTT_OK);
    TC("3,3,3:.........:O", TTT_OK);
    TC("1,1,1:.:X", TTT_OK);
    TC("1,1,1:X:O", TTT_OK);
    TC("1,1,1:X:X", TTT_UNREACHABLE_BOARD);
    TC("3,3,3:XX.......:O", TTT_UNREACHABLE_BOARD);
    TC("3,3,3:X........:X", TTT_UNREACHABLE_BOARD);
    TC("3,3,3:O........:O", TTT_UNREACHABLE_BOARD);
    TC("3,3,3:XXXOOO...:X", TTT_UNREACHABLE_BOARD);
    TC("3,3,3:XXXOO....:O", TTT_OK);
    TC("3,3,3:XXXOO....:X", TTT_UNREACHABLE_BOARD);
    TC("3,3,3:OOOXX....:X", TTT_OK); /* O started and won: X's turn by alternation */
    TC("3,3,3:OOOXX....:O", TTT_UNREACHABLE_BOARD);
    TC("3,3,3:OOOXXX...:X", TTT_UNREACHABLE_BOARD);
    /* malformed */
    TC("", TTT_PARSE_ERROR);
    TC("3,3,3", TTT_PARSE_ERROR);
    TC("3,3,3:", TTT_PARSE_ERROR);
    TC("3,3,3:.........", TTT_PARSE_ERROR);
    TC("3,3,3:.........:", TTT_PARSE_ERROR);
    TC("3,3,3:........:X", TTT_PARSE_ERROR);
    TC("3,3,3:..........:X", TTT_PARSE_ERROR);
    TC("3,3,3:.........:XO", TTT_PARSE_ERROR);
    TC("3,3,3:.........:XX", TTT_PARSE_ERROR);
    TC("3,3,3:.........:x", TTT_PARSE_ERROR);
    TC("3,3,3:.........:.", TTT_PARSE_ERROR);
    TC("3,3,3:.........:1", TTT_PARSE_ERROR);
    TC("3,3,3:.........:X:", TTT_PARSE_ERROR);
    TC("3,3,3:.........:X:O", TTT_PARSE_ERROR);
    TC("3,3,3:.........:X ", TTT_PARSE_ERROR);
    TC("3,3,3:.........:Xgarbage", TTT_PARSE_ERROR);
    TC("3,3:.........:X", TTT_PARSE_ERROR);
    TC("3,3,3,3:.........:X", TTT_PARSE_ERROR);
    TC("3,3,:.........:X", TTT_PARSE_ERROR);
    TC(",3,3:.........:X", TTT_PARSE_ERROR);
    TC("3,,3,3:.........:X", TTT_PARSE_ERROR);
    TC("a,3,3:.........:X", TTT_PARSE_ERROR);
    TC("3;3;3:.........:X", TTT_PARSE_ERROR);
    TC("-3,3,3:.........:X", TTT_PARSE_ERROR);
    TC("3,-3,3:.........:X", TTT_PARSE_ERROR);
    TC("3,3,-3:.........:X", TTT_PARSE_ERROR);
    TC("3,3,3x:.........:X", TTT_PARSE_ERROR);
    TC("3.0,3,3:.........:X", TTT_PARSE_ERROR);
    TC("0x3,3,3:.........:X", TTT_PARSE_ERROR);
    TC("3,3,3:X..\0.....:O", TTT_PARSE_ERROR);
    TC("3,3,3:.........:X\0", TTT_PARSE_ERROR);
    TC("\0" "3,3,3:.........:X", TTT_PARSE_ERROR);
    TC("3,3,3:.........\0:X", TTT_PARSE_ERROR);
    TC("3,3,3:XOx......:X", TTT_PARSE_ERROR);
    TC("3,3,3:X.O:.X./...:O", TTT_PARSE_ERROR);
    TC("3,3,3::.........:X", TTT_PARSE_ERROR);
    /* numbers */
    TC("0,3,3::X", TTT_INVALID_ARGUMENT);
    TC("3,3,0:.........:X", TTT_INVALID_ARGUMENT);
    TC("3,3,4:.........:X", TTT_INVALID_ARGUMENT);
    TC("4294967296,1,1:.:X", TTT_PARSE_ERROR);          /* 2^32 does not fit u32; must not wrap to 0 */
    TC("1,4294967297,1:.:X", TTT_PARSE_ERROR);          /* would wrap to 1 */
    TC("1,1,4294967297:.:X", TTT_PARSE_ERROR);          /* would wrap to 1 */
    TC("99999999999999999999999,1,1:.:X", TTT_PARSE_ERROR);
    TC("18446744073709551617,1,1:.:X", TTT_PARSE_ERROR); /* 2^64+1 */
    {
        /* too large sizes with a tiny board: TOO_LARGE or PARSE_ERROR are both defensible */
        const char *tl[] = {"65536,65536,3:.:X", "65537,65536,3:.:X", "4294967295,4294967295,1:.:X",
                            "1,67108865,1:.:X"};
        for (int i = 0; i < 4; i++) {
            TttGame *g = SENT_GAME;
            TttStatus s = ttt_game_from_text(tl[i], strlen(tl[i]), &g);
            CHECK(s == TTT_TOO_LARGE || s == TTT_PARSE_ERROR, "from_text(\"%s\"): expected TOO_LARGE, got %s", tl[i],
                  sname(s));
            if (s == TTT_OK) ttt_game_free(g);
            else if (s != TTT_TOO_LARGE) NOTE("from_text(\"%s\") gives %s, not TOO_LARGE", tl[i], sname(s));
        }
    }
    /* Documented: leading zeros are accepted; signs and spaces are not. */
    {
        TttGame *g = SENT_GAME;
        ST(ttt_game_from_text("03,003,3:.........:X", 20, &g), TTT_OK);
        if (g != SENT_GAME) ttt_game_free(g);
    }
    /* Documented: one line feed may end the text (a line of a file). */
    {
        TttGame *g = SENT_GAME;
        if (ST(ttt_game_from_text("3,3,3:X........:O\n", 18, &g), TTT_OK)) ttt_game_free(g);
    }
    /* leniencies that the format does not mention */
    {
        const char *odd[] = {"+3,3,3:.........:X", " 3,3,3:.........:X", "3, 3,3:.........:X",
                             "3,3,3 :.........:X", "3,3,3:.........: X", "3,3,3:.........:O\r\n",
                             "3,3,3:.........:\nX", "3,3,3:.........:X\n\n"};
        for (int i = 0; i < 8; i++) {
            TttGame *g = SENT_GAME;
            TttStatus s = ttt_game_from_text(odd[i], strlen(odd[i]), &g);
            if (s == TTT_OK) {
                NOTE("ttt_game_from_text accepts \"%s\" (not the documented format)", odd[i]);
                ttt_game_free(g);
            }
        }
    }
    /* len shorter than the string: only len bytes count */
    {
        const char *t = "3,3,3:.........:X";
        TttGame *g = SENT_GAME;
        ST(ttt_game_from_text(t, strlen(t) - 1, &g), TTT_PARSE_ERROR);
        CHECK(g == SENT_GAME, "wrote out");
        /* non-NUL-terminated buffer */
        char nb[17];
        memcpy(nb, t, 17);
        if (ST(ttt_game_from_text(nb, 17, &g), TTT_OK)) ttt_game_free(g);
    }

    /* random well-formed texts against the reference */
    struct {
        uint32_t r, c, k;
    } shapes[] = {{3, 3, 3}, {4, 4, 3}, {2, 5, 3}, {5, 2, 2}, {1, 6, 3}, {6, 1, 2}, {1, 1, 1}, {4, 5, 4}, {9, 9, 5},
                  {8, 8, 4}, {8, 7, 3}, {7, 8, 4}, {2, 31, 2}, {2, 32, 3}, {1, 64, 4}, {64, 1, 3}, {4, 16, 3}};
    int bad = 0;
    for (size_t si = 0; si < sizeof shapes / sizeof *shapes && !bad; si++) {
        uint32_t R = shapes[si].r, C = shapes[si].c, K = shapes[si].k;
        size_t cells = (size_t)R * C;
        uint8_t *b = xmalloc(cells);
        char *t = xmalloc(cells * 8 + 64);
        for (int it = 0; it < 1200 && !bad; it++) {
            /* a random game with a random starter, or random stones */
            memset(b, 0, cells);
            uint32_t starter = 1 + rnd(2);
            if (rnd(3)) {
                size_t n = rnd((uint32_t)cells + 1);
                for (size_t i = 0; i < n; i++) {
                    uint32_t cell;
                    do cell = rnd((uint32_t)cells);
                    while (b[cell]);
                    b[cell] = (uint8_t)((i % 2) ? 3 - starter : starter);
                    if (ref_has_line(b, R, C, K, b[cell])) break;
                }
                if (rnd(4) == 0) b[rnd((uint32_t)cells)] = (uint8_t)rnd(3);
            } else
                for (size_t i = 0; i < cells; i++) b[i] = (uint8_t)rnd(3);
            char P = rnd(2) ? 'X' : 'O';
            int off = sprintf(t, "%u,%u,%u:", R, C, K);
            size_t blen = fmt_board(b, R, C, t + off, rnd(2));
            size_t len = off + blen;
            t[len++] = ':';
            t[len++] = P;
            t[len] = 0;
            uint32_t first = 0;
            TttStatus want = ref_load(b, R, C, K, P, &first);
            TttGame *g = SENT_GAME;
            TttStatus got = ttt_game_from_text(t, len, &g);
            n_checks++;
            if (got != want) {
                FAIL("from_text(\"%.*s\"): expected %s got %s", (int)len, t, sname(want), sname(got));
                bad = 1;
            }
            if (got != TTT_OK) continue;
            if (want == TTT_OK) {
                Model m;
                m_init(&m, R, C, K);
                memcpy(m.b, b, cells);
                m.first = m.start = first;
                for (size_t i = 0; i < cells; i++) m.stones += b[i] != 0;
                if (ref_has_line(b, R, C, K, 1)) m.res = 1;
                else if (ref_has_line(b, R, C, K, 2)) m.res = 2;
                else if (m.stones == cells) m.res = TTT_DRAW;
                char ctx[200];
                snprintf(ctx, sizeof ctx, "loaded \"%.*s\"", (int)(len < 150 ? len : 150), t);
                if (!m_compare(&m, g, ctx)) bad = 1;
                ST(ttt_game_undo(g), TTT_NOTHING_TO_UNDO);
                m_free(&m);
            }
            ttt_game_free(g);
        }
        free(b);
        free(t);
    }

    /* a 4096 x 4096 game survives a round trip */
    TttGame *g = newg(4096, 4096, 5);
    uint32_t w;
    ST(ttt_game_move(g, 4095, 0, 2, &w), TTT_OK);
    ST(ttt_game_move(g, 0, 4095, 1, &w), TTT_OK);
    size_t len = 0;
    char *t = game_text(g, &len);
    CHECK(len == strlen("4096,4096,5:") + 4096u * 4096u + 4095 + 2, "4096x4096 text length %zu", len);
    TttGame *h = SENT_GAME;
    if (t && ST(ttt_game_from_text(t, len, &h), TTT_OK)) {
        uint32_t v;
        ttt_game_first_player(h, &v);
        CHECK(v == 2, "4096x4096 O-opened round trip: first %u", v);
        ttt_game_cell(h, 4095, 0, &v);
        CHECK(v == 2, "4096x4096 round trip: cell %u", v);
        ttt_game_free(h);
    }
    free(t);
    ttt_game_free(g);
}

/* ------------------------------------------------------------------------------------------ */
/* 9. buffers of the list functions                                                           */

static void test_buffers(void) {
    TttGame *g = newg(3, 4, 3);
    uint32_t res;
    ttt_game_play(g, 0, 0, &res);
    ttt_game_play(g, 2, 3, &res);
    uint32_t buf[16];
    size_t n;
    TttStatus (*lists[])(const TttGame *, uint32_t *, size_t, size_t *) = {ttt_game_moves, ttt_game_legal_moves,
                                                                            ttt_game_optimal_moves};
    size_t want[] = {2, 10, 0};
    for (int i = 0; i < 3; i++) {
        n = SENTSZ;
        TttStatus s = lists[i](g, NULL, 0, &n);
        CHECK(s == TTT_BUFFER_TOO_SMALL && n != SENTSZ && n > 0, "list %d capacity 0: %s count %zu", i, sname(s), n);
        if (i < 2) CHECK(n == want[i], "list %d count %zu want %zu", i, n, want[i]);
        size_t full = n;
        for (int j = 0; j < 16; j++) buf[j] = SENT32;
        n = SENTSZ;
        s = lists[i](g, buf, full - 1, &n);
        CHECK(s == TTT_BUFFER_TOO_SMALL && n == full, "list %d capacity count-1: %s %zu", i, sname(s), n);
        int untouched = 1;
        for (int j = 0; j < 16; j++) untouched &= buf[j] == SENT32;
        CHECK(untouched, "list %d: BUFFER_TOO_SMALL wrote cells", i);
        n = SENTSZ;
        s = lists[i](g, buf, full, &n);
        CHECK(s == TTT_OK && n == full && buf[full] == SENT32, "list %d exact capacity: %s %zu", i, sname(s), n);
        /* NULL buffer with capacity 0 is allowed even when the count is 0 */
    }
    uint8_t cb[16];
    memset(cb, 0xAB, sizeof cb);
    n = SENTSZ;
    ST(ttt_game_cells(g, cb, 11, &n), TTT_BUFFER_TOO_SMALL);
    CHECK(n == 12 && cb[0] == 0xAB, "cells too small: count %zu", n);
    ST(ttt_game_cells(g, cb, 12, &n), TTT_OK);
    CHECK(cb[0] == 1 && cb[11] == 2 && cb[12] == 0xAB, "cells content");
    n = SENTSZ;
    ST(ttt_game_cells(g, NULL, 0, &n), TTT_BUFFER_TOO_SMALL);
    CHECK(n == 12, "cells count %zu", n);
    ttt_game_free(g);

    /* a game loaded from text has no history */
    TttGame *h = SENT_GAME;
    if (ST(ttt_game_from_text("3,3,3:X.O/.X./...:O", 19, &h), TTT_OK)) {
        n = SENTSZ;
        ST(ttt_game_moves(h, NULL, 0, &n), TTT_OK);
        CHECK(n == 0, "loaded game history count %zu", n);
        ST(ttt_game_undo(h), TTT_NOTHING_TO_UNDO);
        n = SENTSZ;
        ttt_game_move_count(h, &n);
        CHECK(n == 3, "loaded game move_count %zu", n);
        ttt_game_free(h);
    }
}

/* ------------------------------------------------------------------------------------------ */
/* 11. inputs without a NUL (ASan/valgrind catch over-reads), and cases the documents leave    */
/*     open (reported as NOTE, never as FAIL)                                                  */

static void test_open_cases(void) {
    const char *src = "3,3,3:X.O/.X./...:O";
    size_t len = strlen(src);
    char *exact = xmalloc(len);
    memcpy(exact, src, len);
    TttGame *g = SENT_GAME;
    if (ST(ttt_game_from_text(exact, len, &g), TTT_OK)) ttt_game_free(g);
    TttVerdict v = SENT32;
    ST(ttt_validate(exact + 6, 11, 3, 3, 3, &v), TTT_OK);
    CHECK(v == TTT_VALID, "verdict %u", v);
    free(exact);
    /* truncated texts at every length, from an exact-size buffer */
    for (size_t l = 0; l < len; l++) {
        char *b = xmalloc(l);
        memcpy(b, src, l);
        g = SENT_GAME;
        TttStatus s = ttt_game_from_text(b, l, &g);
        CHECK(s != TTT_OK, "from_text of the first %zu bytes of \"%s\" was accepted", l, src);
        if (s == TTT_OK) ttt_game_free(g);
        else CHECK(g == SENT_GAME, "failed from_text wrote out");
        free(b);
    }

    /* empty board where player 2 is to start (from text): clone keeps it; an undone opening
       by player 2: the clone's redo replays it for player 2 */
    g = SENT_GAME;
    ST(ttt_game_from_text("3,3,3:.../.../...:O", 19, &g), TTT_OK);
    uint32_t w, p = SENT32;
    TttGame *c = SENT_GAME;
    if (ST(ttt_game_clone(g, &c), TTT_OK)) {
        ttt_game_first_player(c, &p);
        CHECK(p == 2, "clone of an empty board with O to start: first %u", p);
        ttt_game_free(c);
    }
    ttt_game_free(g);
    g = newg(3, 3, 3);
    ttt_game_move(g, 0, 0, 2, &w);
    ttt_game_undo(g);
    c = SENT_GAME;
    if (ST(ttt_game_clone(g, &c), TTT_OK)) {
        ST(ttt_game_redo(c), TTT_OK);
        ttt_game_cell(c, 0, 0, &p);
        CHECK(p == 2, "clone's redo of O's undone opening put %u", p);
        ttt_game_free(c);
    }
    ttt_game_free(g);

    struct {
        const char *what;
        TttStatus got;
    } open[16];
    int no = 0;
    TttResult r = SENT32;
    uint32_t mv[2] = {0, 0};
    TttGame *o = SENT_GAME;
    open[no].what = "ttt_game_new(0,0,0,NULL)";
    open[no++].got = ttt_game_new(0, 0, 0, NULL);
    open[no].what = "ttt_judge(NULL, 1, rows 0, ...)";
    open[no++].got = ttt_judge(NULL, 1, 0, 3, 3, &r);
    open[no].what = "ttt_judge(moves, 1, rows 0, ..., NULL)";
    open[no++].got = ttt_judge(mv, 1, 0, 3, 3, NULL);
    open[no].what = "ttt_validate(NULL, 5, rows 0, ...)";
    open[no++].got = ttt_validate(NULL, 5, 0, 3, 3, &v);
    open[no].what = "ttt_validate(\"q\", 1, rows 0, ...)";
    open[no++].got = ttt_validate("q", 1, 0, 3, 3, &v);
    open[no].what = "ttt_validate(\"q\", 1, 65536 x 65536, ...)";
    open[no++].got = ttt_validate("q", 1, 65536, 65536, 3, &v);
    open[no].what = "ttt_validate(\".\", 1, 65536 x 65536, k 0)";
    open[no++].got = ttt_validate(".", 1, 65536, 65536, 0, &v);
    open[no].what = "ttt_game_from_text(\"0,0,0::X\")";
    open[no++].got = ttt_game_from_text("0,0,0::X", 8, &o);
    open[no].what = "ttt_game_from_text(\"3,3,0:q:X\")";
    open[no++].got = ttt_game_from_text("3,3,0:q:X", 9, &o);
    open[no].what = "ttt_game_from_text(\"3,3,3:q........:X\") (bad cell)";
    open[no++].got = ttt_game_from_text("3,3,3:q........:X", 17, &o);
    open[no].what = "ttt_game_from_text(\"3,3,3:XX.......:Q\") (bad P on an unreachable board)";
    open[no++].got = ttt_game_from_text("3,3,3:XX.......:Q", 17, &o);
    const char *rows0[] = {"..."};
    open[no].what = "ttt_validate_rows(rows, 0 rows, k 0)";
    open[no++].got = ttt_validate_rows(rows0, 0, 0, &v);
    open[no].what = "ttt_validate_rows(NULL, 0 rows, k 3)";
    open[no++].got = ttt_validate_rows(NULL, 0, 3, &v);
    for (int i = 0; i < no; i++) printf("INFO %s -> %s\n", open[i].what, sname(open[i].got));
    CHECK(o == SENT_GAME && r == SENT32 && v == TTT_VALID, "a failed call wrote its out-pointer");
}

/* ------------------------------------------------------------------------------------------ */
/* 10. AI: best move and optimal moves against a memoised minimax                             */

static uint32_t ai_R, ai_C, ai_K;
static signed char *ai_memo;
static uint32_t ai_pow3[20];

static int ai_through(const uint8_t *b, uint32_t cell, uint8_t p) {
    long r = cell / ai_C, c = cell % ai_C;
    for (int d = 0; d < 4; d++) {
        uint32_t n = 1;
        for (int s = -1; s <= 1; s += 2) {
            long rr = r + s * DIRS[d][0], cc = c + s * DIRS[d][1];
            while (rr >= 0 && cc >= 0 && rr < (long)ai_R && cc < (long)ai_C && b[rr * ai_C + cc] == p) {
                n++;
                rr += s * DIRS[d][0];
                cc += s * DIRS[d][1];
            }
        }
        if (n >= ai_K) return 1;
    }
    return 0;
}
static int ai_key(int s) { return s > 0 ? 1000 - s : s == 0 ? 0 : -1000 - s; }
static int ai_solve(uint8_t *b, uint32_t idx, uint8_t side, uint32_t stones);
static int ai_move_value(uint8_t *b, uint32_t idx, uint8_t side, uint32_t stones, uint32_t cell) {
    uint32_t n = ai_R * ai_C;
    b[cell] = side;
    int v;
    if (ai_through(b, cell, side)) v = 1;
    else if (stones + 1 == n) v = 0;
    else {
        int s = ai_solve(b, idx + side * ai_pow3[cell], (uint8_t)(3 - side), stones + 1);
        v = s > 0 ? -(s + 1) : s < 0 ? 1 - s : 0;
    }
    b[cell] = 0;
    return v;
}
static int ai_solve(uint8_t *b, uint32_t idx, uint8_t side, uint32_t stones) {
    signed char *mm = &ai_memo[(size_t)idx * 2 + side - 1];
    if (*mm != 127) return *mm;
    int best = -10000, bestkey = -100000;
    for (uint32_t cell = 0; cell < ai_R * ai_C; cell++) {
        if (b[cell]) continue;
        int v = ai_move_value(b, idx, side, stones, cell);
        if (ai_key(v) > bestkey) {
            bestkey = ai_key(v);
            best = v;
        }
    }
    *mm = (signed char)best;
    return best;
}

static void test_ai(void) {
    struct {
        uint32_t r, c, k;
    } shapes[] = {{3, 3, 3}, {3, 3, 2}, {3, 4, 3}, {2, 5, 3}, {1, 9, 3}, {4, 3, 3}, {2, 6, 4}, {1, 7, 4}, {2, 2, 2},
                  {1, 1, 1}, {2, 3, 1}, {1, 2, 2}, {2, 1, 2}, {1, 3, 2}, {3, 1, 3}};
    for (size_t si = 0; si < sizeof shapes / sizeof *shapes; si++) {
        ai_R = shapes[si].r;
        ai_C = shapes[si].c;
        ai_K = shapes[si].k;
        uint32_t n = ai_R * ai_C;
        ai_pow3[0] = 1;
        for (uint32_t i = 1; i <= n; i++) ai_pow3[i] = ai_pow3[i - 1] * 3;
        ai_memo = xmalloc((size_t)ai_pow3[n] * 2);
        memset(ai_memo, 127, (size_t)ai_pow3[n] * 2);
        int bad = 0;
        for (int gi = 0; gi < 60 && !bad; gi++) {
            TttGame *g = newg(ai_R, ai_C, ai_K);
            uint8_t b[20] = {0};
            uint32_t idx = 0, stones = 0, res = 0;
            uint8_t side = 1;
            if (gi % 2) { /* player 2 opens with the raw move */
                uint32_t cell = rnd(n), w;
                ST(ttt_game_move(g, cell / ai_C, cell % ai_C, 2, &w), TTT_OK);
                b[cell] = 2;
                idx += 2 * ai_pow3[cell];
                stones = 1;
                res = w;
                side = 1;
            }
            while (!res && stones < n && !bad) {
                /* compare at this position */
                int val = ai_solve(b, idx, side, stones);
                int vals[20];
                for (uint32_t cell = 0; cell < n; cell++)
                    vals[cell] = b[cell] ? -99999 : ai_move_value(b, idx, side, stones, cell);
                uint32_t r = SENT32, c = SENT32;
                int32_t sc = SENT_I32;
                TttStatus s = ttt_game_best_move(g, &r, &c, &sc);
                char ctx[120];
                size_t tl;
                char *t = game_text(g, &tl);
                snprintf(ctx, sizeof ctx, "best_move(\"%s\")", t ? t : "?");
                free(t);
                n_checks++;
                if (s != TTT_OK) {
                    FAIL("%s: %s", ctx, sname(s));
                    bad = 1;
                } else {
                    if (sc != MUT(val, val + (val > 0)) || r >= ai_R || c >= ai_C || b[r * ai_C + c] ||
                        vals[r * ai_C + c] != val) {
                        FAIL("%s: reference score %d; library (%u,%u) score %d (that move's value %d)", ctx, val, r, c, sc,
                             (r < ai_R && c < ai_C) ? vals[r * ai_C + c] : -1);
                        bad = 1;
                    }
                }
                /* optimal moves */
                uint32_t want[20];
                size_t nw = 0;
                for (uint32_t cell = 0; cell < n; cell++) {
                    if (b[cell]) continue;
                    int v = vals[cell];
                    if ((val > 0 && v > 0) || (val == 0 && v == 0) || val < 0) want[nw++] = cell;
                }
                uint32_t got[21];
                size_t ng = SENTSZ;
                s = ttt_game_optimal_moves(g, got, 21, &ng);
                n_checks++;
                if (s != TTT_OK || ng != nw || memcmp(got, want, nw * 4) != 0) {
                    FAIL("%s: optimal_moves expected %zu cells, got %s %zu", ctx, nw, sname(s), ng);
                    bad = 1;
                }
                if (nw > 0) {
                    for (int j = 0; j < 21; j++) got[j] = SENT32;
                    ng = SENTSZ;
                    s = ttt_game_optimal_moves(g, got, nw - 1, &ng);
                    CHECK(s == TTT_BUFFER_TOO_SMALL && ng == nw && got[0] == SENT32,
                          "%s: optimal_moves capacity %zu: %s count %zu", ctx, nw - 1, sname(s), ng);
                }
                /* play a random move */
                uint32_t cell;
                do cell = rnd(n);
                while (b[cell]);
                if (rnd(3) == 0) cell = r * ai_C + c; /* sometimes the best one */
                if (cell >= n || b[cell]) break;
                ST(ttt_game_play(g, cell / ai_C, cell % ai_C, &res), TTT_OK);
                b[cell] = side;
                idx += side * ai_pow3[cell];
                stones++;
                side = (uint8_t)(3 - side);
            }
            if (res) {
                uint32_t r = SENT32, c = SENT32;
                int32_t sc = SENT_I32;
                ST(ttt_game_best_move(g, &r, &c, &sc), TTT_GAME_OVER);
                CHECK(r == SENT32 && c == SENT32 && sc == SENT_I32, "best_move on a finished game wrote out-pointers");
                size_t cnt = SENTSZ;
                ST(ttt_game_optimal_moves(g, NULL, 0, &cnt), TTT_GAME_OVER);
                CHECK(cnt == SENTSZ, "optimal_moves GAME_OVER wrote the count %zu", cnt);
                ST(ttt_game_search(g, 100, 0, 1, &r, &c), TTT_GAME_OVER);
                ST(ttt_game_ai_move(g, 4, 1, &r, &c), TTT_GAME_OVER);
                CHECK(r == SENT32 && c == SENT32, "search/ai_move on a finished game wrote out-pointers");
            }
            ttt_game_free(g);
        }
        free(ai_memo);
    }

    /* hand-checked 3x3 positions */
    struct {
        const char *text;
        int score;
    } hand[] = {
        {"3,3,3:.../.../...:X", 0},  /* tic-tac-toe is a draw */
        {"3,3,3:XX./OO./...:X", 1},  /* X completes the top row */
        {"3,3,3:XX./O../...:O", -2}, /* O blocks; X still cannot... (checked by reference below) */
        {"3,3,3:.O./.X./...:X", 5},  /* X centre, O edge: X wins by a fork in 5 plies */
        {"3,3,3:XX./OO./X..:O", 1},  /* O to move completes the middle row */
    };
    ai_R = ai_C = ai_K = 3;
    ai_pow3[0] = 1;
    for (int i = 1; i <= 9; i++) ai_pow3[i] = ai_pow3[i - 1] * 3;
    ai_memo = xmalloc(19683 * 2);
    memset(ai_memo, 127, 19683 * 2);
    for (size_t i = 0; i < sizeof hand / sizeof *hand; i++) {
        TttGame *g = SENT_GAME;
        if (!ST(ttt_game_from_text(hand[i].text, strlen(hand[i].text), &g), TTT_OK)) continue;
        uint8_t b[9];
        uint32_t idx = 0, stones = 0;
        const char *p = strchr(hand[i].text, ':') + 1;
        for (int j = 0, k = 0; k < 9; j++) {
            if (p[j] == '/') continue;
            b[k] = p[j] == 'X' ? 1 : p[j] == 'O' ? 2 : 0;
            idx += b[k] * ai_pow3[k];
            stones += b[k] != 0;
            k++;
        }
        uint8_t side = hand[i].text[strlen(hand[i].text) - 1] == 'X' ? 1 : 2;
        int ref = ai_solve(b, idx, side, stones);
        uint32_t r = SENT32, c = SENT32;
        int32_t sc = SENT_I32;
        ST(ttt_game_best_move(g, &r, &c, &sc), TTT_OK);
        if (i != 2) CHECK(ref == hand[i].score, "reference minimax of \"%s\" = %d, hand value %d", hand[i].text, ref, hand[i].score);
        CHECK(sc == ref, "best_move(\"%s\") score %d, reference %d", hand[i].text, sc, ref);
        /* The same answer under a caller's budget of steps, of time, or both. */
        uint64_t steps[] = {TTT_SOLVE_NODES, 0, 1000000};
        uint32_t millis[] = {0, 60000, 60000};
        for (size_t j = 0; j < 3; j++) {
            uint32_t r2 = SENT32, c2 = SENT32;
            int32_t sc2 = SENT_I32;
            ST(ttt_game_best_move_within(g, steps[j], millis[j], &r2, &c2, &sc2), TTT_OK);
            CHECK(r2 == r && c2 == c && sc2 == sc, "best_move_within(\"%s\", %llu, %u) differs from best_move",
                  hand[i].text, (unsigned long long)steps[j], millis[j]);
        }
        ttt_game_free(g);
    }
    free(ai_memo);

    /* too hard / infeasible: past the 128-bit solver, refused at once, nothing written (thin
       boards with k = 2: the header's pairing proof needs k >= 3) */
    struct {
        uint32_t r, c, k;
    } hard[] = {{12, 12, 5}, {1, 130, 2}, {130, 1, 2}, {15, 15, 5}, {4096, 4096, 5}};
    for (size_t i = 0; i < sizeof hard / sizeof *hard; i++) {
        TttGame *g = newg(hard[i].r, hard[i].c, hard[i].k);
        uint32_t r = SENT32, c = SENT32, w;
        int32_t sc = SENT_I32;
        ttt_game_move(g, 0, 0, 1, &w);
        ST(ttt_game_best_move(g, &r, &c, &sc), TTT_TOO_HARD);
        CHECK(r == SENT32 && c == SENT32 && sc == SENT_I32, "TOO_HARD best_move wrote out-pointers");
        size_t cnt = SENTSZ;
        uint32_t cells[4] = {SENT32, SENT32, SENT32, SENT32};
        ST(ttt_game_optimal_moves(g, cells, 4, &cnt), TTT_TOO_HARD);
        CHECK(cnt == SENTSZ && cells[0] == SENT32, "TOO_HARD optimal_moves wrote out-pointers");
        ttt_game_free(g);
    }

    /* A budget too small for the proof: TOO_HARD, nothing written; enough: the default answer. */
    {
        TttGame *g = newg(4, 4, 4);
        uint32_t r = SENT32, c = SENT32, r2, c2;
        int32_t sc = SENT_I32, sc2;
        size_t cnt = SENTSZ;
        ST(ttt_game_best_move_within(g, 100, 0, &r, &c, &sc), TTT_TOO_HARD);
        ST(ttt_game_optimal_moves_within(g, 100, 60000, NULL, 0, &cnt), TTT_TOO_HARD);
        CHECK(r == SENT32 && c == SENT32 && sc == SENT_I32 && cnt == SENTSZ, "TOO_HARD _within wrote out-pointers");
        ST(ttt_game_best_move(g, &r, &c, &sc), TTT_OK);
        ST(ttt_game_best_move_within(g, 0, 60000, &r2, &c2, &sc2), TTT_OK);
        CHECK(r2 == r && c2 == c && sc2 == sc && sc == 0, "4x4 k=4 under a time budget: (%u,%u) %d", r2, c2, sc2);
        ttt_game_free(g);
    }

    /* beyond the 128-bit solver, the header's pairing proof: k longer than a side, or n x n
       with k = n >= 8. A draw from the empty board; after X's first stone, a corner (always on
       a pair), the answer owed is a proved draw and the other moves are not proved (TOO_HARD
       for the full list); once answered, every empty cell keeps the draw. */
    {
        struct {
            uint32_t r, c, k, row, col;
        } drawn[] = {{1, 200, 5, 0, 0}, {200, 1, 5, 0, 0}, {4096, 4096, 4096, 0, 0}, {12, 12, 12, 0, 0}};
        for (size_t i = 0; i < sizeof drawn / sizeof *drawn; i++) {
            TttGame *g = newg(drawn[i].r, drawn[i].c, drawn[i].k);
            uint32_t r = SENT32, c = SENT32, w;
            int32_t sc = SENT_I32;
            size_t cnt = SENTSZ;
            ST(ttt_game_best_move(g, &r, &c, &sc), TTT_OK);
            CHECK(sc == 0, "empty %ux%u k=%u: score %d, want a draw", drawn[i].r, drawn[i].c, drawn[i].k, sc);
            ST(ttt_game_move(g, drawn[i].row, drawn[i].col, 1, &w), TTT_OK);
            ST(ttt_game_best_move(g, &r, &c, &sc), TTT_OK);
            CHECK(sc == 0, "%ux%u k=%u after one stone: score %d", drawn[i].r, drawn[i].c, drawn[i].k, sc);
            ST(ttt_game_optimal_moves(g, NULL, 0, &cnt), TTT_TOO_HARD);
            CHECK(cnt == SENTSZ, "TOO_HARD optimal_moves wrote the count");
            ST(ttt_game_move(g, r, c, 2, &w), TTT_OK);
            ST(ttt_game_best_move(g, &r, &c, &sc), TTT_OK);
            CHECK(sc == 0, "%ux%u k=%u after the answer: score %d", drawn[i].r, drawn[i].c, drawn[i].k, sc);
            ST(ttt_game_optimal_moves(g, NULL, 0, &cnt), TTT_BUFFER_TOO_SMALL);
            CHECK(cnt == (size_t)drawn[i].r * drawn[i].c - 2, "%ux%u k=%u: %zu moves keep the draw",
                  drawn[i].r, drawn[i].c, drawn[i].k, cnt);
            ttt_game_free(g);
        }
    }
    /* within the 128-bit solver the same boards are solved move by move: after X's corner
       stone every reply keeps the draw, and the full list is proved */
    {
        struct {
            uint32_t r, c, k;
        } exact[] = {{1, 64, 5}, {64, 1, 5}, {9, 9, 9}};
        for (size_t i = 0; i < sizeof exact / sizeof *exact; i++) {
            TttGame *g = newg(exact[i].r, exact[i].c, exact[i].k);
            uint32_t w;
            size_t cnt = SENTSZ;
            ST(ttt_game_move(g, 0, 0, 1, &w), TTT_OK);
            ST(ttt_game_optimal_moves(g, NULL, 0, &cnt), TTT_BUFFER_TOO_SMALL);
            CHECK(cnt == (size_t)exact[i].r * exact[i].c - 1, "%ux%u k=%u: %zu replies keep the draw",
                  exact[i].r, exact[i].c, exact[i].k, cnt);
            ttt_game_free(g);
        }
    }

    /* search and levels */
    TttGame *g = newg(15, 15, 5);
    uint32_t r = SENT32, c = SENT32, res;
    ST(ttt_game_search(g, 0, 0, 1, &r, &c), TTT_INVALID_ARGUMENT);
    ST(ttt_game_ai_move(g, 5, 1, &r, &c), TTT_INVALID_ARGUMENT);
    ST(ttt_game_ai_move(g, 0xffffffffu, 1, &r, &c), TTT_INVALID_ARGUMENT);
    CHECK(r == SENT32 && c == SENT32, "rejected search/ai_move wrote out-pointers");
    /* X has four in a row with an open end: every level from EASY takes the win; search too */
    for (uint32_t i = 0; i < 4; i++) {
        ttt_game_play(g, 7, 3 + i, &res);
        ttt_game_play(g, 0, 2 * i, &res);
    }
    for (uint32_t lvl = 1; lvl <= 4; lvl++) {
        r = c = SENT32;
        if (ST(ttt_game_ai_move(g, lvl, 42, &r, &c), TTT_OK))
            CHECK(r == 7 && (c == 2 || c == 7), "level %u missed the win in one: (%u,%u)", lvl, r, c);
    }
    r = c = SENT32;
    if (ST(ttt_game_search(g, 500, 0, 3, &r, &c), TTT_OK))
        CHECK(r == 7 && (c == 2 || c == 7), "search missed the win in one: (%u,%u)", r, c);
    uint32_t r2, c2;
    ttt_game_ai_move(g, 0, 99, &r, &c);
    ttt_game_ai_move(g, 0, 99, &r2, &c2);
    CHECK(r == r2 && c == c2, "ai_move not deterministic for the same seed");
    uint32_t cl;
    ST(ttt_game_cell(g, r, c, &cl), TTT_OK);
    CHECK(cl == 0, "random level gave an occupied cell");
    ttt_game_free(g);
}


/* immediate wins of p (cells), naive */
static size_t imm_wins(uint8_t *b, uint32_t R, uint32_t C, uint32_t K, uint8_t p, uint8_t *mark) {
    size_t n = 0;
    for (size_t i = 0; i < (size_t)R * C; i++) {
        mark[i] = 0;
        if (b[i]) continue;
        b[i] = p;
        if (ref_has_line(b, R, C, K, p)) {
            mark[i] = 1;
            n++;
        }
        b[i] = 0;
    }
    return n;
}

/* the budgeted search and the levels: legal, deterministic, win in one, block */
static void test_ai_props(void) {
    struct {
        uint32_t r, c, k;
    } shapes[] = {{3, 3, 3}, {1, 1, 1}, {1, 2, 2}, {2, 1, 1}, {4, 4, 4}, {15, 15, 5}, {19, 19, 5}, {8, 8, 8},
                  {1, 30, 4}, {30, 1, 4}, {6, 7, 4}, {9, 9, 3}};
    int bad = 0;
    for (size_t si = 0; si < sizeof shapes / sizeof *shapes && !bad; si++) {
        uint32_t R = shapes[si].r, C = shapes[si].c, K = shapes[si].k;
        size_t cells = (size_t)R * C;
        uint8_t *mw = xmalloc(cells), *mo = xmalloc(cells);
        for (int gi = 0; gi < 6 && !bad; gi++) {
            Model m;
            m_init(&m, R, C, K);
            TttGame *g = newg(R, C, K);
            uint32_t res;
            if (gi % 3 == 1) {
                uint32_t w;
                ttt_game_move(g, R - 1, 0, 2, &w);
                m_move(&m, R - 1, 0, 2);
            }
            for (int mv = 0; !m.res && mv < 40 && !bad; mv++) {
                uint8_t me = (uint8_t)m_to_move(&m);
                size_t nw = imm_wins(m.b, R, C, K, me, mw), no = imm_wins(m.b, R, C, K, (uint8_t)(3 - me), mo);
                char *t = game_text(g, NULL);
                uint64_t nodes[] = {1, 7, 300};
                for (int j = 0; j < 3; j++) {
                    uint32_t r = SENT32, c = SENT32, r2 = SENT32, c2 = SENT32;
                    TttStatus s = ttt_game_search(g, nodes[j], 0, (uint64_t)mv * 77 + j, &r, &c);
                    TttStatus s2 = ttt_game_search(g, nodes[j], 0, (uint64_t)mv * 77 + j, &r2, &c2);
                    n_checks++;
                    if (s != TTT_OK || r >= R || c >= C || m.b[r * C + c] || s2 != s || r2 != r || c2 != c ||
                        (nw && !mw[r * C + c]) || (!nw && no && !mo[r * C + c])) {
                        FAIL("search(\"%.90s\", nodes %llu): %s (%u,%u) then (%u,%u); wins in one %zu, threats %zu",
                             t ? t : "?", (unsigned long long)nodes[j], sname(s), r, c, r2, c2, nw, no);
                        bad = 1;
                    }
                }
                for (uint32_t lvl = 0; lvl <= 4; lvl++) {
                    if (lvl == 4 && cells > 16 && mv % 10 != 3) continue; /* PERFECT may spend ~1 s */
                    uint32_t r = SENT32, c = SENT32, r2 = SENT32, c2 = SENT32;
                    TttStatus s = ttt_game_ai_move(g, lvl, (uint64_t)gi * 1000 + mv, &r, &c);
                    TttStatus s2 = ttt_game_ai_move(g, lvl, (uint64_t)gi * 1000 + mv, &r2, &c2);
                    n_checks++;
                    if (s != TTT_OK || r >= R || c >= C || m.b[r * C + c] || s2 != s || r2 != r || c2 != c) {
                        FAIL("ai_move(\"%.90s\", level %u): %s (%u,%u) then (%u,%u)", t ? t : "?", lvl, sname(s), r, c,
                             r2, c2);
                        bad = 1;
                        continue;
                    }
                    if (lvl >= 1 && nw && !mw[r * C + c])
                        FAIL("ai_move(\"%.90s\", level %u) missed a win in one: (%u,%u)", t ? t : "?", lvl, r, c);
                    if (lvl == 2 && !nw && no && !mo[r * C + c])
                        FAIL("ai_move(\"%.90s\", level MEDIUM) did not block a loss in one: (%u,%u)", t ? t : "?", r, c);
                }
                free(t);
                /* play: mostly near-random, sometimes the AI's move */
                uint32_t cell;
                do cell = rnd((uint32_t)cells);
                while (m.b[cell]);
                if (rnd(2)) {
                    uint32_t r, c;
                    if (ttt_game_ai_move(g, 2, mv, &r, &c) == TTT_OK) cell = r * C + c;
                }
                ST(ttt_game_play(g, cell / C, cell % C, &res), m_play(&m, cell / C, cell % C));
            }
            ttt_game_free(g);
            m_free(&m);
        }
        free(mw);
        free(mo);
    }
    /* a time budget alone, and the empty 4096 x 4096 board */
    TttGame *g = newg(4096, 4096, 5);
    uint32_t r = SENT32, c = SENT32;
    ST(ttt_game_search(g, 0, 20, 1, &r, &c), TTT_OK);
    CHECK(r < 4096 && c < 4096, "search on the empty 4096x4096 board: (%u,%u)", r, c);
    for (uint32_t lvl = 0; lvl <= 4; lvl++) {
        r = c = SENT32;
        ST(ttt_game_ai_move(g, lvl, 5, &r, &c), TTT_OK);
        CHECK(r < 4096 && c < 4096, "ai_move level %u on the empty 4096x4096 board: (%u,%u)", lvl, r, c);
    }
    ttt_game_free(g);
}

/* ------------------------------------------------------------------------------------------ */

#define RUN(f)                                                                                 \
    do {                                                                                       \
        fprintf(stderr, "audit: %s\n", #f);                                                    \
        f();                                                                                   \
    } while (0)

int main(void) {
    setvbuf(stdout, NULL, _IOLBF, 0);
    RUN(test_strings);
    RUN(test_new_sizes);
    RUN(test_nulls);
    RUN(test_moves);
    RUN(test_buffers);
    RUN(test_model_fuzz);
    RUN(test_targeted);
    RUN(test_huge);
    RUN(test_judge);
    RUN(test_validate);
    RUN(test_from_text);
    RUN(test_ai);
    RUN(test_open_cases);
    if (!getenv("AUDIT_QUICK")) RUN(test_ai_props); /* ~1 min natively: skipped under valgrind */
    printf("audit: %lu checks, %lu failed, %lu notes\n", n_checks, n_fails, n_notes);
    return n_fails ? 1 : 0;
}
