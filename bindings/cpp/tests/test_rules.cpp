// Tests of the free functions: judge / find_winner ("Find Winner" seed), validate ("Valid
// State" seed) with every verdict and every error path, and the string helpers.
#include "tictactoe.hpp"

#include <typeinfo>

#include "check.hpp"

using ttt::Result;
using ttt::Status;
using ttt::Verdict;

// The four examples of LeetCode 1275.
static void find_winner_seed() {
  CHECK_EQ(ttt::find_winner({{0, 0}, {2, 0}, {1, 1}, {2, 1}, {2, 2}}), "A");
  CHECK_EQ(ttt::find_winner({{0, 0}, {1, 1}, {0, 1}, {0, 2}, {1, 0}, {2, 0}}), "B");
  CHECK_EQ(ttt::find_winner(
               {{0, 0}, {1, 1}, {2, 0}, {1, 0}, {1, 2}, {2, 1}, {0, 1}, {0, 2}, {2, 2}}),
           "Draw");
  CHECK_EQ(ttt::find_winner({{0, 0}, {1, 1}}), "Pending");
  CHECK_EQ(ttt::find_winner({}), "Pending");

  CHECK(ttt::judge({{0, 0}, {2, 0}, {1, 1}, {2, 1}, {2, 2}}) == Result::AWins);
  CHECK(ttt::judge({{0, 0}, {1, 1}, {0, 1}, {0, 2}, {1, 0}, {2, 0}}) == Result::BWins);
  CHECK_EQ(ttt::to_string(Result::BWins), "B");
  CHECK_EQ(ttt::to_string(Result::Pending), "Pending");
}

static void judge_general_boards() {
  // 1 x 7, k = 3: A takes 0, 1, 2 while B plays 5, 6.
  CHECK(ttt::judge({{0, 0}, {0, 5}, {0, 1}, {0, 6}, {0, 2}}, 1, 7, 3) == Result::AWins);
  // 15 x 15, k = 5: B completes a column.
  std::vector<ttt::Cell> moves;
  for (std::uint32_t i = 0; i < 5; ++i) {
    moves.push_back({0, 2 * i + 1});  // A: a gapped row, never 5 in a row
    moves.push_back({5 + i, 9});
  }
  CHECK(ttt::judge(moves, 15, 15, 5) == Result::BWins);
  moves.pop_back();
  CHECK(ttt::judge(moves, 15, 15, 5) == Result::Pending);
}

// The offending move's index comes with the exception.
static void judge_errors() {
  const auto at = [](std::size_t index) {
    return [index](const ttt::IllegalMove& e) { return e.move_index() == index; };
  };
  CHECK_STATUS(ttt::judge({{0, 0}, {1, 1}, {0, 0}}), ttt::IllegalMove, Status::CellOccupied);
  CHECK_THROWS_IF(ttt::judge({{0, 0}, {1, 1}, {0, 0}}), ttt::IllegalMove, at(2));
  CHECK_STATUS(ttt::judge({{0, 3}}), ttt::IllegalMove, Status::OutOfBounds);
  CHECK_THROWS_IF(ttt::judge({{1, 1}, {3, 0}}), ttt::IllegalMove, at(1));
  CHECK_STATUS(ttt::judge({{0, 0}, {1, 0}, {0, 1}, {1, 1}, {0, 2}, {2, 2}}), ttt::IllegalMove,
               Status::GameOver);
  CHECK_THROWS_IF(ttt::judge({{0, 0}, {1, 0}, {0, 1}, {1, 1}, {0, 2}, {2, 2}}),
                  ttt::IllegalMove, at(5));
  CHECK_STATUS(ttt::find_winner({{0, 0}, {0, 0}}), ttt::IllegalMove, Status::CellOccupied);
  // find_winner says which move, as judge does.
  CHECK_THROWS_IF(ttt::find_winner({{0, 0}, {1, 1}, {0, 0}}), ttt::IllegalMove, at(2));
  CHECK_THROWS_IF(ttt::find_winner({{3, 0}}), ttt::IllegalMove, at(0));
  CHECK_STATUS(ttt::judge({}, 0, 3, 3), ttt::InvalidArgument, Status::InvalidArgument);
  CHECK_STATUS(ttt::judge({}, 3, 3, 4), ttt::InvalidArgument, Status::InvalidArgument);
  CHECK_THROWS(ttt::judge({}, -3, 3, 3), std::out_of_range);
  // A non-illegal-move error carries no index.
  CHECK_THROWS_IF(ttt::judge({}, 0, 3, 3), ttt::Error, [](const ttt::Error& e) {
    return dynamic_cast<const ttt::IllegalMove*>(&e) == nullptr;
  });
}

// The three examples of LeetCode 794, as rows and as one string.
static void valid_state_seed() {
  CHECK(ttt::validate({"O  ", "   ", "   "}) == Verdict::TooManyO);
  CHECK(ttt::validate({"XOX", " X ", "   "}) == Verdict::TooManyX);
  CHECK(ttt::validate({"XOX", "O O", "XOX"}) == Verdict::Valid);
  CHECK(ttt::validate("O  /   /   ") == Verdict::TooManyO);
  CHECK(ttt::validate("XOX\n X \n   ") == Verdict::TooManyX);
  CHECK(ttt::validate("XOXO OXOX") == Verdict::Valid);
}

