#!/usr/bin/env bash
# Builds the native library and the C# binding with Mono's mcs at a language level Unity accepts,
# then runs the test program on Mono against target/release/libtictactoe.so.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
for tool in mcs mono cargo; do
  command -v "$tool" >/dev/null || { echo "csharp/test.sh: $tool is required (.ci/apt/csharp.txt)" >&2; exit 1; }
done

# The binding covers the whole C API: every function the header declares has a P/Invoke in
# Native.cs that the binding calls, except those listed here with the reason.
# ttt_judge_ex does the same as ttt_judge and also reports the bad move's index.
not_wrapped=" ttt_judge "
missing=""
for fn in $(sed -nE 's/^[A-Za-z].*[ *](ttt_[a-z0-9_]+)\(.*/\1/p' "$root/include/tictactoe.h"); do
  case "$not_wrapped" in *" $fn "*) continue ;; esac
  grep -q "extern .* $fn(" "$here/src/Native.cs" && grep -q "Native\.$fn(" "$here"/src/*.cs || missing+=" $fn"
done
[ -z "$missing" ] || { echo "csharp/test.sh: the binding does not wrap:$missing" >&2; exit 1; }

(cd "$root" && cargo build --release --quiet)
out="$root/target/csharp"
mkdir -p "$out"

# mcs knows C# up to 7.2 (a subset of Unity's 7.3); -noconfig -r:mscorlib keeps the surface to the
# core library, all of which .NET Standard 2.0 has.
mcs_flags=(-langversion:7.2 -noconfig -r:mscorlib.dll -warnaserror -debug)
mcs "${mcs_flags[@]}" -target:library -out:"$out/TicTacToe.dll" "$here"/src/*.cs
mcs "${mcs_flags[@]}" -target:exe -r:System.dll -r:System.Core.dll -r:"$out/TicTacToe.dll" -out:"$out/TicTacToe.Tests.exe" "$here"/tests/*.cs

{
  grep -oE '^  TTT_[A-Z_]+ = [0-9]+' "$root/include/tictactoe.h"
  sed -nE 's/^#define (TTT_LEVEL_[A-Z]+) ([0-9]+)$/  \1 = \2/p' "$root/include/tictactoe.h"
} > "$out/header-enums.txt"
version="$(sed -n 's/^#define TTT_VERSION_STRING "\(.*\)"$/\1/p' "$root/include/tictactoe.h")"
LD_LIBRARY_PATH="$root/target/release${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
  TTT_EXPECTED_VERSION="$version" TTT_HEADER_ENUMS="$out/header-enums.txt" mono --debug "$out/TicTacToe.Tests.exe"

# The README's example compiles (wrapped in a Main) and runs.
echo "== csharp: README example"
{
  echo 'using System; using TicTacToe; static class ReadmeExample { static void Main() {'
  sed -n '/^```csharp$/,/^```$/p' "$here/README.md" | sed '1d;$d' | grep -v '^using [A-Za-z.]*;$'
  echo '} }'
} > "$out/ReadmeExample.cs"
mcs -langversion:7.2 -noconfig -r:mscorlib.dll -r:"$out/TicTacToe.dll" -out:"$out/ReadmeExample.exe" "$out/ReadmeExample.cs"
LD_LIBRARY_PATH="$root/target/release${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" mono "$out/ReadmeExample.exe"
