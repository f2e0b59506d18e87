#!/usr/bin/env bash
# Runs tests/threads.rs (threads sharing games and first-use tables through the C ABI) under
# ThreadSanitizer: nightly Rust, with the standard library rebuilt instrumented (-Zbuild-std;
# an uninstrumented std makes TSan report its own atomics as races). Any race report fails.
# .ci/test runs this; it needs the nightly toolchain with rust-src (.ci/setup installs both,
# for Miri). A race report makes the test process exit non-zero (halt_on_error, exitcode).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
target="$(rustc +nightly -vV | sed -n 's/^host: //p')"
log=target/tsan.log
mkdir -p target
# Build scripts are not instrumented: with --target, RUSTFLAGS reach only the target's crates.
RUSTFLAGS="-Zsanitizer=thread" TSAN_OPTIONS="halt_on_error=1 exitcode=66" \
    cargo +nightly test --no-default-features -Zbuild-std --target "$target" --target-dir target/tsan --release \
    --test threads >"$log" 2>&1 || { cat "$log"; echo "tests/threads.rs failed under ThreadSanitizer"; exit 1; }
grep "test result: ok. 1 passed" "$log" || { cat "$log"; echo "expected one test to pass"; exit 1; }
