#!/usr/bin/env bash
# `formctl serve` under load (issue 22), each figure next to a reference
# measured in the same run; the method is Benchmarks/serve_bench.py's:
#
#   fields  wrk against GET /api/fields, next to ServeReference
#           (Benchmarks/ServeReference: one Hummingbird route answering a
#           constant body of the same size), the framework's ceiling here
#   page    the same against GET /?page=lunch of Examples/forms/survey.yaml
#           (the page written from its templates at each request)
#   puts    64 clients at once, each PUTting its own field of a 64-field
#           form: p50/p99, non-2xx (503s included), every key's final value
#           its last acknowledged PUT's; next to a sqlite3 shell doing the
#           same number of UPDATEs, one transaction each
#   events  a PUT to its SSE `change` event on another client, p50/p99, on
#           the default form and a 1,000-field form; next to the same PUTs'
#           own round trip
#   survey  200 respondents at once against serve --collect: the page, ten
#           typed answers and a submit each; responses/s, PUT p50/p99, the
#           server's CPU and memory, every submission stored exactly once
#   postgres the survey through two serve --collect --responses
#           postgresql://... servers sharing a throwaway PostgreSQL 15, next
#           to one server on SQLite; pgbench -N on the cluster as the ceiling
#
# A benchmark, not a test: it prints figures and exits 0 unless something
# failed (a non-2xx answer, a value lost). See usage() below.
set -euo pipefail

usage() {
    cat <<'EOF'
usage: Benchmarks/serve.sh [--seconds S] [--round R] [--rounds N] [--events E]
                           [--clients C] [--respondents R] [--skip fields,page,puts,events,survey,postgres] [--quick] [-h]

Builds formctl as users install it and ServeReference the same way
(Scripts/build-release.sh [--product ServeReference], scratch .build-bench),
then runs the cases on 127.0.0.1 (each server on a free port).

options:
  --seconds S    puts: how long the 64 clients write (default 30)
  --round R      fields, page: seconds per wrk round (default 10)
  --rounds N     fields, page: wrk rounds per side, alternating (default 2)
  --events E     events: PUTs per field (default 200)
  --clients C    puts: clients at once (default 64)
  --respondents R
                 survey: respondents at once (default 200)
  --connections K, --threads T
                 fields: wrk's connections (default 64) and threads (default 2)
  --skip CASES   leave out cases (comma-separated: fields,page,puts,events,survey,postgres)
  --quick        --seconds 5 --round 3 --events 50: a run of about a minute
  -h, --help     this text

environment:
  FORMCTL_BIN, SERVE_REFERENCE_BIN
                 use these binaries instead of building them
  SCRATCH_PATH   SwiftPM scratch path (default .build-bench)
  PYTHON         Python 3 (default /usr/bin/python3; standard library only)

needs: wrk (Debian: apt-get install wrk), the sqlite3 shell
(apt-get install sqlite3) and, for postgres, PostgreSQL 15
(apt-get install postgresql).
EOF
}

passed=()
while [[ $# -gt 0 ]]; do
    case "$1" in
        -h|--help) usage; exit 0 ;;
        --quick) passed+=(--seconds 5 --round 3 --events 50) ;;
        --seconds|--round|--rounds|--events|--clients|--respondents|--connections|--threads|--skip)
            [[ $# -ge 2 ]] || { echo "serve.sh: $1 needs a value" >&2; exit 64; }
            passed+=("$1" "$2"); shift ;;
        *) echo "serve.sh: unknown argument $1 (see -h)" >&2; exit 64 ;;
    esac
    shift
done

cd "$(dirname "${BASH_SOURCE[0]}")/.."
python="${PYTHON:-/usr/bin/python3}"
scratch="${SCRATCH_PATH:-.build-bench}"
command -v wrk >/dev/null || { echo "serve.sh: no wrk; apt-get install wrk" >&2; exit 69; }
command -v sqlite3 >/dev/null || { echo "serve.sh: no sqlite3 shell; apt-get install sqlite3" >&2; exit 69; }
[[ -x "$python" ]] || { echo "serve.sh: no $python (PYTHON=... to use another)" >&2; exit 69; }

formctl="${FORMCTL_BIN:-}"
if [[ -z "$formctl" ]]; then
    formctl="$(Scripts/build-release.sh --scratch-path "$scratch" | tail -n 1)"
fi
# The reference is built with the same flags as formctl (static, -Osize,
# ...), so the two differ only in what their route does.
reference="${SERVE_REFERENCE_BIN:-}"
if [[ -z "$reference" ]]; then
    reference="$(Scripts/build-release.sh --scratch-path "$scratch" --product ServeReference | tail -n 1)"
fi
[[ -x "$formctl" ]] || { echo "serve.sh: no formctl binary at $formctl" >&2; exit 66; }
[[ -x "$reference" ]] || { echo "serve.sh: no ServeReference binary at $reference" >&2; exit 66; }

echo "uptime: $(uptime)"
echo "wrk: $(wrk --version 2>&1 | head -n 1)"
"$python" Benchmarks/serve_bench.py --formctl "$formctl" --reference "$reference" ${passed[@]+"${passed[@]}"}
