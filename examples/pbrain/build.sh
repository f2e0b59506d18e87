#!/usr/bin/env bash
# Builds target/pbrain-tictactoe, the library as a Gomocup ("pbrain") brain: the release
# library first (a no-op when it is fresh), then the C program over the public header, linked
# statically. CC picks the compiler (cc by default); every warning is an error.
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo build --release --quiet
"${CC:-cc}" -std=c99 -O2 -Wall -Wextra -Wpedantic -Werror -Iinclude examples/pbrain/*.c \
  target/release/libtictactoe.a -lpthread -ldl -lm -o target/pbrain-tictactoe
echo "built target/pbrain-tictactoe"
