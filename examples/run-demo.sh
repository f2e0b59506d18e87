#!/usr/bin/env bash
# Builds the library, compiles the C demo and the play example against the static library
# with the flags of README "Linking from C", then runs the demo and lets the AI play itself:
# perfectly on 3,3,3, and under a search budget on 9,9,5.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release
for program in demo play; do
  cc -std=c99 -Wall -Iinclude "examples/$program.c" target/release/libtictactoe.a -lpthread -ldl -lm \
     -o "target/$program"
done
target/demo
echo
echo "== The perfect AI plays itself on 3,3,3 (always a draw)"
target/play 3 3 3 --self
echo
echo "== The search AI (level 3) plays itself on 9,9,5"
target/play 9 9 5 --self --level 3
