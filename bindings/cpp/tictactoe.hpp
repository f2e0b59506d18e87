// tictactoe.hpp — header-only C++17 wrapper over the tictactoe C API (include/tictactoe.h).
//
// Thin by design: every call goes straight to one C function; the only logic here is turning
// statuses into exceptions, handles into an RAII owner, and caller buffers into std::vector /
// std::string. See bindings/cpp/README.md.
//
// Numbers in (rows, columns, k, players, search budgets) are taken as ttt::Integer, which any
// integer type converts to with its exact value, so that a negative or too-large value throws
// std::out_of_range instead of silently wrapping to a different unsigned number; a
// floating-point, bool or character argument does not compile (it would be truncated, or '1'
// read as 49). A seed is any std::uint64_t.
// Everything the C library rejects throws a ttt::Error.
#ifndef TICTACTOE_HPP
#define TICTACTOE_HPP

#include <tictactoe.h>

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace ttt {

/// A C `TttStatus` as a scoped enum (same numbers).
enum class Status : std::uint32_t {
  Ok = TTT_OK,
  NullPointer = TTT_NULL_POINTER,
  InvalidArgument = TTT_INVALID_ARGUMENT,
  OutOfBounds = TTT_OUT_OF_BOUNDS,
  CellOccupied = TTT_CELL_OCCUPIED,
  WrongTurn = TTT_WRONG_TURN,
  GameOver = TTT_GAME_OVER,
  NothingToUndo = TTT_NOTHING_TO_UNDO,
  NothingToRedo = TTT_NOTHING_TO_REDO,
  ParseError = TTT_PARSE_ERROR,
  BufferTooSmall = TTT_BUFFER_TOO_SMALL,
  TooLarge = TTT_TOO_LARGE,
  OutOfMemory = TTT_OUT_OF_MEMORY,
  UnreachableBoard = TTT_UNREACHABLE_BOARD,
  TooHard = TTT_TOO_HARD,
  InternalError = TTT_INTERNAL_ERROR,
};

/// How a game stands (C `TttResult`).
enum class Result : std::uint32_t {
  Pending = TTT_PENDING,
  AWins = TTT_A_WINS,
  BWins = TTT_B_WINS,
  Draw = TTT_DRAW,
};

/// Whether a board is reachable, else the first reason why not (C `TttVerdict`).
enum class Verdict : std::uint32_t {
  Valid = TTT_VALID,
  TooManyO = TTT_TOO_MANY_O,
  TooManyX = TTT_TOO_MANY_X,
  BothWin = TTT_BOTH_WIN,
  XWonThenOMoved = TTT_X_WON_THEN_O_MOVED,
  OWonThenXMoved = TTT_O_WON_THEN_X_MOVED,
  XLinesDisjoint = TTT_X_LINES_DISJOINT,
  OLinesDisjoint = TTT_O_LINES_DISJOINT,
};

/// Difficulty levels of Game::ai_move (the header's TTT_LEVEL_* numbers).
enum class Level : std::uint32_t {
  Random = TTT_LEVEL_RANDOM,    ///< a uniformly random legal move
  Easy = TTT_LEVEL_EASY,        ///< wins in one when it can, else random
  Medium = TTT_LEVEL_MEDIUM,    ///< one-ply greedy: wins, else blocks, else builds its lines
  Hard = TTT_LEVEL_HARD,        ///< a budgeted search of 12,000 nodes
  Perfect = TTT_LEVEL_PERFECT,  ///< perfect play where solvable, else a 20,000-node search
};

namespace detail {
/// Character types, which are integral but are not numbers here: g.play('1', '1') is row 49.
/// (signed char and unsigned char stay numbers: they are std::int8_t and std::uint8_t.)
template <class T>
constexpr bool is_character_v = std::is_same_v<T, char> || std::is_same_v<T, wchar_t> ||
#ifdef __cpp_char8_t
                                std::is_same_v<T, char8_t> ||
#endif
                                std::is_same_v<T, char16_t> || std::is_same_v<T, char32_t>;
/// The integer types ttt::Integer takes: not bool, not a character type, and at most 64 bits
/// (GNU dialects count __int128 as integral; its high half would be cut off).
template <class T>
constexpr bool is_number_v = std::is_integral_v<T> && !std::is_same_v<T, bool> &&
                             !is_character_v<T> && sizeof(T) <= sizeof(std::uint64_t);
}  // namespace detail

/// A number argument. Any integer type converts to it implicitly and keeps its exact value
/// (signed or unsigned, up to 64 bits), so the wrapper can refuse what does not fit the C
/// parameter instead of wrapping it. Floating-point values, bool, character types (char,
/// wchar_t, char8_t, char16_t, char32_t) and integers wider than 64 bits (__int128) do not
/// convert: passing 1.5 as a row is a compile error rather than row 1, and '1' a compile error
/// rather than row 49.
class Integer {
 public:
  template <class T, std::enable_if_t<detail::is_number_v<T>, int> = 0>
  constexpr Integer(T value) noexcept  // implicit on purpose: g.play(1, 2)
      : negative_(is_negative(value)), magnitude_(magnitude_of(value)) {}
  template <class T, std::enable_if_t<std::is_floating_point_v<T> || std::is_same_v<T, bool> ||
                                          detail::is_character_v<T> ||
                                          (std::is_integral_v<T> && sizeof(T) > sizeof(std::uint64_t)),
                                      int> = 0>
  Integer(T) = delete;

  constexpr bool negative() const noexcept { return negative_; }
  /// The absolute value.
  constexpr std::uint64_t magnitude() const noexcept { return magnitude_; }
  std::string to_string() const {
    return (negative_ ? "-" : "") + std::to_string(magnitude_);
  }

 private:
  template <class T>
  static constexpr bool is_negative(T value) noexcept {
    if constexpr (std::is_signed_v<T>) {
      return value < 0;
    } else {
      return false;
    }
  }
  template <class T>
  static constexpr std::uint64_t magnitude_of(T value) noexcept {
    const auto wide = static_cast<std::uint64_t>(value);  // two's complement for negatives
    return is_negative(value) ? std::uint64_t{0} - wide : wide;
  }

  bool negative_;
  std::uint64_t magnitude_;
};

/// A board cell, counted from 0.
struct Cell {
  std::uint32_t row;
  std::uint32_t col;
  friend bool operator==(Cell a, Cell b) noexcept { return a.row == b.row && a.col == b.col; }
  friend bool operator!=(Cell a, Cell b) noexcept { return !(a == b); }
};

/// "A few words" naming a status, e.g. "cell occupied".
inline std::string_view to_string(Status s) noexcept {
  return ttt_status_str(static_cast<TttStatus>(s));
}
/// "Pending", "A", "B" or "Draw" — the "Find Winner" answers.
inline std::string_view to_string(Result r) noexcept {
  return ttt_result_str(static_cast<TttResult>(r));
}
/// A sentence naming why a board is unreachable (or that it is reachable).
inline std::string_view to_string(Verdict v) noexcept {
  return ttt_verdict_str(static_cast<TttVerdict>(v));
}
/// The linked library's version, "MAJOR.MINOR.PATCH".
inline std::string_view version() noexcept { return ttt_version(); }

/// Every non-OK status from the library is thrown as an Error (or one of its subclasses).
class Error : public std::runtime_error {
 public:
  Error(Status status, const std::string& what) : std::runtime_error(what), status_(status) {}
  Status status() const noexcept { return status_; }

 private:
  Status status_;
};

/// OutOfBounds, CellOccupied, WrongTurn, GameOver. From judge(), also the index of the bad move.
class IllegalMove : public Error {
 public:
  IllegalMove(Status status, const std::string& what,
              std::optional<std::size_t> move_index = std::nullopt)
      : Error(status, what), move_index_(move_index) {}
  std::optional<std::size_t> move_index() const noexcept { return move_index_; }

 private:
  std::optional<std::size_t> move_index_;
};

/// InvalidArgument, TooLarge: a board size or player the rules do not allow.
class InvalidArgument : public Error {
 public:
  using Error::Error;
};

/// NothingToUndo, NothingToRedo.
class NoHistory : public Error {
 public:
  using Error::Error;
};

/// ParseError, UnreachableBoard: text or a board that cannot be read or cannot arise.
class ParseError : public Error {
 public:
  using Error::Error;
};

/// TooHard: the position is too big to solve exactly.
class TooHard : public Error {
 public:
  using Error::Error;
};

namespace detail {

[[noreturn]] inline void raise(TttStatus raw, const char* where,
                               std::optional<std::size_t> move_index = std::nullopt,
                               const std::string& found = std::string()) {
  const auto status = static_cast<Status>(raw);
  std::string what = std::string(where) + ": " + ttt_status_str(raw);
  if (!found.empty()) what += " (" + found + ")";
  // On the number, not the enum: C may return a status this header does not list, so the
  // default is needed, and clang's -Wswitch-enum would want every enumerator named beside it.
  switch (static_cast<std::uint32_t>(raw)) {
    case TTT_OUT_OF_BOUNDS:
    case TTT_CELL_OCCUPIED:
    case TTT_WRONG_TURN:
    case TTT_GAME_OVER:
      throw IllegalMove(status, what, move_index);
    case TTT_INVALID_ARGUMENT:
    case TTT_TOO_LARGE:
      throw InvalidArgument(status, what);
    case TTT_NOTHING_TO_UNDO:
    case TTT_NOTHING_TO_REDO:
      throw NoHistory(status, what);
    case TTT_PARSE_ERROR:
    case TTT_UNREACHABLE_BOARD:
      throw ParseError(status, what);
    case TTT_TOO_HARD:
      throw TooHard(status, what);
    default:
      throw Error(status, what);
  }
}

inline void check(TttStatus raw, const char* where) {
  if (raw != TTT_OK) raise(raw, where);
}

/// The first byte of the board that is not a cell, as "row R, col C is 'Q'"; empty if none.
inline std::string bad_cell(const std::vector<std::string>& rows) {
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const std::size_t c = rows[r].find_first_not_of("XO .");
    if (c == std::string::npos) continue;
    const auto byte = static_cast<unsigned char>(rows[r][c]);
    const char hex[] = "0123456789abcdef";
    const std::string shown = byte >= 0x20 && byte < 0x7f
                                  ? std::string(1, static_cast<char>(byte))
                                  : std::string("\\x") + hex[byte >> 4] + hex[byte & 15];
    return "row " + std::to_string(r) + ", col " + std::to_string(c) + " is '" + shown +
           "': a cell is 'X', 'O', ' ' or '.'";
  }
  return "";
}

/// What was wrong with a board validate() refused: its shape, k, or the first byte that is not
/// a cell; empty when the status says it all (the C API has no detail to give).
inline std::string shape_detail(TttStatus raw, const std::vector<std::string>& rows, std::uint32_t k) {
  const std::size_t cols = rows.empty() ? 0 : rows.front().size();
  bool ragged = false;
  for (const std::string& row : rows) ragged = ragged || row.size() != cols;
  const std::string shape = std::to_string(rows.size()) + "x" + std::to_string(cols);
  if (raw == TTT_PARSE_ERROR) {
    // A bad byte first: a multi-byte character would otherwise read as a ragged row.
    const std::string bad = bad_cell(rows);
    return !bad.empty() ? bad : ragged ? "rows of unequal length" : "";
  }
  if (raw != TTT_INVALID_ARGUMENT) return "";
  if (rows.empty() || cols == 0) return "an empty board (" + shape + ")";
  if (k == 0 && rows.size() != cols) {
    return "k = 0 means k = rows = cols, but the board is " + shape + ": pass k";
  }
  return "k = " + std::to_string(k) + " is more than the " + shape + " board's longest side";
}

/// The C API takes unsigned numbers; refuse what would wrap rather than pass a different one.
inline std::uint64_t non_negative(Integer value, const char* name) {
  if (value.negative()) {
    throw std::out_of_range(std::string("ttt: ") + name + " = " + value.to_string() +
                            " is negative");
  }
  return value.magnitude();
}
inline std::uint32_t u32(Integer value, const char* name) {
  if (non_negative(value, name) > std::numeric_limits<std::uint32_t>::max()) {
    throw std::out_of_range(std::string("ttt: ") + name + " = " + value.to_string() +
                            " does not fit 32 bits");
  }
  return static_cast<std::uint32_t>(value.magnitude());
}

/// For the C functions that fill a caller buffer and report the needed count. Most lists are
/// short, so one call into a 64-entry buffer usually does; a longer one is retried at the
/// reported size (a probe call first would cost optimal_moves() a second solve).
template <class T, class Fill>
std::vector<T> fetch(Fill fill, const char* where) {
  std::vector<T> out(64);
  std::size_t count = 0;
  TttStatus status = fill(out.data(), out.size(), &count);
  if (status == TTT_BUFFER_TOO_SMALL) {
    out.resize(count);
    status = fill(out.data(), out.size(), &count);
  }
  check(status, where);
  out.resize(count);
  return out;
}

}  // namespace detail

