#!/usr/bin/env python3
"""Every target imports only what it declares.

Reads each package's manifest through `swift package dump-package` and, for
every target in it (libraries, executables, test targets, plugins, and
targets kept outside Sources/ such as Benchmarks/LayoutBenchmark), reads the
`import` lines of its Swift files: plain, `@testable`, `@_exported`,
`@preconcurrency`, with an access level, `import struct X.Y`, and inside
`#if` branches alike. An import passes when its module is

- a target of the same package that the target depends on directly,
- a module of a product the target depends on directly (a product of this
  package maps to its targets; a product of another package to the module
  of the same name, or to the ones PRODUCT_MODULES lists), or
- a module of the toolchain or the platform (SYSTEM_MODULES).

Anything else, a module that builds today only because a dependency
happens to import or re-export it, fails the check: exit 1, one line per
import, `file:line: module X is not a dependency of target T`.

Usage: python3 Scripts/check-imports.py [PACKAGE_DIR ...]   (default: .)
Standard library only; needs `swift` on PATH.
"""

import json
import os
import re
import subprocess
import sys
import tempfile

# Modules that come with the toolchain or the platform rather than from a
# package: the standard library's own, Foundation and its parts, the C
# libraries of each platform, the test libraries and the plugin API. Kept
# explicit so that a new one is a decision, not an accident.
SYSTEM_MODULES = {
    # The standard library and the modules shipped beside it.
    "Swift", "_Concurrency", "_StringProcessing", "RegexBuilder",
    "Synchronization", "Distributed", "Observation", "Cxx", "CxxStdlib",
    # Foundation and its parts (swift-corelibs-foundation, swift-foundation).
    "Foundation", "FoundationEssentials", "FoundationInternationalization",
    "FoundationNetworking", "FoundationXML", "CoreFoundation", "Dispatch",
    # The C library of each platform.
    "Glibc", "Musl", "Darwin", "Android", "Bionic", "WASILibc", "WinSDK", "ucrt", "CRT",
    # Apple platforms' system frameworks a `#if canImport` branch may name.
    "os", "CoreGraphics",
    # Tests and SwiftPM plugins.
    "Testing", "XCTest", "PackagePlugin",
}

# Products of other packages whose modules are not named as the product is.
# (GRDB's product GRDB is the module GRDB, ArgumentParser is ArgumentParser,
# PropertyBased is PropertyBased: none needs an entry today.)
PRODUCT_MODULES: dict[str, list[str]] = {}

# Where SwiftPM looks for a target's sources when the manifest gives no path.
DEFAULT_FOLDERS = {
    "regular": "Sources", "executable": "Sources", "system": "Sources",
    "macro": "Sources", "test": "Tests", "plugin": "Plugins",
}

IMPORT = re.compile(
    r"""^\s*
    (?:@\w+(?:\([^)]*\))?\s+)*                          # @testable, @_exported, @_spi(X), @preconcurrency
    (?:(?:public|package|internal|fileprivate|private)\s+)?  # an access level
    (?:@\w+(?:\([^)]*\))?\s+)*
    import\s+
    (?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?  # import struct X.Y
    ([A-Za-z_][A-Za-z0-9_]*)                            # the module (X of X.Y)
    """,
    re.VERBOSE,
)


def dump_package(package_dir):
    # A scratch path of its own: the package's .build is locked while a
    # build runs, and reading the manifest needs nothing built.
    with tempfile.TemporaryDirectory(prefix="check-imports-") as scratch:
        try:
            output = subprocess.run(
                ["swift", "package", "--package-path", package_dir, "--scratch-path", scratch, "dump-package"],
                check=True, capture_output=True, text=True,
            ).stdout
        except subprocess.CalledProcessError as error:
            sys.exit(f"check-imports: swift package dump-package failed in {package_dir}:\n{error.stderr}")
    return json.loads(output)


def declared_modules(target, manifest):
    """The modules `target` may import: its direct dependencies' modules."""
    local_targets = {t["name"] for t in manifest["targets"]}
    local_products = {p["name"]: p["targets"] for p in manifest["products"]}
    modules = set()
    for dependency in target.get("dependencies", []):
        if "byName" in dependency:
            name = dependency["byName"][0]
            # A name is a target of this package, else a product (of this
            # package or of a dependency named like its package).
            if name in local_targets:
                modules.add(name)
            elif name in local_products:
                modules.update(local_products[name])
            else:
                modules.update(PRODUCT_MODULES.get(name, [name]))
        elif "target" in dependency:
            modules.add(dependency["target"][0])
        elif "product" in dependency:
            name, package = dependency["product"][0], dependency["product"][1]
            if package is None and name in local_products:
                modules.update(local_products[name])
            else:
                modules.update(PRODUCT_MODULES.get(name, [name]))
    return modules


