// A minimal assertion harness for the C++ binding's tests (no test framework is installed).
// Each CHECK prints the failing expression; main() returns check::result().
#ifndef TTT_TESTS_CHECK_HPP
#define TTT_TESTS_CHECK_HPP

#include <iostream>

namespace check {
inline int& failures() {
  static int n = 0;
  return n;
}
inline void expect(bool ok, const char* what, const char* file, int line) {
  if (!ok) {
    ++failures();
    std::cerr << file << ":" << line << ": FAILED: " << what << "\n";
  }
}
inline int result(const char* suite) {
  std::cout << suite << ": " << (failures() == 0 ? "all checks passed" : "FAILURES") << "\n";
  return failures() == 0 ? 0 : 1;
}
}  // namespace check

#define CHECK(cond) check::expect(static_cast<bool>(cond), #cond, __FILE__, __LINE__)
#define CHECK_EQ(a, b) check::expect((a) == (b), #a " == " #b, __FILE__, __LINE__)

// Passes when `expr` throws `Exc` (or a subclass) and `pred(e)` holds for the caught exception.
#define CHECK_THROWS_IF(expr, Exc, pred)                                                 \
  do {                                                                                  \
    bool ok_ = false;                                                                   \
    try {                                                                               \
      (void)(expr);                                                                     \
    } catch (const Exc& e) {                                                            \
      ok_ = (pred)(e);                                                                  \
    } catch (...) {                                                                     \
    }                                                                                   \
    check::expect(ok_, #expr " throws " #Exc " (" #pred ")", __FILE__, __LINE__);       \
  } while (0)

#define CHECK_THROWS(expr, Exc) CHECK_THROWS_IF(expr, Exc, [](const Exc&) { return true; })

// Passes when `expr` throws `Exc` carrying `st` as its ttt::Status.
#define CHECK_STATUS(expr, Exc, st) \
  CHECK_THROWS_IF(expr, Exc, [](const Exc& e) { return e.status() == (st); })

#endif  // TTT_TESTS_CHECK_HPP
