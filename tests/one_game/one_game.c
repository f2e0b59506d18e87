/* One seeded AI-vs-AI game through the C API, printed as the transcript tests/one_game.sh
 * compares across runners (format and rules at the top of that script). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "tictactoe.h"

static void check(TttStatus status, const char *what) {
  if (status != TTT_OK) {
    fprintf(stderr, "one_game.c: %s: %s\n", what, ttt_status_str(status));
    exit(1);
  }
}

int main(void) {
  const uint32_t rows = 15, cols = 15, k = 5;
  TttGame *game = NULL;
  check(ttt_game_new(rows, cols, k, &game), "ttt_game_new");
  printf("game %u %u %u level %u\n", rows, cols, k, (unsigned)TTT_LEVEL_HARD);
  TttResult result = TTT_PENDING;
  for (uint64_t ply = 0; result == TTT_PENDING; ply++) {
    uint32_t row = 0, col = 0;
    check(ttt_game_ai_move(game, TTT_LEVEL_HARD, 1000 + ply, &row, &col), "ttt_game_ai_move");
    check(ttt_game_play(game, row, col, &result), "ttt_game_play");
    printf("%llu %u %u\n", (unsigned long long)ply, row, col);
  }
  size_t len = 0;
  /* Capacity 0 asks for the length, reported with TTT_BUFFER_TOO_SMALL. */
  if (ttt_game_to_text(game, NULL, 0, &len) != TTT_BUFFER_TOO_SMALL) {
    fprintf(stderr, "one_game.c: ttt_game_to_text did not report the length\n");
    return 1;
  }
  char *text = malloc(len + 1);
  if (text == NULL) {
    fprintf(stderr, "one_game.c: out of memory\n");
    return 1;
  }
  check(ttt_game_to_text(game, text, len + 1, &len), "ttt_game_to_text");
  printf("text %s\n", text);
  printf("result %s\n", ttt_result_str(result));
  free(text);
  ttt_game_free(game);
  return 0;
}
