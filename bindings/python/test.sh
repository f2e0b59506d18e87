#!/usr/bin/env bash
# Builds and installs the package exactly as a user does (`pip install ./bindings/python` from
# the repo root: maturin compiles the extension module over the Rust library and puts it in the
# wheel), then runs pytest against the installed copy, from outside the source tree.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
venv="$root/target/python-venv"
[ -x "$venv/bin/python" ] || { echo "no virtualenv at $venv: run bindings/python/setup.sh"; exit 1; }
"$venv/bin/python" -m pytest --version >/dev/null || { echo "pytest is missing: run bindings/python/setup.sh"; exit 1; }
cache="$root/target/python-cache"  # the checkers' caches, kept out of the source tree
cd "$root/bindings/python"
"$venv/bin/ruff" check --cache-dir "$cache/ruff" .
"$venv/bin/ruff" format --check --cache-dir "$cache/ruff" .
"$venv/bin/mypy" --cache-dir "$cache/mypy" python/tictactoe
cd "$root"
# The extension is built in a folder of its own, kept between runs so that a rebuild compiles
# only what changed.
CARGO_TARGET_DIR="$root/target/python-wheel" \
  "$venv/bin/python" -m pip install --disable-pip-version-check --force-reinstall --no-deps ./bindings/python
cd "$root/bindings/python/tests"
"$venv/bin/python" -m pytest -p no:cacheprovider -q -rs .