// One board per verdict, each worked out by hand from the validity rule.
static void every_verdict() {
  CHECK(ttt::validate("XXX/OOO/...") == Verdict::BothWin);
  CHECK(ttt::validate("XXX/OO./O..") == Verdict::XWonThenOMoved);
  CHECK(ttt::validate("OOO/XX./XX.") == Verdict::OWonThenXMoved);
  CHECK(ttt::validate("XXX../....O/O..O./.O..O/XXX..", 5, 5, 3) == Verdict::XLinesDisjoint);
  CHECK(ttt::validate("OOO../....X/X..X./.X..X/OOOX.", 5, 5, 3) == Verdict::OLinesDisjoint);
  CHECK(ttt::validate("XXX/OO./...") == Verdict::Valid);
  CHECK(ttt::validate("XO./XO./XO.") == Verdict::BothWin);
  CHECK(ttt::validate({"XO.", "XO.", "X.."}, 3) == Verdict::Valid);
  CHECK(ttt::validate({"X....", "....."}, 2) == Verdict::Valid);  // 2 x 5, k = 2

  CHECK_EQ(ttt::to_string(Verdict::Valid).empty(), false);
  CHECK(ttt::to_string(Verdict::BothWin) != ttt::to_string(Verdict::TooManyX));
}

static void validate_errors() {
  CHECK_STATUS(ttt::validate("XOQ/.../..."), ttt::ParseError, Status::ParseError);
  CHECK_STATUS(ttt::validate("XO/.../..."), ttt::ParseError, Status::ParseError);
  CHECK_STATUS(ttt::validate("", 0, 3, 3), ttt::InvalidArgument, Status::InvalidArgument);
  CHECK_STATUS(ttt::validate(".........", 3, 3, 4), ttt::InvalidArgument,
               Status::InvalidArgument);
  CHECK_THROWS(ttt::validate(".........", 3, -3, 3), std::out_of_range);
  CHECK_STATUS(ttt::validate({"X..", "..."}), ttt::InvalidArgument, Status::InvalidArgument);
  CHECK_STATUS(ttt::validate({"X..", ".."}, 2), ttt::ParseError, Status::ParseError);
  CHECK_STATUS(ttt::validate({std::string("X\0.", 3), "...", "..."}), ttt::ParseError,
               Status::ParseError);
  CHECK_THROWS(ttt::validate({"X..", "...", "..."}, -1), std::out_of_range);
}

// A refused board says what was wrong: its shape, k, or the first byte that is not a cell.
static void validate_error_details() {
  const auto says = [](const std::string& what) {
    return [what](const ttt::Error& e) { return std::string(e.what()) == what; };
  };
  CHECK_THROWS_IF(ttt::validate({"X....", "....."}), ttt::InvalidArgument,
                  says("ttt::validate: invalid argument (k = 0 means k = rows = cols, but the "
                       "board is 2x5: pass k)"));
  CHECK_THROWS_IF(ttt::validate({"X....", "....."}, 6), ttt::InvalidArgument,
                  says("ttt::validate: invalid argument (k = 6 is more than the 2x5 board's "
                       "longest side)"));
  CHECK_THROWS_IF(ttt::validate(std::vector<std::string>{}), ttt::InvalidArgument,
                  says("ttt::validate: invalid argument (an empty board (0x0))"));
  CHECK_THROWS_IF(ttt::validate({"X..", "..", "..."}), ttt::ParseError,
                  says("ttt::validate: text could not be parsed (rows of unequal length)"));
  CHECK_THROWS_IF(ttt::validate({"XQ.", "...", "..."}), ttt::ParseError,
                  says("ttt::validate: text could not be parsed (row 0, col 1 is 'Q': a cell is "
                       "'X', 'O', ' ' or '.')"));
  // A multi-byte character is named by its first byte, not mistaken for a ragged row.
  CHECK_THROWS_IF(ttt::validate({"...", ".\u00e9.", "..."}), ttt::ParseError,
                  says("ttt::validate: text could not be parsed (row 1, col 1 is '\\xc3': a cell "
                       "is 'X', 'O', ' ' or '.')"));
  CHECK_THROWS_IF(ttt::validate("X.../..../..."), ttt::ParseError,
                  says("ttt::validate: text could not be parsed (rows of unequal length)"));
  CHECK_THROWS_IF(ttt::validate("X......."), ttt::ParseError,
                  says("ttt::validate: text could not be parsed (an unsplit board of 8 cells is "
                       "not square)"));
}

