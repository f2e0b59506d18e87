/*
 * main.c — pbrain-tictactoe: the tictactoe library as a Gomocup ("pbrain") brain. It reads the
 * manager's commands on standard input, one a line, and answers on standard output with
 * protocol lines only (diagnostics go to standard error). docs/ai.md, "Measuring strength",
 * shows how to build it and play matches with it.
 *
 *   pbrain-tictactoe [--k K] [--level RANDOM|EASY|MEDIUM|HARD|PERFECT] [--ms N] [--nodes N]
 *                    [--seed S]
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "protocol.h"
#include "think.h"
#include "tictactoe.h"

/* A BOARD block being read: its stones go straight onto the board; the first problem is
 * kept and answered at DONE, so that the rest of the block is still read as stones. */
struct session {
    struct board board;
    int in_board;
    const char *board_error;
};

static void reply(const char *format, ...) {
    va_list args;
    va_start(args, format);
    vfprintf(stdout, format, args);
    va_end(args);
    fputc('\n', stdout);
    fflush(stdout);
}

static void answer_move(struct board *b) {
    uint32_t x = 0, y = 0;
    const char *error = think_move(b, &x, &y);
    if (error != NULL) {
        reply("ERROR %s", error);
    } else {
        reply("%u,%u", (unsigned)x, (unsigned)y);
    }
}

static void on_info(struct board *b, const struct pb_command *c) {
    struct limits *l = &b->limits;
    static const char *const NUMERIC[] = {"timeout_turn", "timeout_match", "time_left", "max_memory", "rule"};
    int numeric = 0;
    for (size_t i = 0; i < sizeof NUMERIC / sizeof NUMERIC[0]; i++) {
        numeric |= strcmp(c->key, NUMERIC[i]) == 0;
    }
    if (!numeric) {
        return; /* game_type, folder, evaluate and keys of later managers: not needed */
    }
    if (!c->numeric_value) {
        reply("ERROR INFO %s needs a number", c->key);
        return;
    }
    if (strcmp(c->key, "timeout_turn") == 0) {
        l->timeout_turn = c->value;
        l->turn_set = 1;
    } else if (strcmp(c->key, "timeout_match") == 0) {
        l->timeout_match = c->value;
        l->match_set = 1;
    } else if (strcmp(c->key, "time_left") == 0) {
        l->time_left = c->value;
        l->left_set = 1;
    } else if (strcmp(c->key, "rule") == 0) {
        l->rule = c->value;
        if (c->value != 0) {
            reply("MESSAGE rule %llu is not supported: this brain plays freestyle (rule 0)", c->value);
        }
    }
    /* max_memory: the library's memory is bounded (docs/ai.md), far below any Gomocup limit. */
}

static void on_start(struct board *b, unsigned long cols, unsigned long rows) {
    const char *error = board_start(b, cols, rows);
    if (error != NULL) {
        reply("ERROR %s", error);
    } else {
        reply("OK");
    }
}

static void on_stone(struct session *s, const struct pb_command *c) {
    const char *error = NULL;
    if (c->kind == PB_MALFORMED) {
        error = c->error;
    } else {
        error = board_put(&s->board, c->a, c->b, (enum field)c->c);
    }
    if (s->board_error == NULL) {
        s->board_error = error;
    }
}

static void on_board_line(struct session *s, const struct pb_command *c) {
    if (c->kind == PB_EMPTY) {
        return;
    }
    if (c->kind != PB_DONE) {
        on_stone(s, c);
        return;
    }
    s->in_board = 0;
    if (s->board_error != NULL) {
        reply("ERROR %s", s->board_error);
    } else {
        answer_move(&s->board);
    }
}

static void on_turn(struct board *b, const struct pb_command *c) {
    const char *error = board_put(b, c->a, c->b, FIELD_OPPONENT);
    if (error != NULL) {
        reply("ERROR %s", error);
    } else {
        answer_move(b);
    }
}

