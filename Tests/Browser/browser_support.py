"""What the browser tests' scripts (serve_page.py, collect_page.py) share:
numbered checks that stop at the first failure, and running formctl.
"""

import subprocess

_passed = 0


def check(condition, what):
    """Prints "ok N: WHAT", or "FAILED: WHAT" and exits 1."""
    global _passed
    if not condition:
        print(f"FAILED: {what}", flush=True)
        raise SystemExit(1)
    _passed += 1
    print(f"ok {_passed}: {what}", flush=True)


def passed():
    """How many checks passed so far."""
    return _passed


def run_formctl(binary, db, *arguments, timeout=60):
    """`binary ARGUMENTS --db DB`'s standard output; exits 1 if it fails."""
    result = subprocess.run([binary, *arguments, "--db", db], capture_output=True, text=True, timeout=timeout)
    if result.returncode != 0:
        print(f"FAILED: formctl {' '.join(arguments)} exited {result.returncode}: {result.stderr}", flush=True)
        raise SystemExit(1)
    return result.stdout


def run(main, drivers):
    """Runs `main`, then quits every browser in `drivers`, whatever happened."""
    try:
        main()
    finally:
        for driver in drivers:
            try:
                driver.quit()
            except Exception:
                pass