// The one-string validate reads the board as in the Python binding (Python's validate(board, k=None))
// does: the shape from the separators, k second. The four-argument form is ttt_validate's.
static void validate_one_string() {
  CHECK(ttt::validate("XXX./OOO./....", 4) == Verdict::Valid);              // 3 x 4, k = 4
  CHECK(ttt::validate("XXX./OOO./....", 3) == Verdict::BothWin);
  CHECK(ttt::validate("XXX./OOO./....", 3, 4, 4) == Verdict::Valid);
  CHECK(ttt::validate("X.../..../..../....") == Verdict::Valid);             // 4 x 4, k = 4
  CHECK(ttt::validate("XXXX/OOO./..../....") == Verdict::Valid);
  CHECK(ttt::validate("\nXOX\nO O\nXOX\n") == Verdict::Valid);          // ends make no row
  CHECK(ttt::validate("XOXO OXOX") == Verdict::Valid);                      // unsplit square
  CHECK(ttt::validate("X", 1) == Verdict::Valid);
  CHECK_STATUS(ttt::validate("X...../......"), ttt::InvalidArgument, Status::InvalidArgument);
  CHECK(ttt::validate("X...../......", 2) == Verdict::Valid);
  CHECK_STATUS(ttt::validate("XOX//O O/XOX"), ttt::ParseError, Status::ParseError);
  CHECK_STATUS(ttt::validate(""), ttt::InvalidArgument, Status::InvalidArgument);
  CHECK_STATUS(ttt::validate("//"), ttt::InvalidArgument, Status::InvalidArgument);
  CHECK_THROWS(ttt::validate("X........", -1), std::out_of_range);
}

// A refused move names itself: judge's and find_winner's with their own function names.
static void move_error_messages() {
  const auto says = [](const std::string& what) {
    return [what](const ttt::Error& e) { return std::string(e.what()) == what; };
  };
  CHECK_THROWS_IF(ttt::judge({{0, 0}, {0, 0}}), ttt::IllegalMove,
                  says("ttt::judge: cell occupied (move 1: row 0, col 0 on a 3x3 board)"));
  CHECK_THROWS_IF(ttt::find_winner({{0, 0}, {3, 0}}), ttt::IllegalMove,
                  says("ttt::find_winner: cell out of bounds (move 1: row 3, col 0 on a 3x3 "
                       "board)"));
  ttt::Game g(3, 4, 3);
  g.play(1, 1);
  CHECK_THROWS_IF(g.play(1, 1), ttt::IllegalMove,
                  says("ttt::Game::play: cell occupied (row 1, col 1 on the 3x4 board)"));
  CHECK_THROWS_IF(g.move(0, 4, 2), ttt::IllegalMove,
                  says("ttt::Game::move: cell out of bounds (row 0, col 4 on the 3x4 board, "
                       "player 2)"));
  CHECK_EQ(g.move_count(), 1u);
}

static void strings() {
  CHECK_EQ(ttt::version(), TTT_VERSION_STRING);
  CHECK_EQ(ttt::to_string(Status::CellOccupied), ttt_status_str(TTT_CELL_OCCUPIED));
  CHECK(!ttt::to_string(Status::Ok).empty());
  CHECK(ttt::to_string(static_cast<Status>(999)) == ttt::to_string(static_cast<Status>(1000)));
}

// Every status maps to its exception class and keeps its number (including those the tests
// cannot provoke through the API, such as OutOfMemory).
template <class Kind>
static bool raises_as(TttStatus raw) {
  try {
    ttt::detail::raise(raw, "test");
  } catch (const ttt::Error& e) {
    return typeid(e) == typeid(Kind) && e.status() == static_cast<Status>(raw);
  }
  return false;
}

static void every_status_has_its_exception() {
  CHECK(raises_as<ttt::Error>(TTT_NULL_POINTER));
  CHECK(raises_as<ttt::InvalidArgument>(TTT_INVALID_ARGUMENT));
  CHECK(raises_as<ttt::IllegalMove>(TTT_OUT_OF_BOUNDS));
  CHECK(raises_as<ttt::IllegalMove>(TTT_CELL_OCCUPIED));
  CHECK(raises_as<ttt::IllegalMove>(TTT_WRONG_TURN));
  CHECK(raises_as<ttt::IllegalMove>(TTT_GAME_OVER));
  CHECK(raises_as<ttt::NoHistory>(TTT_NOTHING_TO_UNDO));
  CHECK(raises_as<ttt::NoHistory>(TTT_NOTHING_TO_REDO));
  CHECK(raises_as<ttt::ParseError>(TTT_PARSE_ERROR));
  CHECK(raises_as<ttt::Error>(TTT_BUFFER_TOO_SMALL));
  CHECK(raises_as<ttt::InvalidArgument>(TTT_TOO_LARGE));
  CHECK(raises_as<ttt::Error>(TTT_OUT_OF_MEMORY));
  CHECK(raises_as<ttt::ParseError>(TTT_UNREACHABLE_BOARD));
  CHECK(raises_as<ttt::TooHard>(TTT_TOO_HARD));
  CHECK(raises_as<ttt::Error>(TTT_INTERNAL_ERROR));
}

int main() {
  every_status_has_its_exception();
  find_winner_seed();
  judge_general_boards();
  judge_errors();
  valid_state_seed();
  every_verdict();
  validate_errors();
  validate_error_details();
  validate_one_string();
  move_error_messages();
  strings();
  return check::result("test_rules");
}
