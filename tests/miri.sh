#!/usr/bin/env bash
# Runs the FFI layer's tests under Miri (nightly; .ci/setup installs the component and builds
# its sysroot). .ci/test runs this. Any undefined behaviour Miri finds fails the run.
set -euo pipefail
cd "$(dirname "$0")/.."
export MIRIFLAGS="-Zmiri-strict-provenance"
# The library's own unit tests only where they touch the FFI: the rest of the crate is
# forbid(unsafe_code), and running all of its unit tests under Miri would cost far more.
cargo +nightly miri test --no-default-features --lib -- ffi::
cargo +nightly miri test --no-default-features --test ffi_contract --test seeds
# The AI entry points' C contract (the exhaustive AI tests are far too slow under Miri).
cargo +nightly miri test --no-default-features --test ai_solve -- c_best_move_contract c_optimal_moves_contract c_budgeted_solve_contract
cargo +nightly miri test --no-default-features --test ai_threats -- c_threat_win_contract
cargo +nightly miri test --no-default-features --test certificate -- c_certificate_contract
# The batch's C contract and every batch entry point on a few games (threads included).
cargo +nightly miri test --no-default-features --test batch -- c_contract every_entry_point_on_small_batches