/// A move with its game-theoretic value, as Game::best_move() returns it.
struct ScoredMove {
  Cell cell;
  /// 0: draw with best play; +N: the side to move wins, the game ending N plies from now (its
  /// own move counts as 1); -N: it loses N plies from now.
  std::int32_t score;
};

/// A forced win by threats (Game::threat_win): the first move and the plies until the
/// winning stone against the longest defence, this move counting 1.
struct ThreatWin {
  Cell cell;
  std::uint32_t plies;
};

/// An m,n,k-game. Move-only owner of a C `TttGame*`; clone() makes an independent copy.
/// A moved-from Game holds nothing: using it throws ttt::Error(Status::NullPointer).
/// Not thread-safe: one Game must not be used by two threads at once; distinct Games may.
class Game {
 public:
  /// Classic 3,3,3 tic-tac-toe, empty. Not explicit, so `return {};` and `Game g = {};` work.
  Game() : Game(3, 3, 3) {}
  /// An empty rows x cols board where k in a row wins.
  explicit Game(Integer rows, Integer cols = 3, Integer k = 3) {
    detail::check(ttt_game_new(detail::u32(rows, "rows"), detail::u32(cols, "cols"),
                               detail::u32(k, "k"), &game_),
                  "ttt::Game");
  }
  /// "Design Tic-Tac-Toe": n x n, n in a row wins.
  static Game tictactoe(Integer n) {
    TttGame* g = nullptr;
    detail::check(ttt_tictactoe_new(detail::u32(n, "n"), &g), "ttt::Game::tictactoe");
    return Game(adopted, g);
  }
  /// Reads to_text()'s format, e.g. "3,3,3:X.O/.X./...:O".
  static Game from_text(std::string_view text) {
    TttGame* g = nullptr;
    detail::check(ttt_game_from_text(text.data(), text.size(), &g), "ttt::Game::from_text");
    return Game(adopted, g);
  }
  /// Takes ownership of a handle obtained from the C API (it will be freed by this Game).
  static Game adopt(TttGame* handle) noexcept { return Game(adopted, handle); }

