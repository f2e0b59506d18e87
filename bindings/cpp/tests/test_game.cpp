// Tests of ttt::Game: the "Design Tic-Tac-Toe" seed, every operation, every error path,
// ownership (move-only, clone, moved-from use, release/adopt). Run under valgrind by test.sh.
#include "tictactoe.hpp"

#include <sstream>
#include <type_traits>

#include "check.hpp"

using ttt::Cell;
using ttt::Game;
using ttt::Result;
using ttt::Status;

static_assert(!std::is_copy_constructible_v<Game> && !std::is_copy_assignable_v<Game>,
              "Game is move-only");
static_assert(std::is_nothrow_move_constructible_v<Game> &&
                  std::is_nothrow_move_assignable_v<Game>,
              "moving a Game never throws");

// The seed example of "Design Tic-Tac-Toe" (LeetCode 348).
static void design_tictactoe_seed() {
  Game g = Game::tictactoe(3);
  const int script[][4] = {{0, 0, 1, 0}, {0, 2, 2, 0}, {2, 2, 1, 0}, {1, 1, 2, 0},
                           {2, 0, 1, 0}, {1, 0, 2, 0}, {2, 1, 1, 1}};
  for (const auto& m : script) CHECK_EQ(g.move(m[0], m[1], m[2]), std::uint32_t(m[3]));
  CHECK(g.result() == Result::AWins);
  CHECK_EQ(g.winner(), 1u);
  CHECK_EQ(g.to_move(), 0u);
  CHECK((g.winning_line() == std::vector<Cell>{{2, 0}, {2, 1}, {2, 2}}));
  CHECK(g.legal_moves().empty());
  CHECK_STATUS(g.move(0, 1, 2), ttt::IllegalMove, Status::GameOver);
}

// the rules: the raw move accepts player 2 on the very first move; then 2 is the one who started.
static void player_two_may_open() {
  Game g;
  CHECK_EQ(g.first_player(), 1u);
  CHECK_EQ(g.move(1, 1, 2), 0u);
  CHECK_EQ(g.first_player(), 2u);
  CHECK_EQ(g.to_move(), 1u);
  CHECK_STATUS(g.move(0, 0, 2), ttt::IllegalMove, Status::WrongTurn);
}

static void queries_and_history() {
  Game g(3, 4, 3);
  CHECK_EQ(g.rows(), 3u);
  CHECK_EQ(g.cols(), 4u);
  CHECK_EQ(g.k(), 3u);
  CHECK_EQ(g.to_move(), 1u);
  CHECK_EQ(g.legal_moves().size(), 12u);
  CHECK(g.play(0, 3) == Result::Pending);
  CHECK(g.play(2, 1) == Result::Pending);
  CHECK_EQ(g.cell(0, 3), 1u);
  CHECK_EQ(g.cell(2, 1), 2u);
  CHECK_EQ(g.cell(1, 1), 0u);
  CHECK_EQ(g.move_count(), 2u);
  CHECK((g.moves() == std::vector<Cell>{{0, 3}, {2, 1}}));
  std::vector<std::uint8_t> want(12, 0);
  want[3] = 1;
  want[9] = 2;
  CHECK(g.cells() == want);
  CHECK_EQ(g.legal_moves().size(), 10u);
  CHECK(g.legal_moves().front() == (Cell{0, 0}));
  CHECK(g.winning_line().empty());

  g.undo();
  CHECK_EQ(g.move_count(), 1u);
  CHECK_EQ(g.to_move(), 2u);
  g.redo();
  CHECK((g.moves() == std::vector<Cell>{{0, 3}, {2, 1}}));
  CHECK_STATUS(g.redo(), ttt::NoHistory, Status::NothingToRedo);
  g.undo();
  g.play(1, 1);  // a new move clears what could be redone
  CHECK_STATUS(g.redo(), ttt::NoHistory, Status::NothingToRedo);

  g.reset();
  CHECK_EQ(g.move_count(), 0u);
  CHECK_EQ(g.k(), 3u);
  CHECK_STATUS(g.undo(), ttt::NoHistory, Status::NothingToUndo);
}

