#!/usr/bin/env bash
# The Unity package, checked as far as it can be without Unity: unpacked, every file and folder
# has a .meta with a GUID of its own, package.json carries the version, the library is
# stripped; then Runtime/*.cs compiles (mcs, C# 7.2, below Unity's 7.3) into the assembly
# that the seeds' program runs against, on mono, with the package's library.
set -euo pipefail
. "$(dirname "$0")/common.sh"
need tar mcs mono readelf
src="$root/bindings/csharp"
name="$(sed -n 's/^  "name": "\(.*\)",$/\1/p' "$src/unity/package.json")"
tgz="$name-$version.tgz"
p="$scratch/unity"
mkdir -p "$p/downloads" "$p/app"
cp "$out/$tgz" "$p/downloads/"
tar -tzf "$p/downloads/$tgz" | check_listing "$tgz"
tar -xzf "$p/downloads/$tgz" -C "$p/app"
pkg="$p/app/package"
grep -q "\"version\": \"$version\"" "$pkg/package.json" || { echo "unity-test: package.json is not version $version" >&2; exit 1; }
missing="$(cd "$pkg" && find . -mindepth 1 ! -name '*.meta' | while read -r f; do [ -f "$f.meta" ] || echo "$f"; done)"
[ -z "$missing" ] || { echo "unity-test: no .meta for: $missing" >&2; exit 1; }
dups="$(cat "$pkg"/*.meta "$pkg"/*/*.meta "$pkg"/*/*/*.meta | sed -n 's/^guid: //p' | sort | uniq -d)"
[ -z "$dups" ] || { echo "unity-test: GUIDs used twice: $dups" >&2; exit 1; }
check_lib "$pkg/Plugins/x86_64/libtictactoe.so"
cp "$(dirname "$0")/examples/Seeds.cs" "$p/app/"
cd "$p/app"
mcs -langversion:7.2 -noconfig -r:mscorlib.dll -warnaserror -target:library -out:TicTacToe.dll package/Runtime/*.cs
mcs -langversion:7.2 -warnaserror -r:TicTacToe.dll -out:Seeds.exe Seeds.cs
cp package/Plugins/x86_64/libtictactoe.so .
mono Seeds.exe "$version"