  Game(const Game&) = delete;
  Game& operator=(const Game&) = delete;
  Game(Game&& other) noexcept : game_(std::exchange(other.game_, nullptr)) {}
  Game& operator=(Game&& other) noexcept {
    if (this != &other) {
      ttt_game_free(game_);
      game_ = std::exchange(other.game_, nullptr);
    }
    return *this;
  }
  ~Game() { ttt_game_free(game_); }

  /// An independent copy: board, turn, result and undo/redo history.
  Game clone() const {
    TttGame* g = nullptr;
    detail::check(ttt_game_clone(handle(), &g), "ttt::Game::clone");
    return Game(adopted, g);
  }

  /// "Design Tic-Tac-Toe": player 1 or 2 moves; returns 0 (no winner yet), 1 or 2.
  std::uint32_t move(Integer row, Integer col, Integer player) {
    const std::uint32_t r = detail::u32(row, "row"), c = detail::u32(col, "col");
    const std::uint32_t p = detail::u32(player, "player");
    std::uint32_t winner = 0;
    const TttStatus s = ttt_game_move(handle(), r, c, p, &winner);
    if (s != TTT_OK) {
      detail::raise(s, "ttt::Game::move", std::nullopt, at(r, c) + ", player " + std::to_string(p));
    }
    return winner;
  }
  /// The side to move plays (row, col); returns the result after the move.
  Result play(Integer row, Integer col) {
    const std::uint32_t r = detail::u32(row, "row"), c = detail::u32(col, "col");
    TttResult result = TTT_PENDING;
    const TttStatus s = ttt_game_play(handle(), r, c, &result);
    if (s != TTT_OK) detail::raise(s, "ttt::Game::play", std::nullopt, at(r, c));
    return static_cast<Result>(result);
  }
  void undo() { detail::check(ttt_game_undo(handle()), "ttt::Game::undo"); }
  void redo() { detail::check(ttt_game_redo(handle()), "ttt::Game::redo"); }
  /// Empties the board and the history; size and k stay.
  void reset() { detail::check(ttt_game_reset(handle()), "ttt::Game::reset"); }

