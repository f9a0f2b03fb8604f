#!/usr/bin/env python3
"""Taffy (Rust flexbox engine, through the `stretchable` bindings) laying out
a form shaped like FormScreen, as the reference for Benchmarks/layout.sh.

The tree, for N fields in rows of three:

    screen (row)
    ├── minimap area: 200 wide, 30 points of horizontal margin
    └── form (column, gap 8)
        └── per row: a row node 540 wide (gap 8)
            └── 3 field containers: column, padding 15, gap 8, flex-grow 1
                ├── label: fixed 80×22
                └── text field: flex-grow 1, height 34

Only the layout is timed, best of --runs. Two figures are printed:

- `compute_layout`: stretchable's `Node.compute_layout`, i.e. Taffy's layout
  plus stretchable reading every node's box back into Python objects. This is
  the figure the brief asks for, and the one printed last as
  `REFERENCE_NODES_PER_SECOND=` for layout.sh.
- `taffy core`: the bare `taffylib.node_compute_layout_with_measure` call
  (Rust only, no read-back), for scale.

Taffy caches layout results per node, so before every timed run every leaf is
marked dirty (which dirties all of its ancestors), outside the timer: each run
lays the whole tree out from scratch, as FormLayout does.
"""
import argparse
import platform
import sys
import time

try:
    import stretchable
    from stretchable import Node, Style
    from stretchable.style import AUTO, FlexDirection, Rect, Size
    from stretchable import node as stretchable_node
except ImportError as error:  # pragma: no cover - reported by layout.sh
    print(f"stretchable is not importable: {error}", file=sys.stderr)
    sys.exit(3)

WINDOW = (1200.0, 800.0)


# Styles are made once and shared: building a `Style` is slow in Python
# (attrs validation), and only tree building, which is not timed, would pay.
LABEL = Style(size=(80, 22))
TEXT_FIELD = Style(flex_grow=1, size=Size(width=AUTO, height=34))
FIELD_CONTAINER = Style(flex_direction=FlexDirection.COLUMN, padding=15, gap=8, flex_grow=1)
ROW = Style(size=Size(width=540, height=AUTO), gap=8)
FORM = Style(flex_direction=FlexDirection.COLUMN, gap=8)
MINIMAP = Style(size=Size(width=200, height=AUTO), margin=Rect(0, 30, 0, 30))


def make_field_container():
    return Node(Node(style=LABEL), Node(style=TEXT_FIELD), style=FIELD_CONTAINER)


def make_screen(fields):
    """Returns (screen, leaves, node count)."""
    rows = []
    leaves = []
    for first in range(0, fields, 3):
        containers = [make_field_container() for _ in range(min(3, fields - first))]
        for container in containers:
            leaves.extend(container)
        rows.append(Node(*containers, style=ROW))
    form = Node(*rows, style=FORM)
    minimap = Node(style=MINIMAP)
    leaves.append(minimap)
    screen = Node(minimap, form)
    nodes = 1 + 1 + 1 + len(rows) + fields * 3  # screen, minimap, form, rows, containers + 2 leaves each
    return screen, leaves, nodes


def count_nodes(node):
    return 1 + sum(count_nodes(child) for child in node)


def dirty_all(leaves):
    for leaf in leaves:
        leaf.mark_dirty()


def time_compute_layout(screen, leaves, runs):
    best = float("inf")
    for _ in range(runs):
        dirty_all(leaves)
        start = time.perf_counter_ns()
        ok = screen.compute_layout(WINDOW)
        elapsed = time.perf_counter_ns() - start
        if not ok:
            raise SystemExit("compute_layout failed")
        best = min(best, elapsed)
    return best / 1e9


def time_core(screen, leaves, runs):
    """The Rust call inside compute_layout, without stretchable's read-back."""
    taffylib = stretchable_node.taffylib
    taffy = stretchable_node.taffy
    # compute_layout made the root container (when stretchable uses one); lay that out as it does.
    root_id = screen._container._node_id if screen._container else screen._node_id
    space = stretchable_node.SizeAvailableSpace(*WINDOW).to_dict()
    best = float("inf")
    for _ in range(runs):
        dirty_all(leaves)
        start = time.perf_counter_ns()
        ok = taffylib.node_compute_layout_with_measure(taffy._ptr, root_id, space, lambda *args: (0.0, 0.0))
        elapsed = time.perf_counter_ns() - start
        if not ok:
            raise SystemExit("node_compute_layout_with_measure failed")
        best = min(best, elapsed)
    return best / 1e9


def check_geometry(screen):
    """Fails loudly if the tree is not laid out as intended (catches API misuse)."""
    minimap, form = screen[0], screen[1]
    row = form[0]
    container = row[0]
    label, text_field = container[0], container[1]
    expect = [
        (minimap.get_box().width, 200.0, "minimap width"),
        (minimap.get_box().x, 30.0, "minimap x"),
        (row.get_box().width, 540.0, "row width"),
        (label.get_box().width, 80.0, "label width"),
        (label.get_box().height, 22.0, "label height"),
        (label.get_box().x, 15.0, "label x (padding)"),
        (text_field.get_box().height, 34.0, "text field height"),
        (text_field.get_box().y, 15.0 + 22.0 + 8.0, "text field y (padding + label + gap)"),
        (container.get_box().height, 15 + 22 + 8 + 34 + 15, "container height"),
    ]
    for actual, wanted, what in expect:
        if abs(actual - wanted) > 0.01:
            raise SystemExit(f"layout check failed: {what} is {actual}, expected {wanted}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--fields", type=int, default=10_000, help="fields in the form (default 10000)")
    parser.add_argument("--runs", type=int, default=7, help="timed runs, best is kept (default 7)")
    args = parser.parse_args()

    build_start = time.perf_counter_ns()
    screen, leaves, nodes = make_screen(args.fields)
    build_seconds = (time.perf_counter_ns() - build_start) / 1e9
    assert nodes == count_nodes(screen), (nodes, count_nodes(screen))

    screen.compute_layout(WINDOW)  # warm-up, and the root container exists from here on
    check_geometry(screen)
    best = time_compute_layout(screen, leaves, args.runs)
    core = time_core(screen, leaves, args.runs)

    version = getattr(stretchable, "__version__", None)
    if version is None:
        from importlib.metadata import version as package_version
        version = package_version("stretchable")
    print(f"Taffy via stretchable {version}, Python {platform.python_version()}")
    print(f"form of {args.fields} fields: {nodes} nodes (tree built in {build_seconds * 1000:.0f} ms, not timed)")
    print("what                         best ms    ns/node   M nodes/s")
    for name, seconds in (("compute_layout (+read-back)", best), ("taffy core (Rust only)", core)):
        print(f"{name:<28} {seconds * 1000:<10.2f} {seconds / nodes * 1e9:<9.1f} {nodes / seconds / 1e6:.2f}")
    print(f"REFERENCE_NODES_PER_SECOND={nodes / best:.0f}")
    print(f"REFERENCE_SECONDS={best:.6f}")
    print(f"CORE_NODES_PER_SECOND={nodes / core:.0f}")
    print(f"CORE_SECONDS={core:.6f}")
    print(f"REFERENCE_NODES={nodes}")


if __name__ == "__main__":
    main()
