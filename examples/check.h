/*
 * check.h — the examples' one piece of shared error handling. Every tictactoe call returns a
 * TttStatus; an example has no sensible way to go on after an unexpected failure, so it says
 * which call failed and why (ttt_status_str) and exits non-zero.
 */
#ifndef EXAMPLES_CHECK_H
#define EXAMPLES_CHECK_H

#include <stdio.h>
#include <stdlib.h>

#include "tictactoe.h"

#define CHECK(call) check_status((call), #call, __FILE__, __LINE__)

static inline void check_status(TttStatus status, const char *call, const char *file, int line) {
    if (status != TTT_OK) {
        fprintf(stderr, "%s:%d: %s failed: %s\n", file, line, call, ttt_status_str(status));
        exit(EXIT_FAILURE);
    }
}

#endif /* EXAMPLES_CHECK_H */