  std::uint32_t rows() const { return size().rows; }
  std::uint32_t cols() const { return size().cols; }
  std::uint32_t k() const { return size().k; }
  /// 1 or 2; 0 once the game is over.
  std::uint32_t to_move() const {
    return query_u32(ttt_game_to_move, "ttt::Game::to_move");
  }
  /// The player who made (or will make) the first move: 1, or 2 if player 2 opened.
  std::uint32_t first_player() const {
    return query_u32(ttt_game_first_player, "ttt::Game::first_player");
  }
  Result result() const {
    TttResult r = TTT_PENDING;
    detail::check(ttt_game_result(handle(), &r), "ttt::Game::result");
    return static_cast<Result>(r);
  }
  /// The winner (1 or 2), 0 while nobody has won or after a draw.
  std::uint32_t winner() const {
    const Result r = result();
    return r == Result::AWins ? 1 : r == Result::BWins ? 2 : 0;
  }
  /// The stone on (row, col): 0 empty, 1 or 2.
  std::uint32_t cell(Integer row, Integer col) const {
    std::uint32_t player = 0;
    detail::check(
        ttt_game_cell(handle(), detail::u32(row, "row"), detail::u32(col, "col"), &player),
        "ttt::Game::cell");
    return player;
  }
  /// Stones on the board.
  std::size_t move_count() const {
    std::size_t n = 0;
    detail::check(ttt_game_move_count(handle(), &n), "ttt::Game::move_count");
    return n;
  }
  /// The whole board, row-major, one entry per cell: 0 empty, 1 or 2.
  std::vector<std::uint8_t> cells() const {
    TttGame* g = handle();
    return detail::fetch<std::uint8_t>(
        [g](std::uint8_t* buf, std::size_t cap, std::size_t* n) {
          return ttt_game_cells(g, buf, cap, n);
        },
        "ttt::Game::cells");
  }
  /// Moves played so far, oldest first (empty for a game loaded from text).
  std::vector<Cell> moves() const { return cell_list(ttt_game_moves, "ttt::Game::moves"); }
  /// Cells the side to move may play, in row-major order.
  std::vector<Cell> legal_moves() const {
    return cell_list(ttt_game_legal_moves, "ttt::Game::legal_moves");
  }
  /// The winning run end to end; empty when nobody has won.
  std::vector<Cell> winning_line() const {
    return cell_list(ttt_game_winning_line, "ttt::Game::winning_line");
  }
  /// Perfect play for the side to move: the fastest win, else a draw, else the slowest loss.
  /// Throws IllegalMove (GameOver) on a finished game, TooHard when the position is too big
  /// to solve exactly (see ttt_game_best_move for the feasibility rule).
  ScoredMove best_move() const {
    ScoredMove best{};
    detail::check(ttt_game_best_move(handle(), &best.cell.row, &best.cell.col, &best.score),
                  "ttt::Game::best_move");
    return best;
  }
  /// Every move that keeps the position's value (for a lost position, every move), row-major.
  /// Throws as best_move() does.
  std::vector<Cell> optimal_moves() const {
    return cell_list(ttt_game_optimal_moves, "ttt::Game::optimal_moves");
  }
  /// best_move() under the caller's budget: `max_nodes` steps and/or `max_millis`
  /// milliseconds (0 = no limit of that kind; both 0 throws InvalidArgument), to prove more
  /// than the default 2^24 steps can, or to bound the wait. Throws TooHard when the budget
  /// runs out; what it returns is exact. A step budget alone is reproducible.
  ScoredMove best_move_within(Integer max_nodes, Integer max_millis = 0) const {
    ScoredMove best{};
    detail::check(ttt_game_best_move_within(handle(), detail::non_negative(max_nodes, "max_nodes"),
                                            detail::u32(max_millis, "max_millis"),
                                            &best.cell.row, &best.cell.col, &best.score),
                  "ttt::Game::best_move_within");
    return best;
  }
  /// best_move_within() on `threads` threads (0 = one per core): the position's moves are
  /// solved as independent subproblems that draw on one shared budget of `max_nodes` steps.
  /// The score is best_move_within()'s; the move is one with that score. The threads have
  /// ended when it returns.
  ScoredMove best_move_threads(Integer max_nodes, Integer max_millis = 0,
                               Integer threads = 0) const {
    ScoredMove best{};
    detail::check(ttt_game_best_move_threads(handle(), detail::non_negative(max_nodes, "max_nodes"),
                                             detail::u32(max_millis, "max_millis"),
                                             detail::u32(threads, "threads"), &best.cell.row,
                                             &best.cell.col, &best.score),
                  "ttt::Game::best_move_threads");
    return best;
  }
  /// Who wins with perfect play, without how fast: the player (1 or 2) who wins against any
  /// defence, or 0 for a draw, under the caller's budget as best_move_within(). Reaches what
  /// best_move() cannot: an empty 4,9,4 is a first-player win within 2^28 steps.
  std::uint32_t forced_winner_within(Integer max_nodes, Integer max_millis = 0) const {
    std::uint32_t player = 0;
    detail::check(ttt_game_forced_winner_within(handle(), detail::non_negative(max_nodes, "max_nodes"),
                                                detail::u32(max_millis, "max_millis"), &player),
                  "ttt::Game::forced_winner_within");
    return player;
  }
  /// optimal_moves() under the caller's budget, as best_move_within().
  std::vector<Cell> optimal_moves_within(Integer max_nodes, Integer max_millis = 0) const {
    const std::uint64_t nodes = detail::non_negative(max_nodes, "max_nodes");
    const std::uint32_t millis = detail::u32(max_millis, "max_millis");
    return cell_list(
        [nodes, millis](const TttGame* g, std::uint32_t* buf, std::size_t cap, std::size_t* n) {
          return ttt_game_optimal_moves_within(g, nodes, millis, buf, cap, n);
        },
        "ttt::Game::optimal_moves_within");
  }
  /// A strong move on any board within `max_nodes` search nodes and/or `max_millis`
  /// milliseconds (0 = no limit; at least one must be set, else InvalidArgument). Takes a win
  /// in one, else blocks a loss in one. A node budget alone is reproducible: the same game,
  /// budget and seed give the same move. Throws IllegalMove (GameOver) on a finished game.
  Cell search(Integer max_nodes, Integer max_millis = 0, std::uint64_t seed = 0) const {
    Cell cell{};
    detail::check(ttt_game_search(handle(), detail::non_negative(max_nodes, "max_nodes"),
                                  detail::u32(max_millis, "max_millis"), seed, &cell.row,
                                  &cell.col),
                  "ttt::Game::search");
    return cell;
  }
  /// A forced win for the side to move by threats (continuous fours, or fours and threes),
  /// found within `max_nodes` search nodes and proved against every defence; std::nullopt
  /// when none was found, which does not mean there is no win. Deterministic. Throws
  /// InvalidArgument for max_nodes 0, IllegalMove (GameOver) on a finished game.
  std::optional<ThreatWin> threat_win(Integer max_nodes) const {
    ThreatWin win{};
    const TttStatus status = ttt_game_threat_win(handle(), detail::non_negative(max_nodes, "max_nodes"),
                                                 &win.cell.row, &win.cell.col, &win.plies);
    if (status == TTT_TOO_HARD) return std::nullopt;
    detail::check(status, "ttt::Game::threat_win");
    return win;
  }
  /// A move at a difficulty level; the same game, level and seed give the same move.
  Cell ai_move(Level level, std::uint64_t seed = 0) const {
    Cell cell{};
    detail::check(ttt_game_ai_move(handle(), static_cast<std::uint32_t>(level), seed, &cell.row,
                                   &cell.col),
                  "ttt::Game::ai_move");
    return cell;
  }
  /// A certificate of the position's value: proof trees in text that a checker verifies with
  /// the rules alone (docs/ai.md, "Certificates"), of at most `max_nodes` nodes. Throws TooHard
  /// when more are needed, IllegalMove (GameOver) on a finished game.
  std::string certificate(Integer max_nodes) const {
    const TttGame* g = handle();
    const std::uint64_t nodes = detail::non_negative(max_nodes, "max_nodes");
    std::size_t len = 0;
    const TttStatus probe = ttt_game_certificate(g, nodes, nullptr, 0, &len);
    if (probe != TTT_OK && probe != TTT_BUFFER_TOO_SMALL) detail::raise(probe, "ttt::Game::certificate");
    std::vector<char> buf(len + 1);  // the C function also writes a terminating NUL
    detail::check(ttt_game_certificate(g, nodes, buf.data(), buf.size(), &len), "ttt::Game::certificate");
    return std::string(buf.data(), len);
  }
  /// "rows,cols,k:BOARD:P" — keeps whose turn it is; from_text() reads it back.
  std::string to_text() const {
    TttGame* g = handle();
    std::size_t len = 0;
    const TttStatus probe = ttt_game_to_text(g, nullptr, 0, &len);
    if (probe != TTT_OK && probe != TTT_BUFFER_TOO_SMALL) detail::raise(probe, "ttt::Game::to_text");
    std::vector<char> buf(len + 1);  // the C function also writes a terminating NUL
    detail::check(ttt_game_to_text(g, buf.data(), buf.size(), &len), "ttt::Game::to_text");
    return std::string(buf.data(), len);
  }

