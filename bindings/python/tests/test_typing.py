"""The wheel's type hints in a strict user's build: `mypy --strict` checks typed/consumer.py
(the as in the Python binding surface, plus misuses that must stay errors) against the
installed package, the way a user's project sees it. mypy is in setup.sh's virtualenv;
missing, the test fails."""

import subprocess
import sys
from pathlib import Path

CONSUMER = Path(__file__).parent / "typed" / "consumer.py"


def test_a_strict_mypy_build_accepts_the_package(tmp_path):
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(tmp_path), str(CONSUMER)],
        capture_output=True,
        text=True,
        cwd=tmp_path,  # outside the source tree: mypy must find the installed package
    )
    assert run.returncode == 0, run.stdout + run.stderr
