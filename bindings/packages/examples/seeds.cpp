// The C++ wrapper from an installed package: the header-only tictactoe.hpp over the library.
// Usage: seeds-cpp VERSION
#include <cstdio>
#include <tictactoe.hpp>

int main(int argc, char **argv) {
  if (argc != 2 || ttt::version() != argv[1]) return 1;
  if (ttt::find_winner({{0, 0}, {2, 0}, {1, 1}, {2, 1}, {2, 2}}) != "A") return 1;
  if (ttt::find_winner({{0, 0}, {1, 1}}) != "Pending") return 1;
  std::puts("ok: the C++ wrapper");
  return 0;
}
