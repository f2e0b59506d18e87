/*
 * protocol.h — the Gomocup ("pbrain") protocol's input lines, parsed into commands. Pure text
 * handling: it knows nothing of the board or the library, so every malformed line can be
 * tested without thinking.
 */
#ifndef PBRAIN_PROTOCOL_H
#define PBRAIN_PROTOCOL_H

#include <stddef.h>

/* The longest input line kept; a longer one is answered with ERROR as a whole. */
#define PB_LINE_MAX 512

enum pb_kind {
    PB_EMPTY,     /* a blank line: ignored, as the protocol asks */
    PB_START,     /* START n: a = b = n */
    PB_RECTSTART, /* RECTSTART width,height: a = width (columns), b = height (rows) */
    PB_BEGIN,
    PB_TURN,      /* TURN x,y: a = x (column), b = y (row) */
    PB_BOARD,
    PB_STONE,     /* a line inside BOARD: a = x, b = y, c = field (1 own, 2 opponent, 3 marker) */
    PB_DONE,
    PB_INFO,      /* INFO key value: key, and value when numeric_value is set */
    PB_RESTART,
    PB_TAKEBACK,  /* TAKEBACK x,y */
    PB_END,
    PB_ABOUT,
    PB_UNKNOWN,   /* a command this program does not know: word holds it */
    PB_MALFORMED  /* a known command with bad arguments: error says what is wrong */
};

struct pb_command {
    enum pb_kind kind;
    unsigned long a, b, c;
    char key[32];
    unsigned long long value;
    int numeric_value;
    char word[32];
    const char *error;
};

/*
 * Parses one line (without its line end; a trailing CR is ignored). Inside a BOARD block
 * (`in_board` non-zero) the lines are stones or DONE. Never fails: what it cannot read
 * becomes PB_UNKNOWN or PB_MALFORMED.
 */
void pb_parse(const char *line, int in_board, struct pb_command *out);

#endif /* PBRAIN_PROTOCOL_H */
