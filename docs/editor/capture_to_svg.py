#!/usr/bin/env python3
"""Turns `tmux capture-pane -p -e` output (stdin) into an SVG of the
terminal (stdout): one 9 x 18 px cell per character, 24-bit colours from
the SGR escapes, bold kept, on a dark background. Used to make the README's
picture of `formctl edit`: capture_to_svg.py < capture.ansi > edit.svg;
rsvg-convert edit.svg > edit.png."""
import re, sys
from xml.sax.saxutils import escape

W, H = 9, 18
BACK, FORE = (30, 30, 30), (220, 220, 220)
lines = sys.stdin.read().split("\n")
cells = []
# tmux writes only the attributes that change from one cell to the next,
# across line ends too: the state carries over from line to line.
fg, bg, bold = None, None, False
for line in lines:
    row, i = [], 0
    while i < len(line):
        m = re.match(r"\x1b\[([0-9;]*)m", line[i:])
        if m:
            nums = [int(n) if n else 0 for n in m.group(1).split(";")] if m.group(1) else [0]
            j = 0
            while j < len(nums):
                n = nums[j]
                if n == 0: fg, bg, bold = None, None, False
                elif n == 1: bold = True
                elif n == 22: bold = False
                elif n in (38, 48) and j + 4 < len(nums) and nums[j + 1] == 2:
                    c = tuple(nums[j + 2:j + 5])
                    if n == 38: fg = c
                    else: bg = c
                    j += 4
                elif n == 39: fg = None
                elif n == 49: bg = None
                j += 1
            i += m.end()
            continue
        if line[i] == "\x1b":
            m = re.match(r"\x1b\[[0-9;?]*[A-Za-z]", line[i:])
            i += m.end() if m else 1
            continue
        row.append((line[i], fg, bg, bold))
        i += 1
    cells.append(row)
while cells and not cells[-1]:
    cells.pop()
cols = max(80, max(len(r) for r in cells))
rgb = lambda c: "rgb(%d,%d,%d)" % c
out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d">' % (cols * W, len(cells) * H),
       '<rect width="100%%" height="100%%" fill="%s"/>' % rgb(BACK)]
for y, row in enumerate(cells):
    for x, (ch, fg, bg, bold) in enumerate(row):
        if bg: out.append('<rect x="%d" y="%d" width="%d" height="%d" fill="%s"/>' % (x * W, y * H, W + 0.5, H + 0.5, rgb(bg)))
        if ch in "\u2580\u2584":  # half blocks drawn as rectangles: no font gaps
            top = ch == "\u2580"
            out.append('<rect x="%d" y="%d" width="%d" height="%d" fill="%s"/>' % (x * W, y * H + (0 if top else H // 2), W + 0.5, H // 2 + 0.5, rgb(fg or FORE)))
        elif ch != " ":
            out.append('<text x="%d" y="%d" fill="%s" font-family="DejaVu Sans Mono, monospace" font-size="15"%s>%s</text>'
                       % (x * W, y * H + 14, rgb(fg or FORE), ' font-weight="bold"' if bold else "", escape(ch)))
out.append("</svg>")
print("\n".join(out))
