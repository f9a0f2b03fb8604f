#!/usr/bin/env bash
# Where one formctl process spends its time, next to the sqlite3 shell doing
# the same thing; first, each one-shot command's instructions next to its
# budget (Benchmarks/instruction-budget.tsv) and the sqlite3 shell's. Run by
# `Benchmarks/cli.sh --profile`, or by hand:
#
#   Benchmarks/cli_profile.sh FORMCTL DB
#
# DB must be a formctl database (cli.sh passes its own). Uses whichever of
# perf, valgrind (callgrind) and the glibc loader's statistics are present;
# the instruction counts from callgrind are exact and repeatable, unlike
# timings on a shared machine.
set -euo pipefail

usage() { sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; }
if [[ "${1:-}" == "-h" || "${1:-}" == "--help" ]]; then usage; exit 0; fi
if [[ $# -ne 2 ]]; then usage >&2; exit 64; fi
formctl="$1"
db="$2"
sqlite3="${SQLITE3:-sqlite3}"
work="$(mktemp -d "${TMPDIR:-/tmp}/formctl-cli-profile.XXXXXX")"
trap 'rm -rf "$work"' EXIT

# The sqlite3 side gets its own copy: its UPDATE marks the form as changed
# outside formctl, which would make formctl's next run refresh everything.
sqlite_db="$work/sqlite3.db"
"$sqlite3" "$db" ".backup '$sqlite_db'"

declare -A formctl_cmd sqlite_sql
formctl_cmd[get]="get first --db $db"
formctl_cmd[set]="set first Zed --db $db"
formctl_cmd[minimap]="minimap --db $db --format text --width 80"
sqlite_sql[get]="SELECT value FROM field WHERE key='first'"
sqlite_sql[set]="UPDATE field SET value='Zed' WHERE key='first'"
sqlite_sql[minimap]="SELECT * FROM minimap_rect ORDER BY z"

# Inclusive instruction counts of these functions (callgrind_annotate
# --inclusive=yes), matched on their (mangled) names: label|pattern.
parts=(
    "dynamic loader (relocations)|rtld.c:_dl_start "
    "main (everything after the loader)|formctl_main "
    "ArgumentParser parseAsRoot|15ParsableCommandPAAE11parseAsRoot"
    "  of which String(describing:) for command names|15ParsableCommandPAAE12_commandNameSSvgZ \\["
    "the command's run()|CommandV3runyyKF \\["
    "  FormDatabase.open|DatabaseC4open4path6create(7minimap|8geometry)"
    "    DatabaseFile.inspect (2nd connection)|DatabaseFileV7inspect"
    "    GRDB DatabaseQueue.init (all opens)|13DatabaseQueueC4path13configuration"
    "  FormDatabase.setValue|DatabaseC8setValue3key5value"
    "    FormPicture (layout + minimap)|0A7PictureV4form10windowSize"
    "sqlite3_prepare_v3 (SQL + schema parsing)|:sqlite3_prepare_v3 \\["
    "Swift runtime conformance lookups|MaybeInstantiateSuperclasses\\(swift::TargetMetadata<swift::InProcess> const\\*, swift::TargetProtocolDescriptor<swift::InProcess> const\\*, bool\\) \\["
)

ir_total() { grep -m1 'PROGRAM TOTALS' "$1" | awk '{gsub(",","",$1); print $1}'; }
ir_of() { grep -m1 -E "$2" "$1" | awk '{gsub(",","",$1); print $1}' || true; }

if command -v valgrind >/dev/null; then
    # Each on a new default form the binary makes, as CI's budget check
    # runs them (over budget is reported here, not an error).
    echo "== instructions (callgrind) against the budget and the sqlite3 shell: Scripts/instruction-budget.sh"
    "$(dirname "${BASH_SOURCE[0]}")/../Scripts/instruction-budget.sh" --sqlite3 "$(command -v "$sqlite3")" "$formctl" || true
fi

for name in get set minimap; do
    read -r -a args <<<"${formctl_cmd[$name]}"
    echo "== $name: formctl ${formctl_cmd[$name]}  |  sqlite3 \"${sqlite_sql[$name]}\""
    if command -v perf >/dev/null; then
        for side in formctl sqlite3; do
            if [[ $side == formctl ]]; then cmd=("$formctl" "${args[@]}"); else cmd=("$sqlite3" "$sqlite_db" "${sqlite_sql[$name]}"); fi
            perf stat -r 30 -e task-clock,page-faults,context-switches "${cmd[@]}" 2>"$work/perf" >/dev/null || true
            awk -v side="$side" '/task-clock/ {t=$1} /page-faults/ {p=$1} /elapsed/ {e=$1*1000}
                END {printf "  perf stat %-8s task-clock %6s ms  elapsed %6.2f ms  page faults %s\n", side, t, e, p}' "$work/perf"
        done
    fi
    LD_DEBUG=statistics "$formctl" "${args[@]}" 2>&1 >/dev/null \
        | awk '/relative relocations/ {r=$NF} /number of relocations:/ && !s {s=$NF} /total startup time/ {c=$(NF-1)}
               END {printf "  loader: %s relative + %s symbol relocations, %s cycles in ld.so\n", r, s, c}'
    if command -v valgrind >/dev/null && command -v callgrind_annotate >/dev/null; then
        valgrind --tool=callgrind --callgrind-out-file="$work/cg.formctl" "$formctl" "${args[@]}" >/dev/null 2>&1
        valgrind --tool=callgrind --callgrind-out-file="$work/cg.sqlite3" "$sqlite3" "$sqlite_db" "${sqlite_sql[$name]}" >/dev/null 2>&1
        # From a folder without sources: run from the package root, it splits
        # inlined code per source file and the inclusive counts shrink.
        (cd "$work" && callgrind_annotate --inclusive=yes cg.formctl >formctl.txt 2>/dev/null)
        (cd "$work" && callgrind_annotate --inclusive=yes cg.sqlite3 >sqlite3.txt 2>/dev/null)
        total="$(ir_total "$work/formctl.txt")"
        sq_total="$(ir_total "$work/sqlite3.txt")"
        printf '  callgrind instructions: formctl %s, sqlite3 %s (%.1f×)\n' "$total" "$sq_total" "$(echo "$total / $sq_total" | bc -l)"
        for part in "${parts[@]}"; do
            label="${part%%|*}"
            ir="$(ir_of "$work/formctl.txt" "${part#*|}")"
            [[ -n "$ir" ]] || continue
            printf '    %-50s %12s  %5.1f%%\n' "$label" "$ir" "$(echo "100 * $ir / $total" | bc -l)"
        done
    fi
    if command -v strace >/dev/null; then
        strace -c -f -o "$work/strace" "$formctl" "${args[@]}" >/dev/null 2>&1 || true
        awk '/^------/ {n++} n==1 && NF>=5 && $1 ~ /^[0-9]/ {c += $4} END {printf "  strace: %d system calls\n", c}' "$work/strace"
    fi
done
