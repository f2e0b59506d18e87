#!/usr/bin/env bash
# Prepares the Python binding's tests: a virtualenv under target/ (so a clean clone stays
# clean) holding pytest, numpy (judge takes numpy arrays), pettingzoo and gymnasium (the RL
# environments), ray (solve on a cluster, tested on a local Ray) and the checkers (ruff, mypy). The wheel itself is built and installed by
# test.sh. Idempotent.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
venv="$root/target/python-venv"
command -v python3 >/dev/null || { echo "python3 is missing (see .ci/apt/python.txt)"; exit 1; }
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check "pytest>=7" ruff mypy "numpy>=1.21" "pettingzoo>=1.25" "gymnasium>=1.0" "ray>=2.9"
