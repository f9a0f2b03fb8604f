"""serve_bench.py's `survey` case (issue 36): RESPONDENTS (200) simulated
respondents at once against `formctl serve --collect`, each on its own
keep-alive connection: it loads the page (`GET /`), answers the ten typed
questions of SURVEY with one `PUT /api/respond/fields/{key}` each (JSON
types: numbers, true/false, arrays), carrying the `formctl_respondent`
cookie the first answer set, and submits (`POST /api/respond/submit`,
which must answer 201). Reported: responses/s over the whole run, PUT
latency p50/p99 (send to answer), every non-2xx and connection error, the
server's CPU over the run and its resident memory (VmRSS) before and after.

Then, after the server stopped on SIGTERM, `formctl responses --format
jsonl` must hold exactly one complete response per acknowledged submit,
each with exactly the answers its respondent sent (each respondent's
answers are made from its number, the text one naming it), and no other
complete response.

There is no reference here: DECISIONS gives this case absolute goals
(>= 100 responses/s, PUT p99 <= 100 ms, 0 errors, RSS <= 200 MB).
"""
import asyncio
import json
import os
import time

# serve_bench's module (its HTTP reader, request writer, quantiles, Server),
# given to case_survey: serve_bench runs as __main__, and importing it
# here would load a second copy.
bench = None


# Ten typed questions, every one required, so that a submit passes `check`
# only when all ten answers arrived.
SURVEY = """title: Survey benchmark
pages:
  - key: main
    rows:
      - width: 540
        fields:
          - {key: name, label: Name, required: true}
          - {key: age, label: Age, type: integer, min: 0, max: 120, required: true}
          - {key: height, label: Height (m), type: decimal, above: 0, required: true}
      - width: 540
        fields:
          - {key: colour, label: Colour, type: select_one, choices: [red, green, blue], required: true}
          - {key: toppings, label: Toppings, type: select_multiple, choices: [a, b, c], max_selected: 2, required: true}
          - {key: laptop, label: Laptop, type: boolean, required: true}
      - width: 540
        fields:
          - {key: start, label: Start, type: date, required: true}
          - {key: call, label: Call at, type: time, required: true}
          - {key: meeting, label: Meeting, type: datetime, required: true}
      - width: 540
        fields:
          - {key: bio, label: About you, type: long_text, required: true}
"""


def answers(number):
    """Respondent `number`'s answers, as JSON values, in question order."""
    return [
        ("name", f"respondent-{number:05d}"),
        ("age", number % 100),
        ("height", float(f"1.{number % 90 + 10}")),
        ("colour", ["red", "green", "blue"][number % 3]),
        ("toppings", [["a"], ["a", "b"], ["c"]][number % 3]),
        ("laptop", number % 2 == 0),
        ("start", f"2026-12-{number % 28 + 1:02d}"),
        ("call", f"{number % 24:02d}:{number % 60:02d}"),
        ("meeting", "2026-12-01T10:00:00Z"),
        ("bio", f"line one of {number}\nline two"),
    ]


class Respondent:
    """One simulated respondent: page, ten answers, submit, on one connection."""

    def __init__(self, number, host, port):
        self.number, self.host, self.port = number, host, port
        self.cookie = None
        self.put_latencies = []
        self.statuses = {}
        self.connection_errors = 0
        self.submitted = False

    async def _exchange(self, reader, writer, parser, method, path, body=None):
        headers = [("Cookie", f"formctl_respondent={self.cookie}")] if self.cookie else []
        if method != "GET":
            # The server refuses writes from a foreign Origin; a browser sends its own.
            headers.append(("Origin", f"http://{self.host}:{self.port}"))
        writer.write(bench.request_bytes(method, self.host, self.port, path, body, headers))
        await writer.drain()
        while True:
            data = await reader.read(65536)
            if not data:
                raise ConnectionError("closed")
            done = parser.feed(data)
            if done:
                status, response_headers, response_body = done[0]
                self.statuses[status] = self.statuses.get(status, 0) + 1
                cookie = response_headers.get("set-cookie", "")
                if cookie.startswith("formctl_respondent="):
                    self.cookie = cookie.split(";", 1)[0].split("=", 1)[1]
                return status, response_body

    async def run(self):
        try:
            reader, writer = await asyncio.open_connection(self.host, self.port)
        except OSError:
            self.connection_errors += 1
            return
        parser = bench.ResponseReader()
        try:
            status, _ = await self._exchange(reader, writer, parser, "GET", "/")
            if status != 200:
                return
            for key, value in answers(self.number):
                start = time.monotonic()
                status, _ = await self._exchange(reader, writer, parser, "PUT", f"/api/respond/fields/{key}", bench.put_body(value))
                self.put_latencies.append(time.monotonic() - start)
                if status != 200:
                    return
            status, _ = await self._exchange(reader, writer, parser, "POST", "/api/respond/submit", b"{}")
            self.submitted = status == 201
        except (OSError, ConnectionError, ValueError):
            self.connection_errors += 1
        finally:
            writer.close()


