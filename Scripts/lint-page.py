#!/usr/bin/python3
"""Static analysis of the page's files (Sources/FormServer/Assets).

Usage: /usr/bin/python3 Scripts/lint-page.py

- app.js and summary.js (every script there): ESLint (Debian's `eslint` package) with Scripts/eslint-page.json:
  eslint:recommended, strict mode, const/let only, ===, no globals, no
  eval, and no markup written from data (innerHTML and the like).
- app.css: parsed with tinycss2 (Debian's `python3-tinycss2`): no syntax
  error, no property twice in one rule, no `!important`, and every
  `var(--NAME)` names a custom property the sheet defines.

Prints each problem with its line; exits 0 when there is none, 1 when
there is one, 69 when eslint or tinycss2 is missing (.ci/run installs
both).
"""

import os
import shutil
import subprocess
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
ASSETS = os.path.join(ROOT, "Sources", "FormServer", "Assets")


def lint_script():
    eslint = shutil.which("eslint")
    if not eslint:
        print("lint-page: eslint is missing (apt-get install eslint)", file=sys.stderr)
        sys.exit(69)
    # Debian's eslint lives in /usr/share/nodejs, where a Node.js from
    # elsewhere (NodeSource's) does not look unless told.
    environment = dict(os.environ, NODE_PATH="/usr/share/nodejs")
    result = subprocess.run([eslint, "--no-eslintrc", "--config", os.path.join(ROOT, "Scripts", "eslint-page.json"),
                             "--max-warnings", "0"] + sorted(os.path.join(ASSETS, name) for name in os.listdir(ASSETS) if name.endswith(".js")),
                            capture_output=True, text=True, env=environment)
    output = (result.stdout + result.stderr).strip()
    if output:
        print(output)
    return result.returncode == 0


def lint_style():
    try:
        import tinycss2
    except ImportError:
        print("lint-page: tinycss2 is missing (apt-get install python3-tinycss2)", file=sys.stderr)
        sys.exit(69)
    path = os.path.join(ASSETS, "app.css")
    with open(path, encoding="utf-8") as source:
        rules = tinycss2.parse_stylesheet(source.read(), skip_comments=True, skip_whitespace=True)
    problems = []
    defined, used = set(), []

    def uses(tokens):
        for token in tokens:
            if token.type == "function":
                if token.lower_name == "var":
                    names = [t for t in token.arguments if t.type == "ident"]
                    if names:
                        used.append((token.source_line, names[0].value))
                uses(token.arguments)
            elif token.type in ("() block", "[] block", "{} block"):
                uses(token.content)

    def declarations(block, where):
        seen = set()
        for item in tinycss2.parse_declaration_list(block, skip_comments=True, skip_whitespace=True):
            if item.type == "error":
                problems.append(f"{path}:{item.source_line}: {where}: {item.message}")
            elif item.type == "declaration":
                name = item.lower_name
                if name.startswith("--"):
                    defined.add(name)
                elif name in seen:
                    problems.append(f"{path}:{item.source_line}: {where}: {name} given twice")
                seen.add(name)
                if item.important:
                    problems.append(f"{path}:{item.source_line}: {where}: !important on {name}")
                uses(item.value)

    def walk(items):
        for rule in items:
            if rule.type == "error":
                problems.append(f"{path}:{rule.source_line}: {rule.message}")
            elif rule.type == "qualified-rule":
                declarations(rule.content, tinycss2.serialize(rule.prelude).strip())
            elif rule.type == "at-rule" and rule.content is not None:
                walk(tinycss2.parse_rule_list(rule.content, skip_comments=True, skip_whitespace=True))

    walk(rules)
    for line, name in used:
        if name not in defined:
            problems.append(f"{path}:{line}: var({name}) names no custom property of the sheet")
    for problem in problems:
        print(problem)
    return not problems


script_ok = lint_script()
style_ok = lint_style()
if script_ok and style_ok:
    print("lint-page: the scripts and app.css pass")
sys.exit(0 if script_ok and style_ok else 1)
