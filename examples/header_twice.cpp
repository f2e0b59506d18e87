// Includes the header twice (its include guard must make the second time a no-op) and uses it
// from C++: the enums are typed (uint32_t) there and the functions have C linkage.
#include "tictactoe.h"
#include "tictactoe.h"

#include <cstdio>
#include <memory>

int main() {
    // Ownership made explicit the C++ way: the handle is freed by ttt_game_free exactly once.
    TttGame *raw = nullptr;
    if (ttt_game_new(3, 3, 3, &raw) != TTT_OK) {
        return 1;
    }
    std::unique_ptr<TttGame, decltype(&ttt_game_free)> game(raw, &ttt_game_free);
    TttResult result = TTT_PENDING;
    if (ttt_game_play(game.get(), 1, 1, &result) != TTT_OK || result != TTT_PENDING) {
        return 1;
    }
    std::printf("C++: %s after one move\n", ttt_result_str(result));
    return 0;
}
