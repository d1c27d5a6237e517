"""The program the Python module is checked against: BACKTRACK_PROGRAM (ctest sets it)."""
import json
import os
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def cli():
    program = os.environ.get("BACKTRACK_PROGRAM")
    if not program:
        pytest.skip("BACKTRACK_PROGRAM names the backtrack program to compare with")

    def summary(*args):
        done = subprocess.run([program, "solve", *args, "--format", "json", "--print", "summary"],
                              stdout=subprocess.PIPE, check=True, text=True)
        return json.loads(done.stdout.splitlines()[-1])
    return summary
