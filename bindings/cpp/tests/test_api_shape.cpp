// Compile-time checks of the wrapper's signatures, and the header included twice: the kinds of
// argument each call accepts (test.sh builds this file as C++17 and as C++20).
#include "tictactoe.hpp"
#include "tictactoe.hpp"  // the include guard makes a second include harmless

#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "check.hpp"

using ttt::Game;
using ttt::Verdict;

// Detection idiom (C++17): does `g.play(args...)` etc. compile?
template <class, class = void>
struct can_play : std::false_type {};
template <class... A>
struct can_play<void(A...), std::void_t<decltype(std::declval<Game&>().play(std::declval<A>()...))>>
    : std::true_type {};
template <class, class = void>
struct can_cell : std::false_type {};
template <class... A>
struct can_cell<void(A...), std::void_t<decltype(std::declval<const Game&>().cell(std::declval<A>()...))>>
    : std::true_type {};
template <class, class = void>
struct can_make : std::false_type {};
template <class... A>
struct can_make<void(A...), std::void_t<decltype(Game(std::declval<A>()...))>> : std::true_type {};

// Any integer type is a number; a floating-point value (which would be silently truncated: 1.5
// -> 1) or a bool does not compile.
static_assert(can_play<void(int, int)>::value, "int");
static_assert(can_play<void(long long, unsigned)>::value, "other integer types");
static_assert(can_play<void(std::size_t, std::uint8_t)>::value, "unsigned types");
static_assert(!can_play<void(double, int)>::value, "a double would be truncated");
static_assert(!can_play<void(int, float)>::value, "a float would be truncated");
static_assert(!can_cell<void(bool, int)>::value, "a bool is not a row");
static_assert(!can_play<void(char, char)>::value, "'1' would be row 49");
static_assert(!can_play<void(int, char32_t)>::value && !can_cell<void(wchar_t, int)>::value,
              "character types are not numbers");
static_assert(can_play<void(std::int8_t, unsigned char)>::value, "int8_t and uint8_t are numbers");
static_assert(!can_make<void(double, double, double)>::value, "sizes are integers");
static_assert(can_make<void(int, int, int)>::value && can_make<void()>::value, "constructors");
// Game(0) is a 0 x 3 board (InvalidArgument at run time), not the private handle constructor
// that a literal 0 (a null pointer constant) used to pick; a pointer is not a size.
static_assert(can_make<void(int)>::value && can_make<void(long)>::value, "Game(0) compiles");
static_assert(!can_make<void(TttGame*)>::value && !can_make<void(std::nullptr_t)>::value,
              "only Game::adopt takes a handle");
#ifdef __SIZEOF_INT128__
// GNU dialects (gnu++17, g++'s default; test.sh checks this file in it too) count __int128 as
// integral; its high half would be lost, so it does not convert.
__extension__ typedef __int128 int128;
__extension__ typedef unsigned __int128 uint128;
static_assert(!can_play<void(int128, int)>::value, "__int128 would be cut to 64 bits");
static_assert(!can_play<void(int, uint128)>::value, "unsigned __int128 too");
#endif
// A const Game lends only a const handle; the default constructor is not explicit.
static_assert(std::is_same_v<decltype(std::declval<const Game&>().get()), const TttGame*>,
              "const get()");
static_assert(std::is_same_v<decltype(std::declval<Game&>().get()), TttGame*>, "get()");
// Compiles only while the default constructor is not explicit.
static Game default_game() { return {}; }

// Unsigned values too big for a uint32_t (even those above INT64_MAX) are out of range, never
// reported as negative or wrapped.
static void big_unsigned_values() {
  Game g = default_game();
  CHECK_EQ(g.rows(), 3u);
  CHECK_THROWS(Game(0), ttt::InvalidArgument);
  CHECK_THROWS_IF(g.play(0, std::uint64_t{1} << 63), std::out_of_range,
                  [](const std::out_of_range& e) {
                    return std::string(e.what()).find("negative") == std::string::npos;
                  });
  CHECK_THROWS(g.cell(~std::uint64_t{0}, 0), std::out_of_range);
#if SIZE_MAX > UINT32_MAX  // a size_t that a uint32_t cannot hold (none on 32-bit targets)
  CHECK_THROWS(Game(std::size_t{1} << 32, 3, 3), std::out_of_range);
#endif
  CHECK_EQ(g.move_count(), 0u);
  // search's node budget is a uint64_t in C: all of it is accepted.
  CHECK(g.search(~std::uint64_t{0}, 50).row < 3);
}

// "Valid State" rows as a braced list, a vector of strings or of string_views: the same
// overload set in C++17 and C++20 (where string_view gained an iterator-pair constructor that
// made {"a", "b"} ambiguous).
static void validate_rows_forms() {
  CHECK(ttt::validate({"X....", "....."}, 2) == Verdict::Valid);
  CHECK(ttt::validate({"XO", "OX"}, 2) == Verdict::BothWin);
  CHECK(ttt::validate({"XOX", "O O", "XOX"}) == Verdict::Valid);
  const std::vector<std::string> owned{"O  ", "   ", "   "};
  CHECK(ttt::validate(owned) == Verdict::TooManyO);
  const std::string storage = "XOX X    ";
  const std::vector<std::string_view> views{std::string_view(storage).substr(0, 3),
                                            std::string_view(storage).substr(3, 3),
                                            std::string_view(storage).substr(6, 3)};
  CHECK(ttt::validate(views) == Verdict::TooManyX);  // views need no NUL of their own
  CHECK_STATUS(ttt::validate({std::string_view("X\0.", 3), "...", "..."}), ttt::ParseError,
               ttt::Status::ParseError);
  CHECK_STATUS(ttt::validate({"XO", "O"}, 1), ttt::ParseError, ttt::Status::ParseError);
  CHECK(ttt::validate("XOX/O O/XOX") == Verdict::Valid);  // one string: rows, cols, k = 3
}

int main() {
  big_unsigned_values();
  validate_rows_forms();
  return check::result("test_api_shape");
}
