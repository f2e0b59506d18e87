// Tests of the AI calls through the wrapper: best_move's cell and signed score, optimal_moves,
// search and ai_move (wins, blocks, determinism, legality), and their errors. Positions are
// small enough to check by hand (reasoning in the comments).
#include "tictactoe.hpp"

#include <algorithm>
#include <thread>

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

static Game gomoku(std::initializer_list<Cell> moves) {
  Game g(15, 15, 5);
  for (Cell m : moves) g.play(m.row, m.col);
  return g;
}

// X has an open four on row 7, X to move: search and every level from Easy up take the win.
static void takes_the_win() {
  Game g = gomoku({{7, 3}, {0, 0}, {7, 4}, {0, 2}, {7, 5}, {0, 4}, {7, 6}, {0, 6}});
  const auto wins = [](Cell c) { return c == Cell{7, 2} || c == Cell{7, 7}; };
  CHECK(wins(g.search(2000)));
  CHECK(wins(g.search(0, 50, 9)));
  for (ttt::Level level : {ttt::Level::Easy, ttt::Level::Medium, ttt::Level::Hard,
                           ttt::Level::Perfect}) {
    CHECK(wins(g.ai_move(level, 3)));
  }
  CHECK_EQ(g.move_count(), 8u);  // the search works on a copy
}

// X has an open three on row 7, X to move: an open four wins in 3 plies; O to move earlier
// has no threat win; a budget of 0 and a finished game are refused.
static void threat_win() {
  const Game g = gomoku({{7, 5}, {0, 0}, {7, 6}, {0, 2}, {7, 7}, {0, 4}});
  const std::optional<ttt::ThreatWin> win = g.threat_win(10000);
  CHECK(win.has_value());
  CHECK(win->cell == (Cell{7, 4}) || win->cell == (Cell{7, 8}));
  CHECK_EQ(win->plies, 3u);
  CHECK(!gomoku({{7, 5}, {0, 0}, {7, 6}}).threat_win(10000).has_value());
  CHECK_STATUS(g.threat_win(0), ttt::InvalidArgument, Status::InvalidArgument);
  Game over = gomoku({{7, 3}, {0, 0}, {7, 4}, {0, 2}, {7, 5}, {0, 4}, {7, 6}, {0, 6}, {7, 7}});
  CHECK_STATUS(over.threat_win(100), ttt::IllegalMove, Status::GameOver);
}

// X has four on row 7 blocked at (7, 2), O to move: O must block at (7, 7).
static void blocks_the_loss() {
  Game g = gomoku({{7, 3}, {7, 2}, {7, 4}, {0, 0}, {7, 5}, {0, 2}, {7, 6}});
  CHECK(g.search(2000, 0, 1) == (Cell{7, 7}));
  CHECK(g.ai_move(ttt::Level::Medium) == (Cell{7, 7}));
  CHECK(g.ai_move(ttt::Level::Perfect) == (Cell{7, 7}));
}

// The same game, node budget and seed give the same move; every level's move is legal.
static void deterministic_and_legal() {
  Game g = gomoku({{7, 7}, {6, 8}});
  CHECK(g.search(3000, 0, 42) == g.search(3000, 0, 42));
  for (std::uint64_t seed = 0; seed < 5; ++seed) {
    for (ttt::Level level : {ttt::Level::Random, ttt::Level::Easy, ttt::Level::Medium,
                             ttt::Level::Hard}) {
      const Cell c = g.ai_move(level, seed);
      CHECK(c == g.ai_move(level, seed));
      CHECK(c.row < 15 && c.col < 15 && g.cell(c.row, c.col) == 0);
    }
  }
  Game small;
  CHECK(small.ai_move(ttt::Level::Perfect) == small.ai_move(ttt::Level::Perfect));
}