def target_folder(target, package_dir):
    if target.get("path"):
        return os.path.join(package_dir, target["path"])
    return os.path.join(package_dir, DEFAULT_FOLDERS.get(target["type"], "Sources"), target["name"])


def swift_files(target, package_dir):
    folder = target_folder(target, package_dir)
    excluded = {os.path.normpath(os.path.join(folder, e)) for e in target.get("exclude", [])}
    sources = target.get("sources")
    roots = [os.path.join(folder, s) for s in sources] if sources else [folder]
    found = []
    for root in roots:
        if os.path.isfile(root):
            if root.endswith(".swift"):
                found.append(root)
            continue
        for directory, subdirectories, files in os.walk(root):
            subdirectories[:] = sorted(
                d for d in subdirectories
                if os.path.normpath(os.path.join(directory, d)) not in excluded and not d.startswith(".")
            )
            for name in sorted(files):
                path = os.path.join(directory, name)
                if name.endswith(".swift") and os.path.normpath(path) not in excluded:
                    found.append(path)
    return found


def imports(path):
    """(line number, module) of each import statement in the file.

    Skips text inside block comments and multi-line string literals, where
    a line that reads like an import is not one (doc tests hold Swift
    examples in strings). `#if` branches are read like any other line: an
    import in a branch for another platform is still a claim about it.
    """
    found = []
    in_comment = 0        # nesting depth of /* */
    in_string = None      # the closing delimiter of an open multi-line string
    with open(path, encoding="utf-8") as source:
        for number, line in enumerate(source, start=1):
            index = 0
            if in_comment == 0 and in_string is None:
                match = IMPORT.match(line)
                if match:
                    found.append((number, match.group(1)))
            # Walk the line for the openings and closings that span lines.
            while index < len(line):
                if in_string is not None:
                    end = line.find(in_string, index)
                    if end < 0:
                        break
                    index = end + len(in_string)
                    in_string = None
                elif in_comment:
                    opening, closing = line.find("/*", index), line.find("*/", index)
                    if closing < 0 and opening < 0:
                        break
                    if opening >= 0 and (closing < 0 or opening < closing):
                        in_comment += 1
                        index = opening + 2
                    else:
                        in_comment -= 1
                        index = closing + 2
                else:
                    rest = line[index:]
                    if rest.startswith("//"):
                        break
                    if rest.startswith("/*"):
                        in_comment = 1
                        index += 2
                        continue
                    raw = re.match(r'(#*)"""', rest)
                    if raw:
                        in_string = '"""' + raw.group(1)
                        index += len(raw.group(0))
                        continue
                    quote = re.match(r'(#*)"', rest)
                    if quote:
                        # A one-line string: skip to its closing quote.
                        closing = '"' + quote.group(1)
                        cursor = index + len(quote.group(0))
                        while cursor < len(line):
                            if line[cursor] == "\\" and not quote.group(1):
                                cursor += 2
                                continue
                            if line.startswith(closing, cursor):
                                cursor += len(closing)
                                break
                            cursor += 1
                        index = cursor
                        continue
                    index += 1
    return found


def main(package_dirs):
    failures = []
    file_count = target_count = 0
    for package_dir in package_dirs:
        manifest = dump_package(package_dir)
        for target in manifest["targets"]:
            if target["type"] in ("system", "binary"):
                continue
            target_count += 1
            allowed = declared_modules(target, manifest) | SYSTEM_MODULES | {target["name"]}
            for path in swift_files(target, package_dir):
                file_count += 1
                for number, module in imports(path):
                    if module not in allowed:
                        shown = os.path.relpath(path)
                        failures.append(f"{shown}:{number}: module {module} is not a dependency of target "
                                        f"{target['name']} (declare it in Package.swift, or import what declares it)")
    if failures:
        print("\n".join(failures))
        print(f"imports: {file_count} files, {target_count} targets, {len(failures)} undeclared")
        return 1
    print(f"imports: {file_count} files, {target_count} targets, all declared")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:] or ["."]))
