#!/usr/bin/env bash
# The HTTP API against its own OpenAPI document: schemathesis (pinned, from
# PyPI, in the virtualenv .venv-schemathesis, gitignored, made on first
# use) sends requests generated from /openapi.json, with every check and
# every phase (examples, coverage, fuzzing, stateful), to `formctl serve`
# and to `formctl serve --collect` (with the owner's token), each on
# Examples/forms/survey.yaml in a database of its own, on a free port of
# 127.0.0.1. See usage() below.
set -euo pipefail

usage() {
    cat <<'TEXT'
usage: Scripts/schemathesis.sh [--seed N | --random-seed] [--mode shared|collect|both] [FORMCTL]

Runs schemathesis --checks all against formctl serve (mode shared) and
formctl serve --collect (mode collect), each started on a free port of
127.0.0.1 and stopped (SIGTERM) when its run ends. FORMCTL is the formctl
binary (default: $FORMCTL_BIN, else .build/debug/formctl); formctl-serve
must be beside it.

  --seed N        schemathesis's seed (default 20261202, the same every run)
  --random-seed   a seed drawn from /dev/urandom, printed first, so that a
                  finding can be replayed with --seed
  --mode M        shared, collect or both (default both)

Prints the seed first, then schemathesis's report of each mode and a line
"schemathesis: MODE, seed SEED, T s, exit N" after it. Exits 0 when no
run found a failure or an error and each server stopped with exit 0 on
SIGTERM, 1 otherwise, 69 when the virtualenv cannot be made.

environment:
  SCHEMATHESIS_MAX_EXAMPLES   test cases per operation (default 25)
  SCHEMATHESIS_TIMEOUT        seconds per request (default 5); an event
                              stream is read for 1 s (Scripts/schemathesis.toml)
TEXT
}

version=4.32.5
seed=20261202
modes=(shared collect)
binary="${FORMCTL_BIN:-}"
while [[ $# -gt 0 ]]; do
    case "$1" in
        -h|--help) usage; exit 0 ;;
        --seed) [[ "${2:-}" =~ ^[0-9]+$ ]] || { echo "schemathesis.sh: --seed needs a number (see -h)" >&2; exit 64; }
                seed="$2"; shift ;;
        --random-seed) seed="$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')" ;;
        --mode) case "${2:-}" in
                    shared|collect) modes=("$2") ;;
                    both) modes=(shared collect) ;;
                    *) echo "schemathesis.sh: --mode is shared, collect or both (see -h)" >&2; exit 64 ;;
                esac
                shift ;;
        -*) echo "schemathesis.sh: unknown option $1 (see -h)" >&2; exit 64 ;;
        *) binary="$1" ;;
    esac
    shift
done
max_examples="${SCHEMATHESIS_MAX_EXAMPLES:-25}"
timeout="${SCHEMATHESIS_TIMEOUT:-5}"

cd "$(dirname "$0")/.."
root="$PWD"
binary="${binary:-.build/debug/formctl}"
[[ -x "$binary" ]] || { echo "schemathesis.sh: $binary is not an executable (build first, or give FORMCTL)" >&2; exit 64; }
binary="$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")"

# The virtualenv: made once, one process at a time.
venv=.venv-schemathesis
exec 9<.
flock 9
if ! "$venv/bin/schemathesis" --version 2>/dev/null | grep -q " $version\$"; then
    echo "schemathesis: creating $venv with $(command -v python3), schemathesis $version from PyPI" >&2
    rm -rf "$venv"
    if ! { python3 -m venv "$venv" && "$venv/bin/python" -m pip install --quiet --disable-pip-version-check "schemathesis==$version" >&2; }; then
        echo "schemathesis.sh: could not make $venv (python3-venv and PyPI are needed)" >&2
        exit 69
    fi
fi
flock -u 9

work="$(mktemp -d "${TMPDIR:-/tmp}/formctl-schemathesis.XXXXXX")"
server=""
cleanup() {
    if [[ -n "$server" ]]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

echo "schemathesis: seed $seed (replay with Scripts/schemathesis.sh --seed $seed)"
status=0
for mode in "${modes[@]}"; do
    db="$work/$mode.db"
    "$binary" apply "$root/Examples/forms/survey.yaml" --db "$db" >/dev/null
    out="$work/$mode.out"
    arguments=(serve --db "$db" --port 0)
    [[ "$mode" == collect ]] && arguments+=(--collect)
    "$binary" "${arguments[@]}" >"$out" 2>"$work/$mode.err" &
    server=$!
    # The first line is the URL (with --collect, the respondents'); the
    # owner's link, with the token, is the second.
    want=1
    [[ "$mode" == collect ]] && want=2
    for _ in $(seq 1 600); do
        [[ "$(grep -c . "$out" 2>/dev/null || true)" -ge "$want" ]] && break
        kill -0 "$server" 2>/dev/null || break
        sleep 0.1
    done
    url="$(sed -n 1p "$out")"
    if [[ ! "$url" =~ ^http://127\.0\.0\.1:[0-9]+/$ ]]; then
        echo "schemathesis.sh: formctl ${arguments[*]} printed no URL:"
        cat "$out" "$work/$mode.err"
        exit 1
    fi
    headers=()
    if [[ "$mode" == collect ]]; then
        token="$(sed -n 2p "$out" | sed 's/.*?token=//')"
        headers=(-H "Authorization: Bearer $token")
    fi
    echo "schemathesis: formctl ${arguments[*]} at $url"
    run_status=0
    started=$(date +%s)
    # From the scratch folder: schemathesis keeps a cache where it runs.
    (cd "$work" && "$root/$venv/bin/schemathesis" --config-file "$root/Scripts/schemathesis.toml" \
        run "${url}openapi.json" "${headers[@]}" \
        --checks all --phases examples,coverage,fuzzing,stateful \
        --max-examples "$max_examples" --seed "$seed" --request-timeout "$timeout" \
        --workers 1 --no-color --suppress-health-check all --generation-database none) \
        || run_status=$?
    echo "schemathesis: $mode, seed $seed, $(( $(date +%s) - started )) s, exit $run_status"
    [[ "$run_status" -ne 0 ]] && status=1
    kill "$server"
    server_status=0
    wait "$server" 2>/dev/null || server_status=$?
    server=""
    if [[ "$server_status" -ne 0 ]]; then
        echo "schemathesis.sh: formctl ${arguments[*]} exited $server_status on SIGTERM:"
        cat "$work/$mode.err"
        status=1
    fi
done
exit "$status"