  /// False for a moved-from (or released) Game.
  explicit operator bool() const noexcept { return game_ != nullptr; }
  /// The C handle, still owned by this Game (nullptr if moved from). A const Game lends a
  /// const handle: only the C functions that take `const TttGame *` accept it.
  TttGame* get() noexcept { return game_; }
  const TttGame* get() const noexcept { return game_; }
  /// Gives up ownership: the caller must ttt_game_free() the returned handle.
  TttGame* release() noexcept { return std::exchange(game_, nullptr); }

 private:
  struct Size {
    std::uint32_t rows, cols, k;
  };

  /// The tag keeps this constructor out of reach of Game(0) and Game(nullptr), which would
  /// otherwise pick it (0 is a null pointer constant) and fail as "private" at compile time.
  struct Adopted {};
  static constexpr Adopted adopted{};
  Game(Adopted, TttGame* g) noexcept : game_(g) {}

  TttGame* handle() const {
    if (game_ == nullptr) {
      throw Error(Status::NullPointer, "ttt::Game: used after being moved from or released");
    }
    return game_;
  }
  /// "row R, col C on the ROWSxCOLS board", for the message of a refused move.
  std::string at(std::uint32_t r, std::uint32_t c) const {
    const Size s = size();
    return "row " + std::to_string(r) + ", col " + std::to_string(c) + " on the " +
           std::to_string(s.rows) + "x" + std::to_string(s.cols) + " board";
  }
  Size size() const {
    Size s{};
    detail::check(ttt_game_size(handle(), &s.rows, &s.cols, &s.k), "ttt::Game::size");
    return s;
  }
  template <class Query>
  std::uint32_t query_u32(Query query, const char* where) const {
    std::uint32_t value = 0;
    detail::check(query(handle(), &value), where);
    return value;
  }
  /// For the C functions that list cells as row * cols + col.
  template <class List>
  std::vector<Cell> cell_list(List list, const char* where) const {
    TttGame* g = handle();
    const std::vector<std::uint32_t> index = detail::fetch<std::uint32_t>(
        [g, list](std::uint32_t* buf, std::size_t cap, std::size_t* n) {
          return list(g, buf, cap, n);
        },
        where);
    const std::uint32_t c = cols();
    std::vector<Cell> out;
    out.reserve(index.size());
    for (std::uint32_t i : index) out.push_back(Cell{i / c, i % c});
    return out;
  }

