/*
 * protocol.c — parsing of the Gomocup protocol's lines (see protocol.h). Keywords are read
 * without regard to case; numbers are plain decimals, spaces are allowed around commas.
 */
#include "protocol.h"

#include <ctype.h>
#include <string.h>

/* Coordinates and sizes above this are refused as malformed rather than risking overflow. */
#define PB_NUMBER_MAX 1000000000UL
/* INFO values (milliseconds, bytes) above this are clamped: larger means "no limit" anyway. */
#define PB_VALUE_MAX 1000000000000000ULL

static const char *skip_spaces(const char *p) {
    while (*p == ' ' || *p == '\t') {
        p++;
    }
    return p;
}

/* Reads a decimal number of at most PB_NUMBER_MAX at *p; advances *p. 0 on failure. */
static int read_number(const char **p, unsigned long *out) {
    const char *s = skip_spaces(*p);
    unsigned long n = 0;
    if (!isdigit((unsigned char)*s)) {
        return 0;
    }
    while (isdigit((unsigned char)*s)) {
        n = n * 10 + (unsigned long)(*s - '0');
        if (n > PB_NUMBER_MAX) {
            return 0;
        }
        s++;
    }
    *out = n;
    *p = skip_spaces(s);
    return 1;
}

/* Reads `count` comma-separated numbers that make up the rest of the line. */
static int read_numbers(const char *p, unsigned long *out, int count) {
    for (int i = 0; i < count; i++) {
        if (i > 0) {
            if (*p != ',') {
                return 0;
            }
            p++;
        }
        if (!read_number(&p, &out[i])) {
            return 0;
        }
    }
    return *p == '\0';
}

/* An INFO value: a decimal, perhaps negative (a manager may report time_left below zero,
 * which counts as none left), clamped to PB_VALUE_MAX. */
static int read_value(const char *p, unsigned long long *out) {
    int negative = 0;
    unsigned long long n = 0;
    p = skip_spaces(p);
    if (*p == '-') {
        negative = 1;
        p++;
    }
    if (!isdigit((unsigned char)*p)) {
        return 0;
    }
    while (isdigit((unsigned char)*p)) {
        if (n <= PB_VALUE_MAX) {
            n = n * 10 + (unsigned long long)(*p - '0');
        }
        p++;
    }
    if (*skip_spaces(p) != '\0') {
        return 0;
    }
    *out = negative ? 0 : (n > PB_VALUE_MAX ? PB_VALUE_MAX : n);
    return 1;
}

/* Copies the first word of `line` (upper-cased) into `word`; returns what follows it. */
static const char *first_word(const char *line, char *word, size_t size) {
    size_t n = 0;
    const char *p = skip_spaces(line);
    while (*p != '\0' && *p != ' ' && *p != '\t') {
        if (n + 1 < size) {
            word[n++] = (char)toupper((unsigned char)*p);
        }
        p++;
    }
    word[n] = '\0';
    return skip_spaces(p);
}

static void malformed(struct pb_command *out, const char *error) {
    out->kind = PB_MALFORMED;
    out->error = error;
}

static void parse_info(const char *rest, struct pb_command *out) {
    size_t n = 0;
    while (*rest != '\0' && *rest != ' ' && *rest != '\t') {
        if (n + 1 < sizeof out->key) {
            out->key[n++] = (char)tolower((unsigned char)*rest);
        }
        rest++;
    }
    out->key[n] = '\0';
    if (n == 0) {
        malformed(out, "INFO needs a key and a value");
        return;
    }
    out->kind = PB_INFO;
    out->numeric_value = read_value(rest, &out->value);
}

/* The commands whose arguments are `count` comma-separated numbers. */
struct numbered {
    const char *name;
    enum pb_kind kind;
    int count;
    const char *usage;
};

static const struct numbered NUMBERED[] = {
    {"START", PB_START, 1, "START needs one size, e.g. START 15"},
    {"RECTSTART", PB_RECTSTART, 2, "RECTSTART needs width,height, e.g. RECTSTART 20,15"},
    {"TURN", PB_TURN, 2, "TURN needs x,y, e.g. TURN 7,7"},
    {"TAKEBACK", PB_TAKEBACK, 2, "TAKEBACK needs x,y, e.g. TAKEBACK 7,7"},
};

/* The commands that take no argument. */
static const struct {
    const char *name;
    enum pb_kind kind;
} BARE[] = {
    {"BEGIN", PB_BEGIN}, {"BOARD", PB_BOARD}, {"RESTART", PB_RESTART},
    {"END", PB_END},     {"ABOUT", PB_ABOUT},
};

static void parse_stone(const char *line, struct pb_command *out) {
    unsigned long v[3];
    if (!read_numbers(skip_spaces(line), v, 3) || v[2] < 1 || v[2] > 3) {
        malformed(out, "a BOARD line is x,y,field with field 1, 2 or 3, or DONE");
        return;
    }
    out->kind = PB_STONE;
    out->a = v[0];
    out->b = v[1];
    out->c = v[2];
}

void pb_parse(const char *line, int in_board, struct pb_command *out) {
    char text[PB_LINE_MAX + 1];
    size_t len = strlen(line);
    memset(out, 0, sizeof *out);
    if (len > PB_LINE_MAX) {
        len = PB_LINE_MAX;
    }
    memcpy(text, line, len);
    while (len > 0 && (text[len - 1] == '\r' || text[len - 1] == ' ' || text[len - 1] == '\t')) {
        len--;
    }
    text[len] = '\0';
    const char *rest = first_word(text, out->word, sizeof out->word);
    if (out->word[0] == '\0') {
        out->kind = PB_EMPTY;
        return;
    }
    if (in_board) {
        if (strcmp(out->word, "DONE") == 0 && *rest == '\0') {
            out->kind = PB_DONE;
        } else {
            parse_stone(text, out);
        }
        return;
    }
    for (size_t i = 0; i < sizeof NUMBERED / sizeof NUMBERED[0]; i++) {
        if (strcmp(out->word, NUMBERED[i].name) == 0) {
            unsigned long v[2] = {0, 0};
            if (!read_numbers(rest, v, NUMBERED[i].count)) {
                malformed(out, NUMBERED[i].usage);
                return;
            }
            out->kind = NUMBERED[i].kind;
            out->a = v[0];
            out->b = NUMBERED[i].count == 1 ? v[0] : v[1];
            return;
        }
    }
    for (size_t i = 0; i < sizeof BARE / sizeof BARE[0]; i++) {
        if (strcmp(out->word, BARE[i].name) == 0) {
            out->kind = BARE[i].kind;
            if (*rest != '\0') {
                malformed(out, "this command takes no argument");
            }
            return;
        }
    }
    if (strcmp(out->word, "INFO") == 0) {
        parse_info(rest, out);
        return;
    }
    out->kind = PB_UNKNOWN;
}
