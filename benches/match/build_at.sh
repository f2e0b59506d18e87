#!/usr/bin/env bash
# Builds the Gomocup brain over the library as it was at a git revision, so that a match can
# play today's library against an older one:
#
#   bash benches/match/build_at.sh REV      # writes target/pbrain-tictactoe-<short hash>
#
# The revision's source is exported with git archive (no worktree, nothing checked out) and
# built with cargo build --release in a target folder kept for these builds
# (target/at-revision), so later revisions reuse its dependencies. The brain is today's
# examples/pbrain, compiled over that revision's header and linked to its library: it calls
# only functions every release of the library has had.
set -euo pipefail
cd "$(dirname "$0")/../.."
rev="$(git rev-parse --short "${1:?usage: build_at.sh REV}^{commit}")"
out="target/pbrain-tictactoe-$rev"
src="$(mktemp -d)"
trap 'rm -rf "$src"' EXIT
git archive "$rev" | tar -x -C "$src"
CARGO_TARGET_DIR="$PWD/target/at-revision" cargo build --release --quiet --manifest-path "$src/Cargo.toml"
"${CC:-cc}" -std=c99 -O2 -Wall -Wextra -Wpedantic -Werror -I"$src/include" examples/pbrain/*.c \
  target/at-revision/release/libtictactoe.a -lpthread -ldl -lm -o "$out"
echo "built $out"