  TttGame* game_ = nullptr;
};

/// Prints the game's text form.
inline std::ostream& operator<<(std::ostream& os, const Game& game) {
  return os << (game ? game.to_text() : std::string("<moved-from ttt::Game>"));
}

namespace detail {
inline std::vector<std::uint32_t> flatten(const std::vector<Cell>& moves) {
  std::vector<std::uint32_t> flat;
  flat.reserve(moves.size() * 2);
  for (const Cell& m : moves) {
    flat.push_back(m.row);
    flat.push_back(m.col);
  }
  return flat;
}

/// judge() for `where` (judge or find_winner); a refused move's message names it.
inline Result judge(const std::vector<Cell>& moves, std::uint32_t rows, std::uint32_t cols,
                    std::uint32_t k, const char* where) {
  const std::vector<std::uint32_t> flat = flatten(moves);
  TttResult result = TTT_PENDING;
  std::size_t bad = 0;
  const TttStatus s = ttt_judge_ex(flat.data(), moves.size(), rows, cols, k, &result, &bad);
  if (s == TTT_OUT_OF_BOUNDS || s == TTT_CELL_OCCUPIED || s == TTT_GAME_OVER) {
    raise(s, where, bad,
          "move " + std::to_string(bad) + ": row " + std::to_string(moves[bad].row) + ", col " +
              std::to_string(moves[bad].col) + " on a " + std::to_string(rows) + "x" +
              std::to_string(cols) + " board");
  }
  check(s, where);
  return static_cast<Result>(result);
}
}  // namespace detail

/// "Find Winner", generalized: replays moves (A first) on an empty rows x cols board.
/// An illegal move throws IllegalMove whose move_index() says which one.
inline Result judge(const std::vector<Cell>& moves, Integer rows = 3, Integer cols = 3,
                    Integer k = 3) {
  return detail::judge(moves, detail::u32(rows, "rows"), detail::u32(cols, "cols"),
                       detail::u32(k, "k"), "ttt::judge");
}

/// LeetCode 1275 on 3 x 3: "A", "B", "Draw" or "Pending" (static strings). judge() on the
/// classic board rather than ttt_find_winner, so that an IllegalMove carries move_index() here
/// too.
inline std::string_view find_winner(const std::vector<Cell>& moves) {
  return to_string(detail::judge(moves, 3, 3, 3, "ttt::find_winner"));
}

