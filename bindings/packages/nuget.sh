#!/usr/bin/env bash
# The NuGet package (bindings/csharp/TicTacToe.nuspec), packed with Debian's nuget from:
#
#   lib/netstandard2.0/TicTacToe.dll   the binding (bindings/csharp/src), compiled by Mono's mcs
#   lib/netstandard2.0/TicTacToe.xml   its documentation comments, for the IDE
#   runtimes/linux-x64/native/libtictactoe.so   the library; .NET copies the one of the
#                                      running platform's RID beside the program
set -euo pipefail
. "$(dirname "$0")/common.sh"
need mcs nuget unzip
src="$root/bindings/csharp"
stage="$work/nuget"
rm -rf "$stage"
rid="linux-$(uname -m | sed -e 's/x86_64/x64/' -e 's/aarch64/arm64/')"
mkdir -p "$stage/lib/netstandard2.0" "$stage/runtimes/$rid/native"
# As bindings/csharp/test.sh compiles it (C# 7.2, the core library's surface only), optimized,
# with its doc comments. Warnings that only -doc raises stay warnings: members without a doc
# comment (CS1591: enum values, operators) and a cref naming an overloaded method (CS0419).
mcs -langversion:7.2 -noconfig -r:mscorlib.dll -warnaserror -nowarn:1591,419 -optimize+ -target:library \
  -out:"$stage/lib/netstandard2.0/TicTacToe.dll" -doc:"$stage/lib/netstandard2.0/TicTacToe.xml" \
  "$src"/src/*.cs
cp "$lib" "$stage/runtimes/$rid/native/libtictactoe.so"
cp "$src/TicTacToe.nuspec" "$stage/"
cp "$root/LICENSE-MIT" "$root/LICENSE-APACHE" "$stage/"
(cd "$stage" && nuget pack TicTacToe.nuspec -BasePath . -OutputDirectory "$out" -NoPackageAnalysis -NonInteractive) >"$work/nuget.log" 2>&1 ||
  { cat "$work/nuget.log"; exit 1; }
[ -f "$out/TicTacToe.$version.nupkg" ] || { echo "nuget.sh: no $out/TicTacToe.$version.nupkg (the .nuspec's version differs?)" >&2; exit 1; }
echo "built $out/TicTacToe.$version.nupkg"
