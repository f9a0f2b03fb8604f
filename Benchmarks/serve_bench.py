#!/usr/bin/env python3
"""`formctl serve` under load (issue 22), each case next to a reference
measured in the same run. Run by Benchmarks/serve.sh, which builds the two
binaries; standard library only (run it with Debian's /usr/bin/python3).

  fields   `wrk` against `GET /api/fields` of `formctl serve` (the default
           form) and against ServeReference, a Hummingbird route answering a
           constant body of the same size with the same content type (the
           framework's own ceiling on this machine), built with the same
           flags. Rounds alternate (reference, formctl, formctl, reference,
           ...), each ROUND seconds; requests/s over all of a side's rounds,
           latency p50/p99 the median over a side's rounds of each round's
           wrk figure. Every answer must be a 2xx.
  page     The same against `GET /?page=lunch` of the survey form
           (Examples/forms/survey.yaml's second page: radios, check boxes,
           yes/no, a time, a date-and-time, long text), the page written
           from its templates at each request; the reference answers a
           constant as large.
  puts     CLIENTS (64) clients at once, each on its own keep-alive
           connection PUTting its own field of a 64-field form (made with
           `formctl apply` of a generated form file), one request at a time,
           for SECONDS (30): latency p50/p99, PUTs/s, every non-2xx by
           status (503s too: each is a failure) and every connection error.
           Then every key's value, read back with the sqlite3 shell while
           the server runs and again after it stopped on SIGTERM, must be
           the value of its last acknowledged PUT, and `history` must hold
           one row per acknowledged PUT.
           Reference: one sqlite3 shell doing the same number of writes,
           `UPDATE field SET value = ... WHERE key = ...`, one transaction
           each (autocommit), the keys in the same rotation, on a database
           made the same way: what SQLite itself pays for each write with
           formctl's schema (its triggers add the history row and the
           estimated state and colour) and formctl's durability
           (WAL, synchronous FULL), without HTTP, JSON, validation or the
           minimap. Per-statement times come from the shell's `.timer`.
  events   The latency from sending a PUT to receiving its `change` event
           on another client's `GET /api/events` stream, p50/p99, on the
           default form and on a 1,000-field form, for a field the title
           shows (first; f0) and one it does not (email; f500), EVENTS
           samples each, one PUT at a time (the next one starts once both
           the answer and the event are in). Reference: the same PUTs' own
           round trip (request sent to answer read), in the same run.
  survey   RESPONDENTS (200) respondents at once against `serve --collect`,
           each loading the page, answering ten typed questions with a PUT
           each and submitting; then every acknowledged submission must be
           stored exactly once with exactly its answers (survey_bench.py).
  postgres The survey through two `serve --collect --responses
           postgresql://...` servers sharing one throwaway PostgreSQL 15,
           next to one server on SQLite, and pgbench -N on the same cluster
           as the ceiling (postgres_bench.py).

Clients are written here on sockets (one thread: asyncio for `puts`, select
for `events`) so that no library's buffering sits between a byte's arrival
and its timestamp.

Usage: serve_bench.py --formctl FORMCTL --reference SERVEREFERENCE
                      [--seconds S] [--round R] [--rounds N] [--clients C]
                      [--connections K] [--threads T] [--events E]
                      [--respondents R] [--skip CASE,...] [--work DIR]
"""
import argparse
import asyncio
import json
import os
import resource
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cli_bench import cpu_model, median, percentile  # noqa: E402
import postgres_bench  # noqa: E402
import survey_bench  # noqa: E402

CASES = ("fields", "page", "puts", "events", "survey", "postgres")
# The form with every type, beside this file's folder.
SURVEY_FORM = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Examples", "forms", "survey.yaml")
# The longest a server may take to print its URL, or to stop on SIGTERM.
START_TIMEOUT = 60.0
STOP_TIMEOUT = 30.0
# The longest one PUT and its event may take in `events`.
EVENT_TIMEOUT = 10.0
# Bounds on what a server may send before the client gives up on it.
LARGEST_HEAD = 64 * 1024


# --- processes ----------------------------------------------------------------

