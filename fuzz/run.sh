#!/usr/bin/env bash
# Coverage-guided fuzzing of the C ABI against plain references (libFuzzer via cargo-fuzz, with
# AddressSanitizer). .ci/test runs every target for a fixed number of runs from a fixed seed,
# so a CI run is reproducible; for a long hunt run one target by hand, e.g.
#
#   cd fuzz && cargo +nightly fuzz run game -- -max_total_time=3600
#
# Targets (fuzz_targets/): text (ttt_validate vs a plain statement of the validity rule, on bytes and on boards past
# the bitboards built from them; ttt_game_from_text round trips), game (every game operation vs a plain model,
# on small boards and on the n x n, k = n boards of ttt_game_move's tallied bodies), judge (ttt_judge_ex vs a plain replay),
# ai (search and levels 0-2: legal, win taken, loss blocked, repeatable, game unchanged; the threat search's win in one),
# solve (best_move and optimal_moves on late positions vs the plain minimax of
# tests/common/minimax.rs; up to 13 empty cells on boards of up to 16 cells), batch
# (ttt_batch_step with illegal actions mixed in vs plain games, on up to 11 x 11), threats
# (ttt_game_threat_win vs the exact solver on 5 x 5 to 7 x 7, k = 4 or 5: a claimed win is a win
# within the claimed plies, kept by its first move).
# A failure leaves its input in fuzz/artifacts/<target>/ and prints how to replay it.
set -euo pipefail
cd "$(dirname "$0")"
command -v cargo-fuzz >/dev/null || { echo "cargo-fuzz is missing (.ci/setup installs it)"; exit 1; }
cargo fmt --check
# In the library's target folder and profile (.ci/test lints the library with --release too):
# the dependencies they share are built once.
cargo clippy --release --all-targets --quiet --target-dir ../target -- -D warnings
# Runs per target: about ten seconds each on the 2-core CI machine (text twenty: it checks
# three entry points per input, one of them on boards of up to 234 cells).
for target_runs in text:300000 game:20000 judge:100000 ai:10000 solve:2000 batch:20000 threats:1500; do
  target="${target_runs%%:*}" runs="${target_runs#*:}"
  echo "fuzz: $target, $runs runs"
  log="target/fuzz-$target.log"
  mkdir -p target
  if ! cargo +nightly fuzz run "$target" -- -seed=1 -runs="$runs" -max_len=256 >"$log" 2>&1; then
    tail -n 60 "$log"
    echo "fuzz target $target failed (full output: fuzz/$log)"
    exit 1
  fi
  grep -E "^Done" "$log"
done
