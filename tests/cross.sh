#!/usr/bin/env bash
# The test suite on targets unlike the x86_64 Linux host, where game engines and other hosts
# also run the library. Usage: tests/cross.sh TARGET... with TARGET one of
#   i686     i686-unknown-linux-gnu: 32-bit size_t and pointers (as on 32-bit ARM Android or
#            wasm32). Every test, the C examples and the C++ header check included, runs
#            natively; only valgrind is left out (Debian's valgrind has no memcheck for x86).
#            Then the C++ binding's tests, built for i686.
#   s390x    s390x-unknown-linux-gnu: big-endian, under qemu-user.
#   windows  x86_64-pc-windows-gnu: the Windows x64 calling convention, structured exception
#            unwinding through the panic boundary, Windows threads and allocator, under Wine.
# On s390x and Windows: the library's own tests and the integration tests in plain Rust
# (exhaustive proofs, C contract, seeds, hostile input, allocation failure, threads where the
# emulation is fast); the tests that compile C programs would need that target's C runtime
# and an emulator under every program they start. On Windows the C examples are then built
# with mingw and compared with the host's (windows_examples).
# The standard library is built from source for each target (-Zbuild-std, nightly's rust-src,
# which Miri needs too), so no Rust target has to be downloaded. Cross compilers, qemu and Wine
# come from .ci/apt/cross.txt. .ci/test runs this; any failure fails the run.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
[ $# -gt 0 ] || { echo "usage: tests/cross.sh i686|s390x|windows..."; exit 2; }

need() {
  for tool in "$@"; do
    command -v "$tool" >/dev/null || { echo "$tool is missing (.ci/setup installs it from .ci/apt/cross.txt)"; exit 1; }
  done
}
# A build folder per target, so that runs for different targets (.ci/test starts two at
# once) do not wait for each other's lock.
test_on() {
  local target="$1"
  shift
  echo "cross: cargo test on $target"
  cargo +nightly test -Zbuild-std --target "$target" --profile ci --no-default-features \
    --target-dir "target/cross/$target" --no-fail-fast "$@"
}
# Valgrind checks host programs only (tests/common/c_tools.rs).
unset TTT_REQUIRE_VALGRIND
plain_rust_tests=(--lib --test exhaustive --test ffi_contract --test seeds --test robustness
  --test alloc_failure --test ai_bitboard)

# The libtictactoe.a that test_on's build made for target $1, in either of Cargo's build-folder
# layouts (see tests/common/c_tools.rs); the folder holds builds of one feature set only.
test_build_lib() {
  local t="$1" lib
  lib="$(ls -t target/cross/$t/$t/ci/build/tictactoe/*/out/libtictactoe.a \
    target/cross/$t/$t/ci/deps/libtictactoe.a 2>/dev/null | head -n 1 || true)"
  [ -n "$lib" ] || { echo "no libtictactoe.a for $t after its test build" >&2; exit 1; }
  echo "$lib"
}

# The C++ binding's tests (bindings/cpp/tests) against the 32-bit static library the test
# build above made: where size_t is as wide as uint32_t, the wrapper's overloads and range
# checks meet other types than on the host.
cpp_binding_on_i686() {
  local out=target/cross/cpp-i686 lib src
  lib="$(test_build_lib i686-unknown-linux-gnu)"
  mkdir -p "$out"
  for src in bindings/cpp/tests/*.cpp; do
    i686-linux-gnu-g++ -std=c++17 -Wall -Wextra -Wpedantic -Werror -O1 -Iinclude -Ibindings/cpp \
      "$src" "$lib" -lpthread -ldl -lm -o "$out/$(basename "$src" .cpp)"
    "$out/$(basename "$src" .cpp)" >/dev/null
    echo "cross: bindings/cpp/tests/$(basename "$src") passed on i686"
  done
}

# The C examples built with mingw against the Windows static library (the one the test build
# above made) and run under Wine must print exactly what the same examples print built for
# this host, where tests/examples.rs checks their output against the exercises' answers.
windows_examples() {
  local wine="$1" out=target/cross/wine/examples winlib
  mkdir -p "$out"
  cargo build --profile ci --no-default-features --lib --quiet
  winlib="$(test_build_lib x86_64-pc-windows-gnu)"
  local cflags=(-std=c99 -O2 -Wall -Wextra -Wpedantic -Werror -Iinclude -Iexamples)
  for ex in find_winner valid_state design_tictactoe demo; do
    gcc "${cflags[@]}" "examples/$ex.c" target/ci/libtictactoe.a -lpthread -ldl -lm -o "$out/$ex"
    # The system libraries are rustc's native-static-libs for this target.
    x86_64-w64-mingw32-gcc "${cflags[@]}" "examples/$ex.c" "$winlib" -lkernel32 -lntdll -luserenv \
      -lws2_32 -ldbghelp -lsynchronization -o "$out/$ex.exe"
    "$out/$ex" >"$out/$ex.host.txt"
    "$wine" "$out/$ex.exe" | tr -d '\r' >"$out/$ex.windows.txt"
    if ! cmp -s "$out/$ex.host.txt" "$out/$ex.windows.txt"; then
      diff "$out/$ex.host.txt" "$out/$ex.windows.txt" || true
      echo "examples/$ex.c prints something else on Windows (above: host, then Windows)"
      exit 1
    fi
    echo "cross: examples/$ex.c prints the same on Windows ($(wc -l <"$out/$ex.host.txt") lines)"
  done
}

for target in "$@"; do
  case "$target" in
  i686)
    need i686-linux-gnu-gcc i686-linux-gnu-g++
    export CARGO_TARGET_I686_UNKNOWN_LINUX_GNU_LINKER=i686-linux-gnu-gcc
    TTT_REQUIRE_CLANG=1 test_on i686-unknown-linux-gnu
    cpp_binding_on_i686
    ;;
  s390x)
    need s390x-linux-gnu-gcc qemu-s390x
    export CARGO_TARGET_S390X_UNKNOWN_LINUX_GNU_LINKER=s390x-linux-gnu-gcc
    export CARGO_TARGET_S390X_UNKNOWN_LINUX_GNU_RUNNER="qemu-s390x -L /usr/s390x-linux-gnu"
    test_on s390x-unknown-linux-gnu "${plain_rust_tests[@]}"
    ;;
  windows)
    need x86_64-w64-mingw32-gcc
    wine=/usr/lib/wine/wine64
    [ -x "$wine" ] || { echo "$wine is missing (.ci/setup installs wine64 from .ci/apt/cross.txt)"; exit 1; }
    # Rust's standard library draws random numbers (HashMap keys) with ProcessPrng from
    # bcryptprimitives.dll, which Debian's Wine 8 does not have: a one-function stand-in on
    # BCryptGenRandom, found through WINEPATH. Wine keeps its state in a prefix of our own.
    shim=target/cross/wine/shim
    mkdir -p "$shim"
    x86_64-w64-mingw32-gcc -shared -O2 -o "$shim/bcryptprimitives.dll" tests/wine/bcryptprimitives.c -lbcrypt
    export WINEPREFIX="$root/target/cross/wine/prefix" WINEDEBUG=-all WINEPATH="Z:$root/$shim"
    export CARGO_TARGET_X86_64_PC_WINDOWS_GNU_LINKER=x86_64-w64-mingw32-gcc
    export CARGO_TARGET_X86_64_PC_WINDOWS_GNU_RUNNER="$wine"
    # The prefix is set up before any test program runs, and one server serves them all until
    # the end: a prefix set up by the first test program's start left a server that could end
    # under the next program ("recvmsg: Connection reset by peer").
    "$wine" wineboot --init >/dev/null 2>&1
    /usr/lib/wine/wineserver -w
    /usr/lib/wine/wineserver -p </dev/null >/dev/null 2>&1
    trap '/usr/lib/wine/wineserver -k 2>/dev/null || true' EXIT
    test_on x86_64-pc-windows-gnu "${plain_rust_tests[@]}" --test threads
    windows_examples "$wine"
    # Wine's server would linger a few seconds holding this script's output open.
    /usr/lib/wine/wineserver -k 2>/dev/null || true
    ;;
  *)
    echo "tests/cross.sh: unknown target $target (i686, s390x or windows)"
    exit 2
    ;;
  esac
done
