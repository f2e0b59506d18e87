#!/usr/bin/env bash
# Builds the native library and the C# binding with Mono's mcs at a language level Unity accepts,
# then runs the test program on Mono against target/release/libtictactoe.so.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
for tool in mcs mono cargo; do
  command -v "$tool" >/dev/null || { echo "csharp/test.sh: $tool is required (.ci/apt/csharp.txt)" >&2; exit 1; }
done

(cd "$root" && cargo build --release --quiet)
out="$root/target/csharp"
mkdir -p "$out"

# mcs knows C# up to 7.2 (a subset of Unity's 7.3); -noconfig -r:mscorlib keeps the surface to the
# core library, all of which .NET Standard 2.0 has.
mcs_flags=(-langversion:7.2 -noconfig -r:mscorlib.dll -warnaserror -debug)
mcs "${mcs_flags[@]}" -target:library -out:"$out/TicTacToe.dll" "$here"/src/*.cs
mcs "${mcs_flags[@]}" -target:exe -r:"$out/TicTacToe.dll" -out:"$out/TicTacToe.Tests.exe" "$here"/tests/*.cs

version="$(sed -n 's/^#define TTT_VERSION_STRING "\(.*\)"$/\1/p' "$root/include/tictactoe.h")"
LD_LIBRARY_PATH="$root/target/release${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
  TTT_EXPECTED_VERSION="$version" mono --debug "$out/TicTacToe.Tests.exe"
