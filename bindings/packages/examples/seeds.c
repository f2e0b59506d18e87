/* A user's first program against an installed package, then the seed exercises' own examples
 * (Find Winner, Valid Tic-Tac-Toe State, Design Tic-Tac-Toe) with the answers the exercises
 * give. Usage: seeds VERSION (the package's version, which the loaded library must report).
 * Prints "ok" and exits 0, or names the first wrong answer and exits 1. */
#include <stdio.h>
#include <string.h>
#include <tictactoe.h>

static int failures = 0;
#define CHECK(cond)                                                  \
  do {                                                               \
    if (!(cond)) {                                                   \
      fprintf(stderr, "seeds.c:%d: failed: %s\n", __LINE__, #cond); \
      failures++;                                                    \
    }                                                                \
  } while (0)

static void find_winner(void) {
  static const uint32_t a[] = {0, 0, 2, 0, 1, 1, 2, 1, 2, 2};
  static const uint32_t b[] = {0, 0, 1, 1, 0, 1, 0, 2, 1, 0, 2, 0};
  static const uint32_t draw[] = {0, 0, 1, 1, 2, 0, 1, 0, 1, 2, 2, 1, 0, 1, 0, 2, 2, 2};
  static const uint32_t pending[] = {0, 0, 1, 1};
  const char *answer = NULL;
  CHECK(ttt_find_winner(a, 5, &answer) == TTT_OK && strcmp(answer, "A") == 0);
  CHECK(ttt_find_winner(b, 6, &answer) == TTT_OK && strcmp(answer, "B") == 0);
  CHECK(ttt_find_winner(draw, 9, &answer) == TTT_OK && strcmp(answer, "Draw") == 0);
  CHECK(ttt_find_winner(pending, 2, &answer) == TTT_OK && strcmp(answer, "Pending") == 0);
}

static void valid_state(void) {
  static const char *const one[] = {"O  ", "   ", "   "};
  static const char *const two[] = {"XOX", " X ", "   "};
  static const char *const three[] = {"XOX", "O O", "XOX"};
  TttVerdict v = TTT_VALID;
  CHECK(ttt_validate_rows(one, 3, 3, &v) == TTT_OK && v != TTT_VALID);
  CHECK(ttt_validate_rows(two, 3, 3, &v) == TTT_OK && v != TTT_VALID);
  CHECK(ttt_validate_rows(three, 3, 3, &v) == TTT_OK && v == TTT_VALID);
}

static void design(void) {
  static const uint32_t moves[7][4] = {{0, 0, 1, 0}, {0, 2, 2, 0}, {2, 2, 1, 0}, {1, 1, 2, 0},
                                       {2, 0, 1, 0}, {1, 0, 2, 0}, {2, 1, 1, 1}};
  TttGame *toe = NULL;
  uint32_t winner = 9;
  CHECK(ttt_tictactoe_new(3, &toe) == TTT_OK);
  for (int i = 0; i < 7; i++) {
    CHECK(ttt_game_move(toe, moves[i][0], moves[i][1], moves[i][2], &winner) == TTT_OK);
    CHECK(winner == moves[i][3]);
  }
  ttt_game_free(toe);
}

int main(int argc, char **argv) {
  /* The first example: a game, two moves, the board as text. */
  TttGame *game = NULL;
  TttResult result = TTT_DRAW;
  char text[64];
  size_t len = 0;
  CHECK(ttt_game_new(3, 3, 3, &game) == TTT_OK);
  CHECK(ttt_game_play(game, 1, 1, &result) == TTT_OK && result == TTT_PENDING);
  CHECK(ttt_game_play(game, 0, 0, &result) == TTT_OK);
  CHECK(ttt_game_to_text(game, text, sizeof text, &len) == TTT_OK);
  CHECK(strcmp(text, "3,3,3:O../.X./...:X") == 0);
  ttt_game_free(game);
  CHECK(argc == 2 && strcmp(ttt_version(), argv[1]) == 0);
  find_winner();
  valid_state();
  design();
  if (failures) return 1;
  printf("ok: tictactoe %s, the seeds' examples\n", ttt_version());
  return 0;
}
