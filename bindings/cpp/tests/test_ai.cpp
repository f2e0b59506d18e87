// Tests of the AI calls through the wrapper: best_move's cell and signed score, optimal_moves,
// and their errors. Positions are small enough to check by hand (reasoning in the comments).
#include "tictactoe.hpp"

#include <algorithm>

#include "check.hpp"

using ttt::Cell;
using ttt::Game;
using ttt::Status;

static Game position(std::string_view text) { return Game::from_text(text); }

static void empty_board_is_a_draw() {
  Game g;
  const ttt::ScoredMove best = g.best_move();
  CHECK_EQ(best.score, 0);
  CHECK(best.cell.row < 3 && best.cell.col < 3);
  CHECK_EQ(g.optimal_moves().size(), 9u);  // every opening keeps the draw
  CHECK_EQ(g.move_count(), 0u);            // the search never changes the game
}

// X X . / O O . / . . . with X to move: (0, 2) wins at once, score +1.
static void immediate_win() {
  Game g = position("3,3,3:XX./OO./...:X");
  const ttt::ScoredMove best = g.best_move();
  CHECK(best.cell == (Cell{0, 2}));
  CHECK_EQ(best.score, 1);
  const std::vector<Cell> opt = g.optimal_moves();
  CHECK(std::find(opt.begin(), opt.end(), Cell{0, 2}) != opt.end());
  CHECK(std::find(opt.begin(), opt.end(), Cell{2, 2}) == opt.end());  // O would win at (1, 2)
}

// X O . / X X . / . . O with O to move: X threatens (2, 0) and (1, 2); O blocks one, X takes
// the other. O loses in 2 plies whatever it plays, so every move is "optimal".
static void forced_loss() {
  Game g = position("3,3,3:XO./XX./..O:O");
  CHECK_EQ(g.best_move().score, -2);
  CHECK((g.optimal_moves() == std::vector<Cell>{{0, 2}, {1, 2}, {2, 0}, {2, 1}}));
}

static void errors() {
  Game over = position("3,3,3:XXX/OO./...:O");
  CHECK_STATUS(over.best_move(), ttt::IllegalMove, Status::GameOver);
  CHECK_STATUS(over.optimal_moves(), ttt::IllegalMove, Status::GameOver);
  Game gomoku(19, 19, 5);
  CHECK_STATUS(gomoku.best_move(), ttt::TooHard, Status::TooHard);
  CHECK_STATUS(gomoku.optimal_moves(), ttt::TooHard, Status::TooHard);
  Game gone = std::move(gomoku);
  CHECK_STATUS(gomoku.best_move(), ttt::Error, Status::NullPointer);
}

int main() {
  empty_board_is_a_draw();
  immediate_win();
  forced_loss();
  errors();
  return check::result("test_ai");
}