static void draw_and_b_wins() {
  Game d;
  const int draw[][2] = {{0, 0}, {1, 1}, {2, 0}, {1, 0}, {1, 2}, {2, 1}, {0, 1}, {0, 2}, {2, 2}};
  for (const auto& m : draw) d.play(m[0], m[1]);
  CHECK(d.result() == Result::Draw);
  CHECK_EQ(d.winner(), 0u);
  CHECK_EQ(ttt::to_string(d.result()), "Draw");

  Game b;
  const int bwins[][2] = {{0, 0}, {1, 1}, {0, 1}, {0, 2}, {1, 0}};
  for (const auto& m : bwins) CHECK(b.play(m[0], m[1]) == Result::Pending);
  CHECK(b.play(2, 0) == Result::BWins);
  CHECK_EQ(b.winner(), 2u);
  CHECK((b.winning_line() == std::vector<Cell>{{0, 2}, {1, 1}, {2, 0}}));
}

static void clone_is_independent() {
  Game a;
  a.play(0, 0);
  Game b = a.clone();
  b.play(1, 1);
  CHECK_EQ(a.move_count(), 1u);
  CHECK_EQ(b.move_count(), 2u);
  b.undo();
  b.undo();  // the clone keeps the history
  CHECK_EQ(b.move_count(), 0u);
  CHECK_EQ(a.cell(0, 0), 1u);
}

static void text_round_trip() {
  Game g;
  g.play(0, 0);
  g.play(0, 2);
  g.play(1, 1);
  CHECK_EQ(g.to_text(), "3,3,3:X.O/.X./...:O");
  Game back = Game::from_text(g.to_text());
  CHECK_EQ(back.to_text(), g.to_text());
  CHECK_EQ(back.to_move(), 2u);
  CHECK(back.moves().empty());  // text keeps the position, not the history

  // Player 2 opened: the text must say so, and the loaded game must continue correctly.
  Game o;
  o.move(1, 1, 2);
  Game o2 = Game::from_text(o.to_text());
  CHECK_EQ(o2.first_player(), 2u);
  CHECK_EQ(o2.to_move(), 1u);

  std::ostringstream os;
  os << g;
  CHECK_EQ(os.str(), g.to_text());

  CHECK_STATUS(Game::from_text("3,3,3:X.Q/.../...:O"), ttt::ParseError, Status::ParseError);
  CHECK_STATUS(Game::from_text("nonsense"), ttt::ParseError, Status::ParseError);
  CHECK_STATUS(Game::from_text("3,3,3:XXX/XXX/...:O"), ttt::ParseError,
               Status::UnreachableBoard);
  CHECK_STATUS(Game::from_text("0,3,3:...:X"), ttt::InvalidArgument, Status::InvalidArgument);
}

static void construction_errors() {
  CHECK_STATUS(Game(0, 3, 3), ttt::InvalidArgument, Status::InvalidArgument);
  CHECK_STATUS(Game(3, 3, 4), ttt::InvalidArgument, Status::InvalidArgument);
  CHECK_STATUS(Game(100000, 100000, 5), ttt::InvalidArgument, Status::TooLarge);
  CHECK_STATUS(Game::tictactoe(0), ttt::InvalidArgument, Status::InvalidArgument);
  // Numbers that do not fit a uint32_t are the language's error, not a wrapped value.
  CHECK_THROWS(Game(-1, 3, 3), std::out_of_range);
  CHECK_THROWS(Game(3, 3, (1LL << 32) + 3), std::out_of_range);
  CHECK_THROWS(Game::tictactoe(-3), std::out_of_range);
  // Every exception is a ttt::Error, which is a std::runtime_error naming the status.
  CHECK_THROWS_IF(Game(0, 0, 0), std::runtime_error, [](const std::runtime_error& e) {
    return std::string(e.what()).find("invalid argument") != std::string::npos;
  });
}

