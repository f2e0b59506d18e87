// Tests of ttt::Batch: every member against the same games played through ttt::Game, the
// error paths (an illegal action changes no game), moves, determinism and ownership.
#include "tictactoe.hpp"

#include <cstdint>
#include <stdexcept>
#include <vector>

#include "check.hpp"

using ttt::Result;

// Steps a 7 x 7, k = 5 batch with the first empty cell of each game, side by side with Games
// played the same way, and compares results, masks and observations after every step.
static void agrees_with_games() {
  const std::size_t count = 5, cells = 49;
  ttt::Batch batch(count, 7, 7, 5);
  std::vector<ttt::Game> games;
  for (std::size_t i = 0; i < count; ++i) games.emplace_back(7, 7, 5);
  std::size_t ends = 0;
  for (int step = 0; step < 120; ++step) {
    const std::vector<std::uint8_t> mask = batch.legal_mask();
    std::vector<std::uint32_t> actions(count);
    for (std::size_t i = 0; i < count; ++i) {
      // A different empty cell for each game: the (i + step)-th, counting round the board.
      std::size_t c = (i * 11 + static_cast<std::size_t>(step) * 7) % cells;
      while (!mask[i * cells + c]) c = (c + 1) % cells;
      actions[i] = static_cast<std::uint32_t>(c);
    }
    const std::vector<Result> results = batch.step(actions);
    for (std::size_t i = 0; i < count; ++i) {
      const Result r = games[i].play(actions[i] / 7, actions[i] % 7);
      CHECK(results[i] == r);
      if (r != Result::Pending) {
        games[i] = ttt::Game(7, 7, 5);
        ++ends;
      }
    }
    const std::vector<std::uint8_t> obs = batch.observe();
    for (std::size_t i = 0; i < count; ++i) {
      const std::string text = games[i].to_text();
      CHECK_EQ(batch.game(i).to_text(), text);
      const char mover = text.back();
      for (std::size_t c = 0; c < cells; ++c) {
        const char stone = text[text.find(':') + 1 + c + c / 7];  // rows joined by '/'
        CHECK_EQ(obs[i * 2 * cells + c], stone == mover ? 1 : 0);
        CHECK_EQ(obs[i * 2 * cells + cells + c], stone != '.' && stone != mover ? 1 : 0);
      }
    }
  }
  CHECK(ends > 0);
}

static void errors_change_nothing() {
  ttt::Batch batch(3);
  CHECK_EQ(batch.size(), 3u);
  CHECK_EQ(batch.cells(), 9u);
  batch.step({4, 4, 4});
  const std::vector<std::uint8_t> before = batch.observe();
  CHECK_THROWS_IF(batch.step({0, 4, 1}), ttt::IllegalMove, [](const ttt::IllegalMove& e) {
    return e.status() == ttt::Status::CellOccupied && e.move_index() == std::size_t{1};
  });
  CHECK_THROWS_IF(batch.step({0, 1, 9}), ttt::IllegalMove, [](const ttt::IllegalMove& e) {
    return e.status() == ttt::Status::OutOfBounds && e.move_index() == std::size_t{2};
  });
  CHECK_THROWS_IF(batch.step({0, 1}), ttt::InvalidArgument,
                  [](const ttt::InvalidArgument& e) { return e.status() == ttt::Status::InvalidArgument; });
  CHECK(batch.observe() == before);
  CHECK_THROWS_IF(batch.game(3), ttt::InvalidArgument, [](const ttt::InvalidArgument&) { return true; });
  CHECK_THROWS_IF(ttt::Batch(0), ttt::InvalidArgument, [](const ttt::InvalidArgument&) { return true; });
  std::vector<std::uint8_t> small(26);
  CHECK_THROWS_IF(batch.observe(small.data(), small.size()), ttt::Error,
                  [](const ttt::Error& e) { return e.status() == ttt::Status::BufferTooSmall; });
  batch.reset();
  CHECK(batch.legal_mask() == std::vector<std::uint8_t>(27, 1));
}

static void random_moves_repeat() {
  ttt::Batch a(1000, 15, 15, 5, 9), b(1000, 15, 15, 5, 9);
  const ttt::BatchStats sa = a.random_moves(50, 1), sb = b.random_moves(50, 2);
  CHECK_EQ(sa.moves, 50000u);
  CHECK(sa.moves == sb.moves && sa.a_wins == sb.a_wins && sa.b_wins == sb.b_wins);
  CHECK(a.observe() == b.observe());
  ttt::Batch moved = std::move(a);
  CHECK(moved.observe() == b.observe());
  CHECK(a.handle() == nullptr);
}

// A batch big enough to be split steps, refuses and observes on two threads as on one: the same
// results, the same first bad game, no game changed. A call splits from 2^22 cells a thread
// (CELLS_PER_THREAD in src/batch/lanes.rs), so from 2 * 2^22 / 225 = 37,283 games of 15 x 15.
static void threads_change_nothing() {
  const std::size_t cells = 225, count = 2 * (std::size_t{1} << 22) / cells + 17;
  ttt::Batch one(count, 15, 15, 5), two(count, 15, 15, 5);
  two.set_threads(2);
  CHECK_THROWS_IF(two.set_threads(-1), std::out_of_range, [](const std::out_of_range&) { return true; });
  for (int step = 0; step < 8; ++step) {
    const std::vector<std::uint8_t> mask = one.legal_mask();
    CHECK(two.legal_mask() == mask);
    std::vector<std::uint32_t> actions(count);
    for (std::size_t i = 0; i < count; ++i) {
      std::size_t c = (i * 31 + static_cast<std::size_t>(step) * 13) % cells;
      while (!mask[i * cells + c]) c = (c + 1) % cells;
      actions[i] = static_cast<std::uint32_t>(c);
    }
    if (step == 5) {
      std::vector<std::uint32_t> bad = actions;
      bad[count - 7] = 225;
      bad[count - 3] = 226;
      const std::vector<std::uint8_t> before = two.observe();
      CHECK_THROWS_IF(two.step(bad), ttt::IllegalMove,
                      [&](const ttt::IllegalMove& e) { return e.move_index() == count - 7; });
      CHECK(two.observe() == before);
    }
    CHECK(one.step(actions) == two.step(actions));
    CHECK(one.observe() == two.observe());
  }
}

int main() {
  agrees_with_games();
  threads_change_nothing();
  errors_change_nothing();
  random_moves_repeat();
  return check::result("test_batch");
}