/* Answers one command; returns 0 on END. */
static int dispatch(struct session *s, const struct pb_command *c) {
    struct board *b = &s->board;
    const char *error = NULL;
    switch (c->kind) {
    case PB_EMPTY: break;
    case PB_START:
    case PB_RECTSTART: on_start(b, c->a, c->b); break;
    case PB_BEGIN: answer_move(b); break;
    case PB_TURN: on_turn(b, c); break;
    case PB_BOARD:
        s->in_board = 1;
        s->board_error = b->cells == NULL ? "no board yet: send START first" : NULL;
        board_clear(b);
        break;
    case PB_INFO: on_info(b, c); break;
    case PB_RESTART:
        if (b->cells == NULL) {
            reply("ERROR no board yet: send START first");
        } else {
            board_clear(b);
            reply("OK");
        }
        break;
    case PB_TAKEBACK:
        error = board_take_back(b, c->a, c->b);
        reply(error != NULL ? "ERROR %s" : "OK", error);
        break;
    case PB_END: return 0;
    case PB_ABOUT:
        reply("name=\"tictactoe\", version=\"%s\", author=\"the tictactoe authors\", country=\"-\"", ttt_version());
        break;
    case PB_MALFORMED: reply("ERROR %s", c->error); break;
    case PB_UNKNOWN:
    case PB_STONE:
    case PB_DONE:
    default: reply("UNKNOWN command %s", c->word); break;
    }
    return 1;
}

/* Reads one line into `line` (at most PB_LINE_MAX characters, line end removed). Returns 0 at
 * the end of input, -1 for a longer line (the rest of it is skipped), 1 otherwise. */
static int read_line(char *line) {
    if (fgets(line, PB_LINE_MAX + 2, stdin) == NULL) {
        return 0;
    }
    size_t len = strlen(line);
    if (len > 0 && line[len - 1] == '\n') {
        line[len - 1] = '\0';
        return 1;
    }
    if (len <= PB_LINE_MAX) {
        return 1; /* the last line, without a line end */
    }
    int ch;
    while ((ch = getchar()) != EOF && ch != '\n') {
    }
    return -1;
}

/* Parses a number option's value; exits with a usage message when it is not one. */
static unsigned long long number_arg(const char *name, const char *value, unsigned long long max) {
    char *end = NULL;
    unsigned long long n = value != NULL ? strtoull(value, &end, 10) : 0;
    if (value == NULL || *value == '\0' || *value == '-' || *end != '\0' || n > max) {
        fprintf(stderr, "pbrain-tictactoe: %s needs a number up to %llu\n", name, max);
        exit(2);
    }
    return n;
}

static int level_arg(const char *value) {
    static const char *const NAMES[] = {"RANDOM", "EASY", "MEDIUM", "HARD", "PERFECT"};
    for (int i = 0; value != NULL && i < 5; i++) {
        if (strcmp(value, NAMES[i]) == 0) {
            return i;
        }
    }
    return (int)number_arg("--level (RANDOM, EASY, MEDIUM, HARD, PERFECT or 0 to 4)", value, TTT_LEVEL_PERFECT);
}

static void parse_options(int argc, char **argv, struct options *o) {
    o->k = 5;
    o->level = -1;
    for (int i = 1; i < argc; i += 2) {
        const char *value = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(argv[i], "--k") == 0) {
            o->k = (uint32_t)number_arg("--k", value, BOARD_SIDE_MAX);
        } else if (strcmp(argv[i], "--level") == 0) {
            o->level = level_arg(value);
        } else if (strcmp(argv[i], "--ms") == 0) {
            o->fixed_ms = (uint32_t)number_arg("--ms", value, 3600000);
        } else if (strcmp(argv[i], "--nodes") == 0) {
            o->nodes = number_arg("--nodes", value, 1000000000000ULL);
        } else if (strcmp(argv[i], "--seed") == 0) {
            o->seed = number_arg("--seed", value, UINT64_MAX);
        } else {
            fprintf(stderr, "usage: pbrain-tictactoe [--k K] [--level RANDOM|EASY|MEDIUM|HARD|PERFECT] "
                            "[--ms N] [--nodes N] [--seed S]\n");
            exit(2);
        }
    }
    if (o->k < 1) {
        fprintf(stderr, "pbrain-tictactoe: --k must be at least 1\n");
        exit(2);
    }
}

int main(int argc, char **argv) {
    static struct session s;
    char line[PB_LINE_MAX + 2];
    parse_options(argc, argv, &s.board.opt);
    for (int got; (got = read_line(line)) != 0;) {
        struct pb_command c;
        if (got < 0) {
            if (s.in_board) {
                s.board_error = s.board_error != NULL ? s.board_error : "line too long";
            } else {
                reply("ERROR line too long");
            }
            continue;
        }
        pb_parse(line, s.in_board, &c);
        if (s.in_board) {
            on_board_line(&s, &c);
        } else if (!dispatch(&s, &c)) {
            break;
        }
    }
    board_free(&s.board);
    return 0;
}