/// "Valid State" on a board of exactly rows x cols cells given row-major in one string ('X',
/// 'O', ' ' or '.'; '/' and newlines are skipped wherever they appear), as ttt_validate takes
/// it. All four arguments are required: validate(board) and validate(board, k) read the shape
/// from the separators instead.
inline Verdict validate(std::string_view board, Integer rows, Integer cols, Integer k) {
  TttVerdict verdict = TTT_VALID;
  detail::check(ttt_validate(board.data(), board.size(), detail::u32(rows, "rows"),
                             detail::u32(cols, "cols"), detail::u32(k, "k"), &verdict),
                "ttt::validate");
  return static_cast<Verdict>(verdict);
}

/// LeetCode 794 shape: one string per row. k = 0 means k = rows = cols (square boards only).
inline Verdict validate(const std::vector<std::string>& board_rows, Integer k = 0) {
  std::vector<const char*> ptrs;
  ptrs.reserve(board_rows.size());
  for (const std::string& row : board_rows) {
    // The C function reads NUL-terminated rows; an embedded NUL would silently cut a row.
    if (row.find('\0') != std::string::npos) {
      throw ParseError(Status::ParseError, "ttt::validate: a row contains a NUL byte");
    }
    ptrs.push_back(row.c_str());
  }
  TttVerdict verdict = TTT_VALID;
  const std::uint32_t k32 = detail::u32(k, "k");
  const TttStatus raw = ttt_validate_rows(ptrs.data(), ptrs.size(), k32, &verdict);
  if (raw != TTT_OK) {
    detail::raise(raw, "ttt::validate", std::nullopt, detail::shape_detail(raw, board_rows, k32));
  }
  return static_cast<Verdict>(verdict);
}

/// The rows as string_views (which need not be NUL-terminated: each is copied once).
inline Verdict validate(const std::vector<std::string_view>& board_rows, Integer k = 0) {
  return validate(std::vector<std::string>(board_rows.begin(), board_rows.end()), k);
}

/// The rows as a braced list: ttt::validate({"XOX", "O O", "XOX"}). This overload also keeps
/// a two-row list unambiguous in C++20, where string_view has an iterator-pair constructor.
inline Verdict validate(std::initializer_list<std::string_view> board_rows, Integer k = 0) {
  return validate(std::vector<std::string>(board_rows.begin(), board_rows.end()), k);
}

namespace detail {
/// The rows of a one-string board, read as Python's validate reads it: split on '/' and
/// newlines (separators at either end make no row, so a raw-string board may start and end
/// with a newline; an empty row inside stays, and is refused), or, with no separator at all,
/// cut into a square (then the length must be a square number).
inline std::vector<std::string> board_rows(std::string_view board) {
  constexpr std::string_view separators = "/\n";
  std::vector<std::string> rows;
  if (board.find_first_of(separators) == std::string_view::npos) {
    std::size_t side = 0;
    while ((side + 1) * (side + 1) <= board.size()) ++side;
    if (side * side != board.size()) {
      throw ParseError(Status::ParseError,
                       "ttt::validate: " + std::string(ttt_status_str(TTT_PARSE_ERROR)) +
                           " (an unsplit board of " + std::to_string(board.size()) +
                           " cells is not square)");
    }
    for (std::size_t i = 0; i < board.size(); i += side) rows.emplace_back(board.substr(i, side));
    return rows;
  }
  const std::size_t first = board.find_first_not_of(separators);
  if (first == std::string_view::npos) return {std::string()};  // only separators: one empty row
  const std::string_view trimmed =
      board.substr(first, board.find_last_not_of(separators) - first + 1);
  for (std::size_t start = 0;;) {
    const std::size_t end = trimmed.find_first_of(separators, start);
    rows.emplace_back(trimmed.substr(start, end == std::string_view::npos ? end : end - start));
    if (end == std::string_view::npos) return rows;
    start = end + 1;
  }
}
}  // namespace detail

/// "Valid State" as the Python binding has it (Python's validate(board, k=None)): one string whose
/// rows are split by '/' or newlines, or, unsplit, a square of n x n cells; k in a row wins,
/// and k = 0 (or leaving it out) means k = rows = cols, which needs a square board.
/// validate("XXX./OOO./....", 4) is the 3 x 4 board with k = 4.
inline Verdict validate(std::string_view board, Integer k = 0) {
  return validate(detail::board_rows(board), k);
}

/// What Batch::random_moves played: moves, and how the games that ended, ended.
struct BatchStats {
  std::uint64_t moves = 0;
  std::uint64_t a_wins = 0;
  std::uint64_t b_wins = 0;
  std::uint64_t draws = 0;
};

