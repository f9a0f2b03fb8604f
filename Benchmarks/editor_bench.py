#!/usr/bin/env python3
"""Keystroke-to-redraw latency of `formctl edit`, through a pseudo-terminal.

For each keystroke: write one key to the editor's terminal, then read
until the end of the redraw it causes (every frame ends with the cursor
shown, ESC[?25h); the time between is the latency, the bytes read the
redraw's size. Keys alternate between typing a letter and Backspace so the
value's length stays put; each form is typed into twice, in a field the
title shows (`first`) and in one it does not (`email`). Prints the median, p90 and bytes per keystroke,
and the median time of one whole `formctl minimap --format text` process on
the same file for comparison.
"""
import os, pty, select, statistics, struct, subprocess, sys, time, fcntl, termios

def spawn(binary, db, columns=120, rows=40):
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = "xterm-256color"
        os.execv(binary, [binary, "edit", "--db", db])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    os.kill(pid, 28)  # SIGWINCH: the size was set after the start
    return pid, fd

FRAME_END = b"\x1b[?25h"

def read_frame(fd, timeout=5.0):
    data = b""
    deadline = time.monotonic() + timeout
    while not data.endswith(FRAME_END):
        left = deadline - time.monotonic()
        if left <= 0:
            raise SystemExit("no redraw within %.1f s" % timeout)
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            data += os.read(fd, 65536)
    return data

def settle(fd, quiet=0.3):
    """Reads until nothing came for `quiet` seconds."""
    while select.select([fd], [], [], quiet)[0]:
        try:
            if not os.read(fd, 65536):
                return
        except OSError:  # the editor exited and closed the terminal
            return

def measure(binary, db, keystrokes, tabs=0):
    """Types into the field `tabs` Tab presses after the first one."""
    pid, fd = spawn(binary, db)
    settle(fd, 1.0)
    for _ in range(tabs):
        os.write(fd, b"\t")
        settle(fd, 0.3)
    times, sizes = [], []
    for i in range(keystrokes):
        key = b"x" if i % 2 == 0 else b"\x7f"
        start = time.perf_counter()
        os.write(fd, key)
        frame = read_frame(fd)
        times.append((time.perf_counter() - start) * 1000)
        sizes.append(len(frame))
        # A tick may redraw on its own (the clock); let it pass.
        if select.select([fd], [], [], 0.005)[0]:
            settle(fd, 0.02)
    os.write(fd, b"\x1b")
    settle(fd, 0.5)
    os.waitpid(pid, 0)
    return times, sizes

def minimap_process(binary, db, runs):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([binary, "minimap", "--format", "text", "--db", db], stdout=subprocess.DEVNULL, check=True)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)

# The seed's fields in Tab order are first, middle, last (all three in the
# title, "Hello {first} {middle} {last}") and email (not in the title).
FIELDS = [("first, in the title", 0), ("email, not in the title", 3)]

def report(name, binary, db, keystrokes):
    for field, tabs in FIELDS:
        times, sizes = measure(binary, db, keystrokes, tabs)
        times.sort()
        p90 = times[int(len(times) * 0.9) - 1]
        print("%-18s typing in %-24s keystroke -> redraw: median %.2f ms, p90 %.2f ms, %d keystrokes; bytes per redraw: median %d, max %d"
              % (name, field + ":", statistics.median(times), p90, len(times), statistics.median(sizes), max(sizes)))
    print("%-18s one `formctl minimap --format text` process: %.2f ms" % (name, minimap_process(binary, db, 20)))

if __name__ == "__main__":
    # editor_bench.py BINARY KEYSTROKES NAME=DB...
    binary, keystrokes = sys.argv[1], int(sys.argv[2])
    for form in sys.argv[3:]:
        name, db = form.split("=", 1)
        report(name, binary, db, keystrokes)
