"""Running formctl from a benchmark: a run that must succeed, and callgrind's
instruction count of a whole process (typed_bench.py, groups_bench.py)."""
import os
import subprocess
import sys


def run(formctl, arguments, cwd):
    """Runs formctl; exits the benchmark naming the command if it fails."""
    result = subprocess.run([formctl] + arguments, cwd=cwd, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"formctl {' '.join(arguments)} failed ({result.returncode}): {result.stderr}")
    return result


def instructions(formctl, arguments, cwd):
    """Callgrind's count of instructions for the whole process."""
    out = os.path.join(cwd, "callgrind.out")
    subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", formctl] + arguments,
                   cwd=cwd, capture_output=True, check=True)
    with open(out) as data:
        for line in data:
            if line.startswith("summary:") or line.startswith("totals:"):
                return int(line.split()[1])
    sys.exit("no callgrind summary")