/// `count` games of one shape stepped together, for self-play and training (the C API's
/// TttBatch). Every game is always in progress: a move that ends one reports its result and
/// empties it (auto-reset). Owns its handle (movable, not copyable).
class Batch {
 public:
  /// `count` empty games of rows x cols, k in a row wins; `seed` seeds random_moves.
  explicit Batch(Integer count, Integer rows = 3, Integer cols = 3, Integer k = 3,
                 std::uint64_t seed = 0)
      : count_(size(count, "count")),
        cells_(static_cast<std::size_t>(detail::u32(rows, "rows")) * detail::u32(cols, "cols")) {
    detail::check(ttt_batch_new(detail::u32(rows, "rows"), detail::u32(cols, "cols"),
                                detail::u32(k, "k"), count_, seed, &batch_),
                  "ttt::Batch");
  }
  Batch(const Batch&) = delete;
  Batch& operator=(const Batch&) = delete;
  Batch(Batch&& other) noexcept
      : batch_(std::exchange(other.batch_, nullptr)), count_(other.count_), cells_(other.cells_) {}
  Batch& operator=(Batch&& other) noexcept {
    if (this != &other) {
      ttt_batch_free(batch_);
      batch_ = std::exchange(other.batch_, nullptr);
      count_ = other.count_;
      cells_ = other.cells_;
    }
    return *this;
  }
  ~Batch() { ttt_batch_free(batch_); }

  std::size_t size() const noexcept { return count_; }
  /// rows x cols: cells per game.
  std::size_t cells() const noexcept { return cells_; }

  /// Every game back to the empty board (the random generator goes on).
  void reset() { detail::check(ttt_batch_reset(batch_), "ttt::Batch::reset"); }

  /// The most threads step(), observe() and legal_mask() run on: 1 (the default) the calling
  /// thread, 0 one per core. A call splits only from 2^22 cells (games x cells) a thread, and
  /// gives the same results whatever the setting; under load a split call can wait for its
  /// threads longer than one thread would take.
  void set_threads(Integer threads) {
    detail::check(ttt_batch_set_threads(batch_, detail::u32(threads, "threads")), "ttt::Batch::set_threads");
  }

  /// One move in every game: actions[i] is a cell (row * cols + col) of game i; returns each
  /// game's result after it. An illegal action changes no game and throws IllegalMove whose
  /// move_index() is the first bad game.
  std::vector<Result> step(const std::vector<std::uint32_t>& actions) {
    std::vector<std::uint8_t> raw(count_);
    step(actions.data(), actions.size(), raw.data());
    std::vector<Result> results(count_);
    for (std::size_t i = 0; i < count_; ++i) results[i] = static_cast<Result>(raw[i]);
    return results;
  }
  /// step() into caller memory: `count` actions in, size() result bytes out (TttResult values).
  void step(const std::uint32_t* actions, std::size_t count, std::uint8_t* results) {
    std::size_t bad = 0;
    const TttStatus status = ttt_batch_step(batch_, actions, count, results, &bad);
    if (status == TTT_OUT_OF_BOUNDS || status == TTT_CELL_OCCUPIED) {
      detail::raise(status, "ttt::Batch::step", bad);
    }
    detail::check(status, "ttt::Batch::step");
  }

  /// Observation planes, C order [size()][2][rows][cols]: plane 0 the side to move's stones,
  /// plane 1 the opponent's (1 where a stone is).
  std::vector<std::uint8_t> observe() const {
    std::vector<std::uint8_t> out(count_ * 2 * cells_);
    observe(out.data(), out.size());
    return out;
  }
  void observe(std::uint8_t* out, std::size_t capacity) const {
    detail::check(ttt_batch_observe(batch_, out, capacity), "ttt::Batch::observe");
  }

  /// Legal-move masks, [size()][rows * cols]: 1 where the cell is empty.
  std::vector<std::uint8_t> legal_mask() const {
    std::vector<std::uint8_t> out(count_ * cells_);
    legal_mask(out.data(), out.size());
    return out;
  }
  void legal_mask(std::uint8_t* out, std::size_t capacity) const {
    detail::check(ttt_batch_legal_mask(batch_, out, capacity), "ttt::Batch::legal_mask");
  }

  /// Every game plays `moves_per_game` uniformly random legal moves on `threads` threads (0:
  /// one per core). The same seed and calls give the same games whatever the thread count.
  BatchStats random_moves(std::uint64_t moves_per_game, Integer threads = 0) {
    TttBatchStats s = {0, 0, 0, 0};
    detail::check(ttt_batch_random_moves(batch_, moves_per_game, detail::u32(threads, "threads"), &s),
                  "ttt::Batch::random_moves");
    return BatchStats{s.moves, s.a_wins, s.b_wins, s.draws};
  }

  /// A copy of game `index` as a Game (its stones and turn; no move history).
  Game game(Integer index) const {
    TttGame* g = nullptr;
    detail::check(ttt_batch_game(batch_, size(index, "index"), &g), "ttt::Batch::game");
    return Game::adopt(g);
  }

  TttBatch* handle() const noexcept { return batch_; }

 private:
  static std::size_t size(Integer value, const char* name) {
    const std::uint64_t n = detail::non_negative(value, name);
    if (static_cast<std::uint64_t>(static_cast<std::size_t>(n)) != n) {  // 32-bit size_t
      throw std::out_of_range(std::string("ttt: ") + name + " = " + value.to_string() +
                              " does not fit size_t");
    }
    return static_cast<std::size_t>(n);
  }

  TttBatch* batch_ = nullptr;
  std::size_t count_;
  std::size_t cells_;
};

}  // namespace ttt

#endif  // TICTACTOE_HPP
