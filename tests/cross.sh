#!/usr/bin/env bash
# The test suite on two targets unlike the x86_64 host, where game engines and other hosts
# also run the library:
#   - i686-unknown-linux-gnu: 32-bit size_t and pointers (as on 32-bit ARM Android or wasm32).
#     Every test, the C examples and the C++ header check included, runs natively; only
#     valgrind is left out (Debian's valgrind has no memcheck for x86).
#   - s390x-unknown-linux-gnu: big-endian, under qemu-user. The library's own tests and the
#     integration tests in plain Rust (exhaustive proofs, C contract, seeds, hostile input,
#     allocation failure); those that compile C programs need a C runtime for the target to run
#     them, and the solver's long tests would take minutes under emulation.
# The standard library is built from source for each target (-Zbuild-std, nightly's rust-src,
# which Miri needs too), so no extra Rust target has to be downloaded. The cross compilers and
# qemu come from .ci/apt/cross.txt. .ci/test runs this; any failure fails the run.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
for tool in i686-linux-gnu-gcc i686-linux-gnu-g++ s390x-linux-gnu-gcc qemu-s390x; do
  command -v "$tool" >/dev/null || { echo "$tool is missing (.ci/setup installs it from .ci/apt/cross.txt)"; exit 1; }
done
test_on() {
  local target="$1"
  shift
  echo "cross: cargo test on $target"
  cargo +nightly test -Zbuild-std --target "$target" --profile ci --no-default-features \
    --target-dir target/cross --no-fail-fast "$@"
}
export CARGO_TARGET_I686_UNKNOWN_LINUX_GNU_LINKER=i686-linux-gnu-gcc
export CARGO_TARGET_S390X_UNKNOWN_LINUX_GNU_LINKER=s390x-linux-gnu-gcc
export CARGO_TARGET_S390X_UNKNOWN_LINUX_GNU_RUNNER="qemu-s390x -L /usr/s390x-linux-gnu"
# Valgrind checks host programs only (tests/common/c_tools.rs); clang is still required. The
# tests that assert on wall-clock time are left to the host run: this one shares the machine
# with the fuzzers (.ci/test's second lane).
unset TTT_REQUIRE_VALGRIND
TTT_REQUIRE_CLANG=1 test_on i686-unknown-linux-gnu -- --skip a_time_budget_is_kept \
  --skip a_sparse_game_loaded_from_text_is_searched --skip c_time_budget_stops
test_on s390x-unknown-linux-gnu --lib --test exhaustive --test ffi_contract --test seeds \
  --test robustness --test alloc_failure --test ai_bitboard
