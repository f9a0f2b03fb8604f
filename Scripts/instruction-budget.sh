#!/usr/bin/env bash
# Holds formctl's one-shot commands to their instruction budgets. See usage().
set -euo pipefail

usage() {
    cat <<'TEXT'
usage: Scripts/instruction-budget.sh [--budget FILE] [--tolerance PERCENT] [--sqlite3 SHELL] [--print] BINARY

Runs each one-shot command of BINARY (a formctl built by
Scripts/build-release.sh) once under `valgrind --tool=callgrind`, on a new
default form that BINARY creates in a temporary folder (a fresh copy for
each command), and compares the instructions callgrind counts, for the
whole process, with the command's budget in
Benchmarks/instruction-budget.tsv. Prints the figure and the budget of
each command; exits 1 when a command exceeds its budget by more than the
tolerance (2% unless told), 0 otherwise.

Callgrind's counts are exact and do not depend on the machine's load. Each
command runs in its form's folder, names the database relatively and gets
an environment of PATH alone, so that neither the temporary folder's path
nor the caller's environment moves the counts; what is left is Swift's
per-process hash seed, a few thousand instructions at most
(docs/performance.md, issue 34).

options:
  --budget FILE         the budget file (default Benchmarks/instruction-budget.tsv
                        beside this script)
  --tolerance PERCENT   how far above its budget a command may go (default 2)
  --sqlite3 SHELL       also count the sqlite3 shell doing the command's
                        equivalent (the file's last column) on its own new
                        default form, and print it and formctl's ratio to it
                        (Benchmarks/cli.sh --profile does)
  --print               print the figures as budget lines and exit 0 (for
                        updating the file after a change that is meant to
                        cost instructions; say why in its commit)
  -h, --help            this text

exit status: 0 within budget, 1 over budget, 64 usage, 69 no valgrind,
70 a command failed or callgrind gave no count.
TEXT
}

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
budget_file="$root/Benchmarks/instruction-budget.tsv"
tolerance=2
print_only=0
sqlite3=""
binary=""
while [[ $# -gt 0 ]]; do
    case "$1" in
        -h|--help) usage; exit 0 ;;
        --budget) [[ $# -ge 2 ]] || { echo "instruction-budget.sh: --budget needs a file" >&2; exit 64; }; budget_file="$2"; shift ;;
        --tolerance) [[ $# -ge 2 ]] || { echo "instruction-budget.sh: --tolerance needs a number" >&2; exit 64; }; tolerance="$2"; shift ;;
        --sqlite3) [[ $# -ge 2 ]] || { echo "instruction-budget.sh: --sqlite3 needs the shell" >&2; exit 64; }; sqlite3="$2"; shift ;;
        --print) print_only=1 ;;
        -*) echo "instruction-budget.sh: unknown option $1 (see -h)" >&2; exit 64 ;;
        *) [[ -z "$binary" ]] || { echo "instruction-budget.sh: one BINARY only (see -h)" >&2; exit 64; }; binary="$1" ;;
    esac
    shift
done
[[ -n "$binary" ]] || { usage >&2; exit 64; }
[[ -x "$binary" ]] || { echo "instruction-budget.sh: no executable at $binary" >&2; exit 64; }
[[ -r "$budget_file" ]] || { echo "instruction-budget.sh: cannot read $budget_file" >&2; exit 64; }
[[ "$tolerance" =~ ^[0-9]+(\.[0-9]+)?$ ]] || { echo "instruction-budget.sh: tolerance must be a number, not '$tolerance'" >&2; exit 64; }
valgrind="$(command -v valgrind)" || { echo "instruction-budget.sh: no valgrind (apt-get install valgrind)" >&2; exit 69; }
[[ -z "$sqlite3" ]] || sqlite3="$(command -v "$sqlite3")" || { echo "instruction-budget.sh: no sqlite3 shell" >&2; exit 69; }

work="$(mktemp -d "${TMPDIR:-/tmp}/formctl-budget.XXXXXX")"
trap 'rm -rf "$work"' EXIT
binary="$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")"

# Instructions of one process under callgrind, run in $work/run: prints
# the count; exits 70 when the process fails (other than check's 1).
count_of() {
    local code
    set +e
    # In the form's folder, with the database named relatively and an
    # environment of PATH alone: the counts then do not depend on where
    # the temporary folder is or on what the caller's environment holds
    # (an 85-character longer path cost get 1.1% more instructions).
    (cd "$work/run" && env -i PATH="$PATH" "$valgrind" --tool=callgrind --callgrind-out-file=cg.out "$@" \
        >"$work/run/stdout" 2>"$work/run/stderr")
    code=$?
    set -e
    # `check` ends with 1 on a form that does not pass (the default form
    # does not): a command's answer, not a failure.
    if [[ $code -ne 0 && $code -ne 1 ]]; then
        echo "instruction-budget.sh: $* exited $code:" >&2; cat "$work/run/stderr" >&2; exit 70
    fi
    local count
    count="$(sed -n 's/^==[0-9]*== Collected : \([0-9]*\)$/\1/p' "$work/run/stderr")"
    [[ -n "$count" ]] || { echo "instruction-budget.sh: no callgrind count for $*" >&2; cat "$work/run/stderr" >&2; exit 70; }
    echo "$count"
}

# A new default form in $work/run, made by the binary itself, so that no
# command sees another's change (set's value, its history).
new_form() {
    rm -rf "$work/run"; mkdir "$work/run"
    "$binary" minimap --db "$work/run/form.db" --format text >/dev/null
    [[ -f "$work/run/form.db" ]] || { echo "instruction-budget.sh: $binary made no database" >&2; exit 70; }
}

status=0
if [[ -n "$sqlite3" ]]; then
    printf '%-10s %14s %14s %9s %14s %9s\n' command instructions budget ratio sqlite3 "x sqlite3"
elif [[ $print_only -eq 0 ]]; then
    printf '%-10s %14s %14s %9s\n' command instructions budget ratio
fi
# Each line of the budget file: name, budget, the arguments ({db}: the
# database's path), and the sqlite3 shell's equivalent (SQL or a dot
# command; optional), tab-separated; # starts a comment.
while IFS=$'\t' read -r name budget arguments equivalent; do
    [[ -z "$name" || "$name" == \#* ]] && continue
    [[ "$budget" =~ ^[0-9]+$ ]] || { echo "instruction-budget.sh: $budget_file: budget of $name is not a number: '$budget'" >&2; exit 64; }
    new_form
    read -r -a words <<<"${arguments//\{db\}/form.db}"
    count="$(count_of "$binary" "${words[@]}")"
    if [[ $print_only -eq 1 ]]; then
        printf '%s\t%s\t%s\t%s\n' "$name" "$count" "$arguments" "$equivalent"
        continue
    fi
    verdict="$(awk -v c="$count" -v b="$budget" -v t="$tolerance" 'BEGIN {
        printf "%8.3fx %s", c / b, (c > b * (1 + t / 100) ? "OVER" : "ok") }')"
    if [[ -n "$sqlite3" ]]; then
        shell_count="-"; versus="-"
        if [[ -n "$equivalent" ]]; then
            new_form
            shell_count="$(count_of "$sqlite3" form.db "$equivalent")"
            versus="$(awk -v c="$count" -v s="$shell_count" 'BEGIN { printf "%.2fx", c / s }')"
        fi
        printf '%-10s %14s %14s %-13s %14s %9s\n' "$name" "$count" "$budget" "$verdict" "$shell_count" "$versus"
    else
        printf '%-10s %14s %14s %s\n' "$name" "$count" "$budget" "$verdict"
    fi
    [[ "$verdict" == *OVER ]] && status=1
done <"$budget_file"

if [[ $print_only -eq 0 ]]; then
    if [[ $status -ne 0 ]]; then
        echo "over budget: a command above exceeds its budget by more than $tolerance% ($budget_file)"
    else
        echo "within budget (tolerance $tolerance%)"
    fi
fi
exit $status
