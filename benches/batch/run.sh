#!/usr/bin/env bash
# Builds the release library and the batch benchmark (gcc -O2, linked statically against
# libtictactoe.a) and runs it. Arguments go to the benchmark (an optional SCALE, default 1).
# Numbers, not pass/fail: CI only checks that it builds and that a tiny run's cross-checks hold
# (tests/examples.rs).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
cargo build --release
exe=target/release/bench-batch
gcc -std=c11 -O2 -Wall -Wextra -Werror -Iinclude benches/batch/batch.c target/release/libtictactoe.a \
    -lpthread -ldl -lm -o "$exe"
exec "$exe" "$@"
