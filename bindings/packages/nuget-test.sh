#!/usr/bin/env bash
# The NuGet package as a user meets it: `nuget install` from a folder source into an empty
# project's packages folder, then the seeds' program compiled by mcs against the package's
# TicTacToe.dll and run by mono with the package's native library of this platform's RID
# copied beside it (what the .NET SDK does on build).
set -euo pipefail
. "$(dirname "$0")/common.sh"
need nuget mcs mono unzip readelf
nupkg="TicTacToe.$version.nupkg"
p="$scratch/nuget"
mkdir -p "$p/feed" "$p/app"
cp "$out/$nupkg" "$p/feed/"
unzip -Z1 "$p/feed/$nupkg" | check_listing "$nupkg"
cp "$(dirname "$0")/examples/Seeds.cs" "$p/app/"
cd "$p/app"
nuget install TicTacToe -Version "$version" -Source "$p/feed" -OutputDirectory packages \
  -NonInteractive >install.log 2>&1 || { cat install.log; exit 1; }
pkg="packages/TicTacToe.$version"
rid="linux-$(uname -m | sed -e 's/x86_64/x64/' -e 's/aarch64/arm64/')"
check_lib "$pkg/runtimes/$rid/native/libtictactoe.so"
mcs -langversion:7.2 -warnaserror -r:"$pkg/lib/netstandard2.0/TicTacToe.dll" -out:Seeds.exe Seeds.cs
cp "$pkg/lib/netstandard2.0/TicTacToe.dll" "$pkg/runtimes/$rid/native/libtictactoe.so" .
mono Seeds.exe "$version"