// A failed call throws the right subclass and leaves the game unchanged.
static void move_errors_change_nothing() {
  Game g;
  g.play(1, 1);
  const std::string before = g.to_text();
  CHECK_STATUS(g.play(3, 0), ttt::IllegalMove, Status::OutOfBounds);
  CHECK_STATUS(g.play(0, 3), ttt::IllegalMove, Status::OutOfBounds);
  CHECK_STATUS(g.play(1, 1), ttt::IllegalMove, Status::CellOccupied);
  CHECK_STATUS(g.move(0, 0, 1), ttt::IllegalMove, Status::WrongTurn);
  CHECK_STATUS(g.move(0, 0, 3), ttt::InvalidArgument, Status::InvalidArgument);
  CHECK_STATUS(g.move(0, 0, 0), ttt::InvalidArgument, Status::InvalidArgument);
  CHECK_STATUS(g.cell(0, 7), ttt::IllegalMove, Status::OutOfBounds);
  CHECK_THROWS(g.play(-1, 0), std::out_of_range);
  CHECK_THROWS(g.move(0, 0, -2), std::out_of_range);
  CHECK_THROWS(g.cell(0, 1LL << 40), std::out_of_range);
  CHECK_EQ(g.to_text(), before);
  CHECK_EQ(g.move_count(), 1u);
}

static void moved_from_game_throws() {
  Game a;
  a.play(0, 0);
  Game b = std::move(a);
  CHECK(!a);
  CHECK(b);
  CHECK_EQ(b.move_count(), 1u);
  CHECK_STATUS(a.play(1, 1), ttt::Error, Status::NullPointer);
  CHECK_STATUS(a.move_count(), ttt::Error, Status::NullPointer);
  CHECK_STATUS(a.clone(), ttt::Error, Status::NullPointer);
  CHECK_STATUS(a.to_text(), ttt::Error, Status::NullPointer);
  CHECK_STATUS(a.legal_moves(), ttt::Error, Status::NullPointer);
  std::ostringstream os;
  os << a;
  CHECK_EQ(os.str(), "<moved-from ttt::Game>");

  // Move assignment frees the target's old game (valgrind reports a leak otherwise) and
  // revives a moved-from Game.
  Game c(4, 4, 4);
  c = std::move(b);
  CHECK_EQ(c.rows(), 3u);
  a = Game(5, 5, 4);
  CHECK_EQ(a.k(), 4u);

  // release() hands the handle to the caller; adopt() takes it back.
  TttGame* raw = c.release();
  CHECK(!c);
  CHECK(raw != nullptr);
  Game d = Game::adopt(raw);
  CHECK_EQ(d.get(), raw);
  CHECK_EQ(d.move_count(), 1u);
}

static void big_and_gomoku_boards() {
  Game big(4096, 4096, 5);
  big.play(4095, 4095);
  CHECK_EQ(big.cell(4095, 4095), 1u);
  CHECK_EQ(big.legal_moves().size(), 4096u * 4096u - 1u);

  Game gomoku(15, 15, 5);
  for (int i = 0; i < 4; ++i) {
    gomoku.play(7, 3 + i);
    gomoku.play(0, i);
  }
  CHECK(gomoku.play(7, 7) == Result::AWins);
  CHECK((gomoku.winning_line() ==
         std::vector<Cell>{{7, 3}, {7, 4}, {7, 5}, {7, 6}, {7, 7}}));
}

int main() {
  design_tictactoe_seed();
  player_two_may_open();
  queries_and_history();
  draw_and_b_wins();
  clone_is_independent();
  text_round_trip();
  construction_errors();
  move_errors_change_nothing();
  moved_from_game_throws();
  big_and_gomoku_boards();
  return check::result("test_game");
}
