#!/usr/bin/env bash
# The wheel as a user meets it: `pip install` into a fresh virtualenv (it needs nothing else),
# then the seeds' program, run from an empty folder.
set -euo pipefail
. "$(dirname "$0")/common.sh"
need python3 unzip readelf
wheels=("$out"/tictactoe-"$version"-*manylinux*.whl)
[ -f "${wheels[0]}" ] || { echo "python-test: no manylinux wheel of $version in $out" >&2; exit 1; }
wheel="$(basename "${wheels[0]}")"
p="$scratch/python"
mkdir -p "$p/downloads" "$p/app" "$p/unpacked"
cp "$out/$wheel" "$p/downloads/"
unzip -Z1 "$p/downloads/$wheel" | check_listing "$wheel"
unzip -q "$p/downloads/$wheel" -d "$p/unpacked"
libs=()
while IFS= read -r -d '' f; do libs+=("$f"); done < <(find "$p/unpacked" -name '*.so*' -type f -print0)
[ ${#libs[@]} -ge 1 ] || { echo "python-test: $wheel holds no shared library" >&2; exit 1; }
for f in "${libs[@]}"; do check_lib "$f"; done
python3 -m venv "$p/venv"
"$p/venv/bin/python" -m pip install --quiet --disable-pip-version-check "$p/downloads/$wheel"
cp "$(dirname "$0")/examples/seeds.py" "$p/app/"
cd "$p/app"
"$p/venv/bin/python" seeds.py "$version"