class Server:
    """A server process this script started, which prints its URL as the
    first line of stdout (`formctl serve --port 0`, ServeReference)."""

    def __init__(self, argv, name, work):
        self.name = name
        self.stderr_path = os.path.join(work, f"{name}.stderr")
        self.stderr = open(self.stderr_path, "wb")
        self.process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=self.stderr, stdin=subprocess.DEVNULL)
        line = b""
        deadline = time.monotonic() + START_TIMEOUT
        while not line.endswith(b"\n"):
            left = deadline - time.monotonic()
            ready, _, _ = select.select([self.process.stdout], [], [], max(0.0, left))
            if not ready:
                self.kill()
                raise SystemExit(f"serve_bench: {name} printed no URL within {START_TIMEOUT:.0f} s")
            chunk = os.read(self.process.stdout.fileno(), 1)
            if not chunk:
                self.kill()
                raise SystemExit(f"serve_bench: {name} exited before printing its URL:\n{self.stderr_text()}")
            line += chunk
        self.url = line.decode().strip()
        host_port = self.url.split("://", 1)[1].split("/", 1)[0]
        host, port = host_port.rsplit(":", 1)
        self.host, self.port = host, int(port)

    def stderr_text(self):
        self.stderr.flush()
        with open(self.stderr_path, "rb") as f:
            return f.read().decode(errors="replace")[-2000:]

    def cpu_seconds(self):
        """User + system CPU time of the process so far (/proc/PID/stat)."""
        try:
            with open(f"/proc/{self.process.pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, IndexError, ValueError):
            return float("nan")

    def stop(self):
        """SIGTERM, then the exit status (killed after STOP_TIMEOUT)."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(STOP_TIMEOUT)
            except subprocess.TimeoutExpired:
                self.kill()
                return "killed: no exit within 30 s of SIGTERM"
        self.stderr.close()
        return self.process.returncode

    def kill(self):
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        self.stderr.close()


def run(argv, **kwargs):
    return subprocess.run(argv, check=True, capture_output=True, text=True, **kwargs).stdout


def sqlite_json(sqlite3, db, query):
    text = run([sqlite3, "-json", db, query])
    return json.loads(text) if text.strip() else []


def form_file(path, fields):
    """A one-page form of `fields` fields f0..f{n-1} in rows of three, each
    required (so each has a state and a colour), the title showing f0."""
    rows = [{"width": 540, "fields": [{"key": f"f{i}", "label": f"Field {i}", "required": True, "short_below": 3}
                                      for i in range(start, min(start + 3, fields))]}
            for start in range(0, fields, 3)]
    with open(path, "w") as f:
        json.dump({"title": "Hello {f0}", "pages": [{"key": "main", "title": "Main", "rows": rows}]}, f)


def make_database(formctl, db, fields=None, work=None):
    """The default form (`formctl fields` creates it), or a generated one."""
    if fields is None:
        run([formctl, "fields", "--db", db])
    else:
        path = os.path.join(work, f"form-{fields}.json")
        form_file(path, fields)
        run([formctl, "apply", path, "--db", db])
        count = len(json.loads(run([formctl, "fields", "--json", "--db", db])))
        if count != fields:
            raise SystemExit(f"serve_bench: the generated form has {count} fields, not {fields}")


def serve(formctl, db, name, work):
    return Server([formctl, "serve", "--port", "0", "--db", db], name, work)


# --- HTTP/1.1 on a socket -----------------------------------------------------

class ResponseReader:
    """Reads HTTP/1.1 responses from bytes as they arrive: a head, then a
    Content-Length body or a chunked one. `on_body`, when given, gets the
    body's bytes as they are decoded (an event stream never ends)."""

    def __init__(self, on_body=None):
        self.buffer = bytearray()
        self.on_body = on_body
        self._reset()

    def _reset(self):
        self.state = "head"
        self.status = None
        self.headers = {}
        self.body = bytearray()
        self.remaining = 0

    def _take(self, count):
        piece = bytes(self.buffer[:count])
        del self.buffer[:count]
        self.remaining -= len(piece)
        if self.on_body:
            self.on_body(piece)
        else:
            self.body += piece

    def feed(self, data):
        """Complete responses in `data` and what came before, as (status,
        headers, body) tuples."""
        self.buffer += data
        done = []
        while True:
            if self.state == "head":
                end = self.buffer.find(b"\r\n\r\n")
                if end < 0:
                    if len(self.buffer) > LARGEST_HEAD:
                        raise ValueError("response head too large")
                    break
                lines = bytes(self.buffer[:end]).decode("latin-1").split("\r\n")
                del self.buffer[:end + 4]
                self.status = int(lines[0].split()[1])
                self.headers = {}
                for line in lines[1:]:
                    name, _, value = line.partition(":")
                    self.headers[name.strip().lower()] = value.strip()
                if "chunked" in self.headers.get("transfer-encoding", "").lower():
                    self.state = "size"
                else:
                    self.remaining = int(self.headers.get("content-length", "0"))
                    self.state = "body"
            elif self.state == "body":
                self._take(min(self.remaining, len(self.buffer)))
                if self.remaining:
                    break
                done.append((self.status, self.headers, bytes(self.body)))
                self._reset()
            elif self.state == "size":
                end = self.buffer.find(b"\r\n")
                if end < 0:
                    break
                size = int(bytes(self.buffer[:end]).split(b";")[0], 16)
                del self.buffer[:end + 2]
                self.remaining = size
                self.state = "chunk" if size else "trailer"
            elif self.state == "chunk":
                self._take(min(self.remaining, len(self.buffer)))
                if self.remaining:
                    break
                self.state = "chunk-end"
            elif self.state == "chunk-end":
                if len(self.buffer) < 2:
                    break
                del self.buffer[:2]
                self.state = "size"
            elif self.state == "trailer":
                end = self.buffer.find(b"\r\n")
                if end < 0:
                    break
                del self.buffer[:end + 2]
                if end == 0:
                    done.append((self.status, self.headers, bytes(self.body)))
                    self._reset()
        return done


def request_bytes(method, host, port, path, body=None, headers=()):
    lines = [f"{method} {path} HTTP/1.1", f"Host: {host}:{port}"]
    lines += [f"{name}: {value}" for name, value in headers]
    if body is not None:
        lines += ["Content-Type: application/json", f"Content-Length: {len(body)}"]
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + (body or b"")


def connect(host, port):
    sock = socket.create_connection((host, port), timeout=EVENT_TIMEOUT)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return sock


def fetch(host, port, method, path, body=None):
    """One request on a new connection: (status, headers, body)."""
    with connect(host, port) as sock:
        sock.sendall(request_bytes(method, host, port, path, body, [("Connection", "close")]))
        reader = ResponseReader()
        while True:
            data = sock.recv(65536)
            if not data:
                raise SystemExit(f"serve_bench: {method} {path}: the connection closed before the answer")
            done = reader.feed(data)
            if done:
                return done[0]


def put_body(value):
    return json.dumps({"value": value}, ensure_ascii=False).encode()


def ms(seconds):
    return seconds * 1e3


def quantiles(samples):
    """(p50, p99, count) of a list of seconds."""
    ordered = sorted(samples)
    if not ordered:
        return float("nan"), float("nan"), 0
    return percentile(ordered, 0.50), percentile(ordered, 0.99), len(ordered)


# --- fields: wrk ----------------------------------------------------------------

WRK_REPORT = """
done = function(summary, latency, requests)
  io.write(string.format(
    "SERVE_BENCH {\\"requests\\": %d, \\"duration_us\\": %d, \\"bytes\\": %d, \\"connect\\": %d, \\"read\\": %d, " ..
    "\\"write\\": %d, \\"status\\": %d, \\"timeout\\": %d, \\"p50_us\\": %d, \\"p99_us\\": %d, \\"mean_us\\": %.1f}\\n",
    summary.requests, summary.duration, summary.bytes, summary.errors.connect, summary.errors.read,
    summary.errors.write, summary.errors.status, summary.errors.timeout,
    latency:percentile(50), latency:percentile(99), latency.mean))
end
"""


def wrk_round(wrk, script, url, seconds, threads, connections):
    out = run([wrk, "-t", str(threads), "-c", str(connections), "-d", f"{seconds}s", "--latency", "-s", script, url])
    for line in out.splitlines():
        if line.startswith("SERVE_BENCH "):
            return json.loads(line[len("SERVE_BENCH "):])
    raise SystemExit(f"serve_bench: wrk printed no summary:\n{out}")


def case_fields(args, work):
    db = os.path.join(work, "fields.db")
    make_database(args.formctl, db)
    return against_reference(args, work, db, "/api/fields", "fields", "bytes of JSON, the default form")


def case_page(args, work):
    db = os.path.join(work, "page.db")
    run([args.formctl, "apply", SURVEY_FORM, "--db", db])
    return against_reference(args, work, db, "/?page=lunch", "page",
                             "bytes of HTML, the second page of Examples/forms/survey.yaml: six typed questions")


def against_reference(args, work, db, path, case, what):
    """wrk against `path` of `formctl serve` on `db` and against
    ServeReference answering a constant body of the same size, in
    alternating rounds; prints both and their ratio."""
    server = serve(args.formctl, db, f"formctl-{case}", work)
    reference = None
    try:
        status, headers, body = fetch(server.host, server.port, "GET", path)
        if status != 200:
            raise SystemExit(f"serve_bench: GET {path} answered {status}")
        reference = Server([args.reference, str(len(body))], "serve-reference", work)
        ref_status, ref_headers, ref_body = fetch(reference.host, reference.port, "GET", "/api/fields")
        if ref_status != 200 or len(ref_body) != len(body):
            raise SystemExit(f"serve_bench: the reference answered {ref_status} with {len(ref_body)} bytes, not {len(body)}")
        script = os.path.join(work, "report.lua")
        with open(script, "w") as f:
            f.write(WRK_REPORT)
        print(f"\n{case}: wrk -t {args.threads} -c {args.connections} --latency, GET {path} "
              f"({len(body)} {what}), {args.rounds} rounds of {args.round} s per side, alternating")
        order = []
        for index in range(args.rounds):
            order += [("reference", "formctl"), ("formctl", "reference")][index % 2]
        rounds = {"formctl": [], "reference": []}
        cpu = {"formctl": 0.0, "reference": 0.0}
        for side in order:
            target = server if side == "formctl" else reference
            url = target.url + (path.lstrip("/") if side == "formctl" else "api/fields")
            before = target.cpu_seconds()
            rounds[side].append(wrk_round(args.wrk, script, url, args.round, args.threads, args.connections))
            cpu[side] += target.cpu_seconds() - before
        figures = {}
        for side, results in rounds.items():
            requests = sum(r["requests"] for r in results)
            seconds = sum(r["duration_us"] for r in results) / 1e6
            errors = sum(r[k] for r in results for k in ("connect", "read", "write", "status", "timeout"))
            figures[side] = {
                "rps": requests / seconds,
                "p50": median(sorted(r["p50_us"] for r in results)) / 1e3,
                "p99": median(sorted(r["p99_us"] for r in results)) / 1e3,
                "per_round": [r["requests"] / (r["duration_us"] / 1e6) for r in results],
                "errors": errors, "requests": requests,
                "cpu": cpu[side] / seconds,
            }
        print(f"  {'side':<32} {'requests/s':>11} {'p50 ms':>8} {'p99 ms':>8} {'errors':>7} {'server CPU':>11}  per round")
        for side, label in (("formctl", "formctl serve"), ("reference", "ServeReference (constant)")):
            f = figures[side]
            rounds_text = ", ".join(f"{r:,.0f}" for r in f["per_round"])
            print(f"  {label:<32} {f['rps']:>11,.0f} {f['p50']:>8.3f} {f['p99']:>8.3f} {f['errors']:>7} "
                  f"{f['cpu']:>9.2f} c  {rounds_text}")
        ratio = figures["formctl"]["rps"] / figures["reference"]["rps"]
        print(f"  formctl / reference: {ratio:.2f}x the requests/s, p50 {figures['formctl']['p50'] / figures['reference']['p50']:.2f}x, "
              f"p99 {figures['formctl']['p99'] / figures['reference']['p99']:.2f}x"
              f" (server CPU in cores: user + system over the rounds' time)")
        failures = figures["formctl"]["errors"] + figures["reference"]["errors"]
        if failures:
            print(f"  FAILED: {failures} errors or non-2xx answers (wrk's counts)")
        return failures == 0
    finally:
        if reference:
            reference.stop()
        server.stop()


# --- puts: 64 clients at once ---------------------------------------------------

class LoadClient:
    """One client: its own connection and its own field, one PUT at a time."""

    def __init__(self, index, key, host, port):
        self.index, self.key, self.host, self.port = index, key, host, port
        self.latencies = []
        self.statuses = {}
        self.connection_errors = 0
        self.mismatched = 0
        self.last_acknowledged = None
        self.unacknowledged_after = []   # values sent after the last acknowledged one, with no answer
        self.acknowledged = 0

    async def run(self, deadline):
        reader = writer = None
        number = 0
        while time.monotonic() < deadline:
            if writer is None:
                try:
                    reader, writer = await asyncio.open_connection(self.host, self.port)
                    writer.get_extra_info("socket").setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                except OSError:
                    self.connection_errors += 1
                    writer = None
                    await asyncio.sleep(0.01)
                    continue
            number += 1
            # Unique per client and PUT; non-ASCII every 7th.
            value = f"c{self.index} #{number}" + (" é" if number % 7 == 0 else "")
            request = request_bytes("PUT", self.host, self.port, f"/api/fields/{self.key}", put_body(value))
            started = time.perf_counter()
            try:
                writer.write(request)
                status, body = await self.read_response(reader)
            except (OSError, asyncio.IncompleteReadError, ValueError):
                self.connection_errors += 1
                self.unacknowledged_after.append(value)
                writer.close()
                writer = None
                continue
            self.latencies.append(time.perf_counter() - started)
            self.statuses[status] = self.statuses.get(status, 0) + 1
            if 200 <= status < 300:
                try:
                    answer = json.loads(body)
                except ValueError:
                    answer = {}
                if answer.get("key") != self.key or answer.get("value") != value:
                    self.mismatched += 1
                self.last_acknowledged = value
                self.unacknowledged_after = []
                self.acknowledged += 1
        if writer is not None:
            writer.close()

    @staticmethod
    async def read_response(reader):
        head = await reader.readuntil(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        status = int(lines[0].split()[1])
        headers = {}
        for line in lines[1:]:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
        if "chunked" in headers.get("transfer-encoding", "").lower():
            body = bytearray()
            while True:
                size = int((await reader.readuntil(b"\r\n")).split(b";")[0], 16)
                if size == 0:
                    while await reader.readuntil(b"\r\n") != b"\r\n":
                        pass
                    return status, bytes(body)
                body += await reader.readexactly(size)
                await reader.readexactly(2)
        return status, await reader.readexactly(int(headers.get("content-length", "0")))


async def run_clients(clients, seconds):
    deadline = time.monotonic() + seconds
    started = time.perf_counter()
    await asyncio.gather(*(client.run(deadline) for client in clients))
    return time.perf_counter() - started


def history_count(sqlite3, db, keys):
    listed = ",".join(f"'{key}'" for key in keys)
    rows = sqlite_json(sqlite3, db, f"SELECT count(*) AS n FROM history WHERE key IN ({listed})")
    return rows[0]["n"] if rows else 0


def final_values(sqlite3, db, keys):
    listed = ",".join(f"'{key}'" for key in keys)
    return {row["key"]: row["value"] for row in sqlite_json(sqlite3, db, f"SELECT key, value FROM field WHERE key IN ({listed})")}


def check_final(clients, values):
    """Keys whose value is not their last acknowledged PUT's (a value sent
    after it with no answer is accepted too, and counted)."""
    wrong, unanswered = [], 0
    for client in clients:
        value = values.get(client.key)
        if value == client.last_acknowledged:
            continue
        if value in client.unacknowledged_after:
            unanswered += 1
            continue
        wrong.append((client.key, client.last_acknowledged, value))
    return wrong, unanswered


def sqlite3_reference(sqlite3, db, clients):
    """The same number of UPDATEs, one transaction each, keys in rotation:
    per-statement seconds (the shell's .timer) and the wall time."""
    counts = {client.key: client.acknowledged for client in clients}
    statements = [".timer on"]
    round_number = 0
    while any(counts.values()):
        round_number += 1
        for client in clients:
            if counts[client.key]:
                counts[client.key] -= 1
                value = f"r{client.index} #{round_number}".replace("'", "''")
                statements.append(f"UPDATE field SET value = '{value}' WHERE key = '{client.key}';")
    script = "\n".join(statements) + "\n"
    started = time.perf_counter()
    out = run([sqlite3, db], input=script)
    wall = time.perf_counter() - started
    times = [float(line.split()[3]) for line in out.splitlines() if line.startswith("Run Time: real")]
    return times, wall, len(statements) - 1


def case_puts(args, work):
    fields = max(64, args.clients)   # a field per client
    keys = [f"f{i}" for i in range(fields)]
    db = os.path.join(work, "puts.db")
    reference_db = os.path.join(work, "puts-reference.db")
    make_database(args.formctl, db, fields, work)
    make_database(args.formctl, reference_db, fields, work)
    history_before = history_count(args.sqlite3, db, keys)
    server = serve(args.formctl, db, "formctl-puts", work)
    ok = True
    try:
        clients = [LoadClient(i, keys[i % fields], server.host, server.port) for i in range(args.clients)]
        print(f"\nputs: {args.clients} clients at once, each PUTting its own field of a {fields}-field form "
              f"on its own keep-alive connection, one request at a time, for {args.seconds} s")
        cpu_before = server.cpu_seconds()
        usage_before = resource.getrusage(resource.RUSAGE_SELF)
        elapsed = asyncio.run(run_clients(clients, args.seconds))
        usage_after = resource.getrusage(resource.RUSAGE_SELF)
        server_cpu = server.cpu_seconds() - cpu_before
        client_cpu = (usage_after.ru_utime - usage_before.ru_utime) + (usage_after.ru_stime - usage_before.ru_stime)
        latencies = [s for client in clients for s in client.latencies]
        statuses = {}
        for client in clients:
            for status, count in client.statuses.items():
                statuses[status] = statuses.get(status, 0) + count
        acknowledged = sum(client.acknowledged for client in clients)
        non_2xx = sum(count for status, count in statuses.items() if not 200 <= status < 300)
        connection_errors = sum(client.connection_errors for client in clients)
        mismatched = sum(client.mismatched for client in clients)
        p50, p99, count = quantiles(latencies)
        values_running = final_values(args.sqlite3, db, keys)
    finally:
        exit_status = server.stop()
    values_stopped = final_values(args.sqlite3, db, keys)
    history_added = history_count(args.sqlite3, db, keys) - history_before

    times, reference_wall, reference_writes = sqlite3_reference(args.sqlite3, reference_db, clients)
    ref_p50, ref_p99, _ = quantiles(times)

    print(f"  {'side':<44} {'writes':>8} {'writes/s':>9} {'p50 ms':>8} {'p99 ms':>8}")
    print(f"  {'formctl serve: PUT (send to answer)':<44} {acknowledged:>8,} {acknowledged / elapsed:>9,.0f} {ms(p50):>8.2f} {ms(p99):>8.2f}")
    print(f"  {'sqlite3: UPDATE, one transaction each':<44} {reference_writes:>8,} {reference_writes / reference_wall:>9,.0f} "
          f"{ms(ref_p50):>8.2f} {ms(ref_p99):>8.2f}")
    print("  (the sqlite3 shell's .timer gives each statement's real time to the millisecond)")
    print(f"  ratio formctl / sqlite3: {(reference_writes / reference_wall) / (acknowledged / elapsed):.2f}x the time per write "
          f"(throughput); a PUT's latency counts the wait behind the other {args.clients - 1} clients' writes, "
          f"a statement's does not")
    print(f"  CPU over the {elapsed:.1f} s: server {server_cpu:.1f} s ({server_cpu / elapsed:.2f} cores), "
          f"clients (this Python process) {client_cpu:.1f} s ({client_cpu / elapsed:.2f} cores)")
    status_text = ", ".join(f"{status}: {count:,}" for status, count in sorted(statuses.items()))
    print(f"  answers by status: {status_text}; non-2xx {non_2xx} (503s among them: {statuses.get(503, 0)}); "
          f"connection errors {connection_errors}; answers not echoing the value sent {mismatched}")
    if non_2xx or connection_errors or mismatched:
        ok = False
        print("  FAILED: every PUT must be answered 2xx with the value it sent")
    for label, values in (("while serving", values_running), ("after SIGTERM", values_stopped)):
        wrong, unanswered = check_final(clients, values)
        verdict = "every key's value is its last acknowledged PUT's" if not wrong else f"FAILED: {len(wrong)} keys differ, e.g. {wrong[:3]}"
        extra = f" ({unanswered} keys hold a later PUT that got no answer)" if unanswered else ""
        print(f"  read back with sqlite3 {label}: {verdict}{extra}")
        ok = ok and not wrong
    print(f"  history rows added: {history_added:,} for {acknowledged:,} acknowledged PUTs; serve's exit status after SIGTERM: {exit_status}")
    if history_added != acknowledged or exit_status != 0:
        ok = False
        print("  FAILED: one history row per acknowledged PUT and exit status 0 expected")
    return ok


# --- events: PUT -> SSE event ------------------------------------------------------

class EventStream:
    """`GET /api/events` on its own connection: each `change` event's data
    with the time its last byte was read."""

    def __init__(self, host, port):
        self.sock = connect(host, port)
        self.sock.sendall(request_bytes("GET", host, port, "/api/events", headers=[("Accept", "text/event-stream")]))
        self.sock.setblocking(False)
        self.pending = bytearray()
        self.event = {}
        self.events = []
        self.status = None
        self.reader = ResponseReader(on_body=self._body)

    def _body(self, data):
        self.pending += data
        while True:
            end = self.pending.find(b"\n")
            if end < 0:
                return
            line = bytes(self.pending[:end]).rstrip(b"\r").decode()
            del self.pending[:end + 1]
            if not line:
                if "data" in self.event:
                    self.events.append((self.event.get("event", "message"), "\n".join(self.event["data"])))
                self.event = {}
            elif not line.startswith(":"):
                name, _, value = line.partition(":")
                value = value[1:] if value.startswith(" ") else value
                if name == "data":
                    self.event.setdefault("data", []).append(value)
                else:
                    self.event[name] = value

    def read(self):
        """What arrived: [(type, data)] of the complete events."""
        data = self.sock.recv(1 << 20)
        if not data:
            raise SystemExit("serve_bench: the event stream closed")
        self.reader.feed(data)
        if self.status is None and self.reader.status is not None:
            self.status = self.reader.status
            if self.status != 200:
                raise SystemExit(f"serve_bench: GET /api/events answered {self.status}")
        events, self.events = self.events, []
        return events


def events_for(server, keys, samples, tag):
    """Per key: (PUT round trips, PUT -> event latencies)."""
    stream = EventStream(server.host, server.port)
    put = connect(server.host, server.port)
    put.setblocking(False)
    results = {key: ([], []) for key in keys}
    # Once the stream's head is in, it is subscribed (the first event may
    # arrive later; a PUT before the subscription would never be seen).
    deadline = time.monotonic() + EVENT_TIMEOUT
    while stream.status is None:
        ready, _, _ = select.select([stream.sock], [], [], max(0.0, deadline - time.monotonic()))
        if not ready:
            raise SystemExit("serve_bench: GET /api/events sent no head")
        stream.read()
    time.sleep(0.2)
    try:
        for number in range(samples * len(keys)):
            key = keys[number % len(keys)]
            value = f"{tag} {number}"
            reader = ResponseReader()
            request = request_bytes("PUT", server.host, server.port, f"/api/fields/{key}", put_body(value))
            answered = seen = None
            started = time.perf_counter()
            put.sendall(request)
            deadline = time.monotonic() + EVENT_TIMEOUT
            while answered is None or seen is None:
                ready, _, _ = select.select([put, stream.sock], [], [], max(0.0, deadline - time.monotonic()))
                now = time.perf_counter()
                if not ready:
                    raise SystemExit(f"serve_bench: PUT {key} {'got no answer' if answered is None else 'sent no event'} "
                                     f"within {EVENT_TIMEOUT:.0f} s")
                if stream.sock in ready:
                    for kind, data in stream.read():
                        if kind != "change":
                            continue
                        change = json.loads(data)
                        if change.get("key") == key and change.get("value") == value and seen is None:
                            seen = now
                if put in ready:
                    data = put.recv(65536)
                    if not data:
                        raise SystemExit("serve_bench: the PUT connection closed")
                    done = reader.feed(data)
                    if done:
                        if not 200 <= done[0][0] < 300:
                            raise SystemExit(f"serve_bench: PUT {key} answered {done[0][0]}")
                        answered = now
            results[key][0].append(answered - started)
            results[key][1].append(seen - started)
    finally:
        put.close()
        stream.sock.close()
    return results


def case_events(args, work):
    print(f"\nevents: one PUT at a time on one connection, its `change` event read on another's GET /api/events; "
          f"{args.events} PUTs per field")
    print(f"  {'form, field':<40} {'PUT->event p50':>14} {'p99':>8} {'PUT round trip p50':>19} {'p99':>8} {'event/PUT p50':>13}")
    for label, fields, keys in (("default form", None, ["first", "email"]), ("1,000 fields", 1000, ["f0", "f500"])):
        db = os.path.join(work, f"events-{fields or 'default'}.db")
        make_database(args.formctl, db, fields, work)
        server = serve(args.formctl, db, f"formctl-events-{fields or 'default'}", work)
        try:
            results = events_for(server, keys, args.events, label.split()[0])
        finally:
            server.stop()
        for key in keys:
            round_trips, events = results[key]
            shown = "in the title" if key in ("first", "f0") else "not in the title"
            rt50, rt99, _ = quantiles(round_trips)
            ev50, ev99, _ = quantiles(events)
            print(f"  {label + ', ' + key + ' (' + shown + ')':<40} {ms(ev50):>11.2f} ms {ms(ev99):>8.2f} "
                  f"{ms(rt50):>16.2f} ms {ms(rt99):>8.2f} {ev50 / rt50:>12.2f}x")
    return True


def main():
    parser = argparse.ArgumentParser(description="formctl serve under load (see the module docstring).")
    parser.add_argument("--formctl", required=True)
    parser.add_argument("--reference", required=True, help="the ServeReference binary")
    parser.add_argument("--sqlite3", default=shutil.which("sqlite3") or "sqlite3")
    parser.add_argument("--wrk", default=shutil.which("wrk") or "wrk")
    parser.add_argument("--seconds", type=float, default=30, help="puts: how long the clients write (default 30)")
    parser.add_argument("--round", type=int, default=10, help="fields: seconds per wrk round (default 10)")
    parser.add_argument("--rounds", type=int, default=2, help="fields: wrk rounds per side (default 2)")
    parser.add_argument("--connections", type=int, default=64, help="fields: wrk connections (default 64)")
    parser.add_argument("--threads", type=int, default=2, help="fields: wrk threads (default 2)")
    parser.add_argument("--clients", type=int, default=64, help="puts: clients at once (default 64)")
    parser.add_argument("--events", type=int, default=200, help="events: PUTs per field (default 200)")
    parser.add_argument("--respondents", type=int, default=200, help="survey: respondents at once (default 200)")
    parser.add_argument("--skip", default="", help="cases to leave out: fields,page,puts,events,survey,postgres")
    args = parser.parse_args()
    skip = {case for case in args.skip.split(",") if case}
    if skip - set(CASES):
        parser.error(f"unknown case in --skip: {', '.join(sorted(skip - set(CASES)))}")
    if args.seconds <= 0 or args.round < 1 or args.rounds < 1 or args.clients < 1 or args.events < 1 or args.respondents < 1:
        parser.error("durations and counts must be positive")

    load = os.getloadavg()
    print(f"machine: {cpu_model()}, {os.cpu_count()} cores; load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} at the start")
    print(f"formctl: {args.formctl}\nreference: {args.reference}")
    ok = True
    with tempfile.TemporaryDirectory(prefix="formctl-serve-bench.") as work:
        for case in CASES:
            if case not in skip:
                if case == "survey":
                    ok = survey_bench.case_survey(args, work, sys.modules[__name__]) and ok
                    continue
                if case == "postgres":
                    ok = postgres_bench.case_postgres(args, work, sys.modules[__name__]) and ok
                    continue
                ok = {"fields": case_fields, "page": case_page, "puts": case_puts, "events": case_events}[case](args, work) and ok
    load = os.getloadavg()
    print(f"\nload average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} at the end")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
