#!/usr/bin/env bash
# Builds the release library and the C benchmark (gcc -O2, linked statically against
# libtictactoe.a) and runs it. Arguments go to the benchmark (an optional SCALE, default 1).
# Numbers, not pass/fail: CI only checks that the benchmark builds and that its cross-checks
# hold (tests/examples.rs).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
cargo build --release
exe=target/release/bench-c
gcc -std=c99 -O2 -Wall -Wextra -Werror -Iinclude benches/c/*.c target/release/libtictactoe.a \
    -lpthread -ldl -lm -o "$exe"
"$exe" "$@"