async def run_respondents(respondents):
    start = time.monotonic()
    await asyncio.gather(*(respondent.run() for respondent in respondents))
    return time.monotonic() - start


def resident_megabytes(pid):
    """The process's resident memory (VmRSS) in MB, or nan."""
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except (OSError, ValueError):
        pass
    return float("nan")


def tally(respondents):
    """(submitted, answers by status, non-2xx, connection errors, PUT (p50, p99, count))."""
    submitted = sum(respondent.submitted for respondent in respondents)
    statuses = {}
    for respondent in respondents:
        for status, count in respondent.statuses.items():
            statuses[status] = statuses.get(status, 0) + count
    non_2xx = sum(count for status, count in statuses.items() if not 200 <= status < 300)
    connection_errors = sum(respondent.connection_errors for respondent in respondents)
    return submitted, statuses, non_2xx, connection_errors, bench.quantiles([s for r in respondents for s in r.put_latencies])


def stored_mismatches(formctl, db, respondents, extra=()):
    """What differs between the stored complete responses and the
    acknowledged submits: a list of words (empty when they agree).
    `extra`: more arguments for `formctl responses` (`--responses URI`)."""
    problems = []
    lines = bench.run([formctl, "responses", "--format", "jsonl", "--status", "complete", "--db", db, *extra]).splitlines()
    stored = [json.loads(line)["values"] for line in lines if line.strip()]
    by_name = {}
    for values in stored:
        by_name.setdefault(values.get("name"), []).append(values)
    for respondent in respondents:
        name = f"respondent-{respondent.number:05d}"
        found = by_name.pop(name, [])
        if respondent.submitted and len(found) != 1:
            problems.append(f"{name}: {len(found)} complete responses for one acknowledged submit")
        elif found and not respondent.submitted:
            problems.append(f"{name}: a complete response for a submit that got no 201 (possible after an error)")
        if found:
            expected = dict(answers(respondent.number))
            if found[0] != expected:
                problems.append(f"{name}: stored {found[0]}, sent {expected}")
    for name, extra in by_name.items():
        problems.append(f"{name}: {len(extra)} complete responses no respondent sent")
    return problems


def case_survey(args, work, serve_bench):
    """The survey run, with serve_bench's module for its HTTP helpers."""
    global bench
    bench = serve_bench
    path = os.path.join(work, "survey.yaml")
    with open(path, "w") as f:
        f.write(SURVEY)
    db = os.path.join(work, "survey.db")
    bench.run([args.formctl, "apply", path, "--db", db])
    server = bench.Server([args.formctl, "serve", "--collect", "--port", "0", "--db", db], "formctl-survey", work)
    ok = True
    try:
        respondents = [Respondent(number, server.host, server.port) for number in range(args.respondents)]
        print(f"\nsurvey: {args.respondents} respondents at once against serve --collect, each loading the page, "
              f"answering {len(answers(0))} typed questions with a PUT each and submitting, on its own keep-alive connection")
        rss_before = resident_megabytes(server.process.pid)
        cpu_before = server.cpu_seconds()
        elapsed = asyncio.run(run_respondents(respondents))
        server_cpu = server.cpu_seconds() - cpu_before
        rss_after = resident_megabytes(server.process.pid)
    finally:
        exit_status = server.stop()
    submitted, statuses, non_2xx, connection_errors, (p50, p99, count) = tally(respondents)
    print(f"  responses/s {submitted / elapsed:,.1f} ({submitted:,} submitted in {elapsed:.2f} s; goal >= 100)")
    print(f"  PUT p50 {bench.ms(p50):.1f} ms, p99 {bench.ms(p99):.1f} ms over {count:,} PUTs (goal p99 <= 100 ms)")
    print(f"  server CPU {server_cpu:.1f} s ({server_cpu / elapsed:.2f} cores); RSS {rss_before:.0f} MB before, "
          f"{rss_after:.0f} MB after (goal <= 200 MB)")
    status_text = ", ".join(f"{status}: {n:,}" for status, n in sorted(statuses.items()))
    print(f"  answers by status: {status_text}; non-2xx {non_2xx}; connection errors {connection_errors}; "
          f"serve's exit status after SIGTERM: {exit_status}")
    if non_2xx or connection_errors or submitted != args.respondents or exit_status != 0:
        ok = False
        print("  FAILED: every request must be answered 2xx, every respondent's submit 201, and serve must exit 0")
    problems = stored_mismatches(args.formctl, db, respondents)
    if problems:
        ok = False
        print(f"  FAILED: {len(problems)} differences between the stored responses and the acknowledged submits, e.g. {problems[:3]}")
    else:
        print(f"  stored: exactly one complete response per acknowledged submit ({submitted:,}), each with exactly its answers")
    return ok