// The header lets several threads run the AI on one game at once while none changes it, and
// distinct games are independent: threads searching a shared game and playing their own agree
// with a single-threaded run.
static void threads() {
  const Game shared = gomoku({{7, 7}, {6, 8}, {8, 8}});
  const Cell expected = shared.search(2000, 0, 5);
  std::vector<Cell> found(3);
  std::vector<ttt::Result> own(3);
  std::vector<std::thread> pool;
  for (std::size_t t = 0; t < found.size(); ++t) {
    pool.emplace_back([&, t] {
      found[t] = shared.search(2000, 0, 5);
      Game g(5, 5, 4);
      for (std::uint32_t c = 0; c < 4 && g.play(t % 2, c) == ttt::Result::Pending; ++c) {
        g.play(4, c);
      }
      own[t] = g.result();
    });
  }
  for (std::thread& th : pool) th.join();
  for (std::size_t t = 0; t < found.size(); ++t) {
    CHECK(found[t] == expected);
    CHECK(own[t] == ttt::Result::AWins);
  }
}

static void search_errors() {
  Game g = gomoku({{7, 7}});
  CHECK_STATUS(g.search(0, 0), ttt::InvalidArgument, Status::InvalidArgument);
  CHECK_THROWS(g.search(-1), std::out_of_range);
  CHECK_THROWS(g.search(100, -5), std::out_of_range);
  CHECK_THROWS(g.search(0, 1LL << 32), std::out_of_range);
  CHECK_STATUS(g.ai_move(static_cast<ttt::Level>(9)), ttt::InvalidArgument,
               Status::InvalidArgument);
  Game over = Game::from_text("3,3,3:XXX/OO./...:O");
  CHECK_STATUS(over.search(100), ttt::IllegalMove, Status::GameOver);
  CHECK_STATUS(over.ai_move(ttt::Level::Random), ttt::IllegalMove, Status::GameOver);
}

// The caller-budgeted solve answers as the default one when the budget suffices, under steps,
// time or both; runs out (TooHard) on a budget too small; and refuses no budget at all.
static void budgeted_solve() {
  for (const char* text : {"3,3,3:X../.O./...:X", "4,4,4:..../..../..../....:X"}) {
    Game g = Game::from_text(text);
    const ttt::ScoredMove want = g.best_move();
    const std::vector<Cell> all = g.optimal_moves();
    const long long budgets[][2] = {{TTT_SOLVE_NODES, 0}, {0, 60000}, {1LL << 40, 60000}};
    for (const auto& b : budgets) {
      const ttt::ScoredMove got = g.best_move_within(b[0], b[1]);
      CHECK(got.cell == want.cell);
      CHECK_EQ(got.score, want.score);
      CHECK(g.optimal_moves_within(b[0], b[1]) == all);
    }
  }
  Game empty(4, 4, 4);
  CHECK_STATUS(empty.best_move_within(100), ttt::TooHard, Status::TooHard);
  CHECK_STATUS(empty.optimal_moves_within(100, 60000), ttt::TooHard, Status::TooHard);
  CHECK_STATUS(empty.best_move_within(0, 0), ttt::InvalidArgument, Status::InvalidArgument);
  CHECK_STATUS(empty.optimal_moves_within(0), ttt::InvalidArgument, Status::InvalidArgument);
  CHECK_THROWS(empty.best_move_within(-1), std::out_of_range);
  CHECK_THROWS(empty.optimal_moves_within(0, 1LL << 32), std::out_of_range);
  Game over = Game::from_text("3,3,3:XXX/OO./...:O");
  CHECK_STATUS(over.best_move_within(100), ttt::IllegalMove, Status::GameOver);
  CHECK_STATUS(over.optimal_moves_within(0, 10), ttt::IllegalMove, Status::GameOver);
  // A time budget stops a solve that takes the default budget seconds.
  Game hopeless(7, 7, 5);
  CHECK_STATUS(hopeless.best_move_within(0, 50), ttt::TooHard, Status::TooHard);
  CHECK_STATUS(hopeless.best_move_threads(0, 50, 2), ttt::TooHard, Status::TooHard);
}

