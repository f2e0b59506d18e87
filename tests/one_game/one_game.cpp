// One seeded AI-vs-AI game through the C++ wrapper (bindings/cpp/tictactoe.hpp), printed as the
// transcript tests/one_game.sh compares across runners (format and rules at the top of that
// script).
#include <cstdint>
#include <iostream>

#include "tictactoe.hpp"

namespace {
const char* result_name(ttt::Result r) {
  switch (r) {
    case ttt::Result::Pending: return "Pending";
    case ttt::Result::AWins: return "A";
    case ttt::Result::BWins: return "B";
    case ttt::Result::Draw: return "Draw";
  }
  return "unknown";
}
}  // namespace

int main() {
  ttt::Game game(15, 15, 5);
  std::cout << "game 15 15 5 level " << static_cast<unsigned>(ttt::Level::Hard) << '\n';
  ttt::Result result = ttt::Result::Pending;
  for (std::uint64_t ply = 0; result == ttt::Result::Pending; ply++) {
    const ttt::Cell cell = game.ai_move(ttt::Level::Hard, 1000 + ply);
    result = game.play(cell.row, cell.col);
    std::cout << ply << ' ' << cell.row << ' ' << cell.col << '\n';
  }
  std::cout << "text " << game.to_text() << '\n' << "result " << result_name(result) << '\n';
  return 0;
}