// The solve on threads gives the one-thread score (the Rust tests cover the boards big enough
// to be split); its errors are the one-thread solve's.
// A certificate names the position and its value; its errors are the solver's.
static void certificates() {
  const std::string draw = Game(3, 3, 3).certificate(100000);
  CHECK(draw.rfind("certificate 2\nposition 3,3,3:.../.../...:X\nvalue draw\ntree X cannot-win\n", 0) == 0);
  CHECK(Game::from_text("3,3,3:XX./OO./...:X").certificate(100) ==
        "certificate 2\nposition 3,3,3:XX./OO./...:X\nvalue win\ntree X wins\nmove 2\nend\n");
  Game empty(5, 5, 4);
  CHECK_STATUS(empty.certificate(10), ttt::TooHard, Status::TooHard);
  CHECK_STATUS(empty.certificate(0), ttt::InvalidArgument, Status::InvalidArgument);
  CHECK_THROWS(empty.certificate(-1), std::out_of_range);
  Game over = Game::from_text("3,3,3:XXX/OO./...:O");
  CHECK_STATUS(over.certificate(100), ttt::IllegalMove, Status::GameOver);
}

static void solve_on_threads() {
  for (const char* text : {"3,3,3:X../.O./...:X", "4,4,4:..../..../..../....:X"}) {
    Game g = Game::from_text(text);
    const ttt::ScoredMove want = g.best_move_within(1LL << 26);
    for (int threads : {0, 1, 2, 3}) {
      const ttt::ScoredMove got = g.best_move_threads(1LL << 26, 0, threads);
      CHECK_EQ(got.score, want.score);
      CHECK_EQ(g.cell(got.cell.row, got.cell.col), 0u);
    }
  }
  Game empty(4, 4, 4);
  CHECK_STATUS(empty.best_move_threads(100, 0, 2), ttt::TooHard, Status::TooHard);
  CHECK_STATUS(empty.best_move_threads(0, 0, 2), ttt::InvalidArgument, Status::InvalidArgument);
  CHECK_THROWS(empty.best_move_threads(100, 0, -1), std::out_of_range);
  Game over = Game::from_text("3,3,3:XXX/OO./...:O");
  CHECK_STATUS(over.best_move_threads(100), ttt::IllegalMove, Status::GameOver);
}

// Who wins: the player the score's sign names (player 2 may open), 0 for a draw; the errors
// are the solver's.
static void forced_winner() {
  CHECK_EQ(Game(3, 3, 3).forced_winner_within(1 << 20), 0u);
  CHECK_EQ(Game(4, 4, 3).forced_winner_within(1 << 20), 1u);
  CHECK_EQ(Game::from_text("4,4,3:..../..../..../....:O").forced_winner_within(1 << 20), 2u);
  CHECK_EQ(Game::from_text("3,3,3:XX./OO./X..:O").forced_winner_within(1 << 20), 2u);
  Game empty(7, 7, 5);
  CHECK_STATUS(empty.forced_winner_within(1000), ttt::TooHard, Status::TooHard);
  CHECK_STATUS(empty.forced_winner_within(0, 0), ttt::InvalidArgument, Status::InvalidArgument);
  CHECK_THROWS(empty.forced_winner_within(-1), std::out_of_range);
  Game over = Game::from_text("3,3,3:XXX/OO./...:O");
  CHECK_STATUS(over.forced_winner_within(100), ttt::IllegalMove, Status::GameOver);
}

int main() {
  empty_board_is_a_draw();
  immediate_win();
  forced_loss();
  errors();
  takes_the_win();
  threat_win();
  blocks_the_loss();
  deterministic_and_legal();
  search_errors();
  budgeted_solve();
  solve_on_threads();
  forced_winner();
  certificates();
  threads();
  return check::result("test_ai");
}
