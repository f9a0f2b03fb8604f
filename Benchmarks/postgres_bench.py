"""serve_bench.py's `postgres` case (issue 47): the survey of
survey_bench.py (RESPONDENTS respondents at once, the page, ten typed
answers and a submit each) against two `formctl serve --collect
--responses postgresql://...` servers sharing one throwaway PostgreSQL 15,
respondents split between them, next to the same survey against one
server keeping the responses in its SQLite file, in the same run; and
pgbench's simple-update transactions (`pgbench -N`) on the same cluster,
the ceiling of what PostgreSQL itself commits here.

Reported for each side: responses/s, PUT p50/p99, non-2xx and connection
errors, the servers' CPU seconds per response (and PostgreSQL's own), and
that every acknowledged submission is stored exactly once with exactly
its answers (read back with `formctl responses --responses URI`).

The cluster is Debian's PostgreSQL 15 (`initdb` and `pg_ctl` from
/usr/lib/postgresql/15/bin), in a temporary folder, on a Unix socket and
no TCP port, with its default durability (fsync and synchronous_commit
on): a respondent's acknowledged answer is on disk. As root it runs as the
`postgres` user. DECISIONS' goals: >= 150 responses/s through two
servers, PUT p99 <= 150 ms, 0 errors, the servers' CPU per response
within 2x of the SQLite server's. The two servers and PostgreSQL share
this machine's cores, so the figures show cost and correctness, not scale
(docs/scaling.md projects them).
"""
import asyncio
import os
import pwd
import re
import shutil
import subprocess
import tempfile
import time

import survey_bench

BIN = "/usr/lib/postgresql/15/bin"


class Cluster:
    """A throwaway PostgreSQL 15 cluster on a Unix socket."""

    def __init__(self):
        if not os.path.exists(f"{BIN}/initdb"):
            raise SystemExit(f"postgres_bench: no {BIN}/initdb: apt-get install postgresql")
        # A short path: a Unix socket's path must fit in 107 bytes.
        self.folder = tempfile.mkdtemp(prefix="formctl-pgb.", dir="/tmp")
        self.socket = os.path.join(self.folder, "socket")
        self.data = os.path.join(self.folder, "data")
        os.mkdir(self.socket)
        self.runs_as = None
        if os.geteuid() == 0:
            entry = pwd.getpwnam("postgres")
            self.runs_as = "postgres"
            for path in (self.folder, self.socket):
                os.chown(path, entry.pw_uid, entry.pw_gid)
        self.program("initdb", "-D", self.data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-locale")
        options = f"-c listen_addresses='' -c unix_socket_directories='{self.socket}' -c max_connections=100"
        self.program("pg_ctl", "-D", self.data, "-l", os.path.join(self.folder, "server.log"), "-w", "-o", options, "start")

    def program(self, name, *arguments):
        argv = [f"{BIN}/{name}", *arguments]
        if self.runs_as:
            argv = ["/usr/sbin/runuser", "-u", self.runs_as, "--", *argv]
        # The server pg_ctl leaves running must not hold our pipes open.
        return subprocess.run(argv, check=True, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                              close_fds=True, cwd=self.folder, text=True).stdout

    def uri(self, database):
        return f"postgresql://postgres@/{database}?host={self.socket}"

    def create(self, database):
        self.program("createdb", "-h", self.socket, "-U", "postgres", database)

    def pgbench(self, database, seconds):
        """pgbench -N's transactions per second with 8 clients on 2 threads."""
        self.program("pgbench", "-h", self.socket, "-U", "postgres", "-i", "-q", "-s", "4", database)
        out = self.program("pgbench", "-h", self.socket, "-U", "postgres", "-N", "-c", "8", "-j", "2", "-T", str(seconds), database)
        found = re.search(r"tps = ([0-9.]+)", out)
        return float(found.group(1)) if found else float("nan")

    def stop(self):
        try:
            self.program("pg_ctl", "-D", self.data, "-m", "fast", "-w", "stop")
        except subprocess.CalledProcessError:
            pass
        shutil.rmtree(self.folder, ignore_errors=True)


def postgres_cpu_seconds():
    """User + system CPU of every process named postgres, in seconds."""
    total = 0.0
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/stat") as f:
                text = f.read()
        except OSError:
            continue
        name = text[text.find("(") + 1:text.rfind(")")]
        if name != "postgres":
            continue
        fields = text.rsplit(")", 1)[1].split()
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def survey(args, bench, servers, responses_uri, db):
    """Runs the survey against `servers` (respondents split between them),
    prints its figures and returns (ok, responses/s, p99 s, server CPU per response)."""
    respondents = [survey_bench.Respondent(number, servers[number % len(servers)].host, servers[number % len(servers)].port)
                   for number in range(args.respondents)]
    cpu_before = sum(server.cpu_seconds() for server in servers)
    postgres_before = postgres_cpu_seconds()
    elapsed = asyncio.run(survey_bench.run_respondents(respondents))
    server_cpu = sum(server.cpu_seconds() for server in servers) - cpu_before
    postgres_cpu = postgres_cpu_seconds() - postgres_before
    exits = [server.stop() for server in servers]
    submitted, _, non_2xx, connection_errors, (p50, p99, count) = survey_bench.tally(respondents)
    per_response = server_cpu / max(1, submitted)
    print(f"  responses/s {submitted / elapsed:,.1f} ({submitted:,} submitted in {elapsed:.2f} s)")
    print(f"  PUT p50 {bench.ms(p50):.1f} ms, p99 {bench.ms(p99):.1f} ms over {count:,} PUTs")
    pg_text = f"; PostgreSQL {postgres_cpu:.1f} s ({postgres_cpu / max(1, submitted) * 1000:.1f} ms per response)" if responses_uri else ""
    print(f"  servers' CPU {server_cpu:.1f} s, {per_response * 1000:.1f} ms per response{pg_text}")
    print(f"  non-2xx {non_2xx}; connection errors {connection_errors}; exit statuses after SIGTERM {exits}")
    ok = not non_2xx and not connection_errors and submitted == args.respondents and all(status == 0 for status in exits)
    if not ok:
        print("  FAILED: every request must be answered 2xx, every submit 201, and every server must exit 0")
    extra = ["--responses", responses_uri] if responses_uri else []
    problems = survey_bench.stored_mismatches(args.formctl, db, respondents, extra)
    if problems:
        ok = False
        print(f"  FAILED: {len(problems)} differences between the stored responses and the acknowledged submits, e.g. {problems[:3]}")
    else:
        print(f"  stored: exactly one complete response per acknowledged submit ({submitted:,}), each with exactly its answers")
    return ok, submitted / elapsed, p99, per_response


def case_postgres(args, work, bench):
    survey_bench.bench = bench
    path = os.path.join(work, "survey-pg.yaml")
    with open(path, "w") as f:
        f.write(survey_bench.SURVEY)
    print(f"\npostgres: the survey ({args.respondents} respondents at once, the page, "
          f"{len(survey_bench.answers(0))} typed answers and a submit each) through two servers sharing one PostgreSQL 15, "
          "next to one server on SQLite, in the same run")
    cluster = Cluster()
    ok = True
    try:
        cluster.create("formctl")
        cluster.create("bench")
        uri = cluster.uri("formctl")
        print(f"  PostgreSQL: {cluster.program('postgres', '--version').strip()}, fsync and synchronous_commit on")

        sqlite_db = os.path.join(work, "survey-sqlite.db")
        bench.run([args.formctl, "apply", path, "--db", sqlite_db])
        print("  one server, responses in its SQLite file:")
        single = bench.Server([args.formctl, "serve", "--collect", "--port", "0", "--db", sqlite_db], "formctl-sqlite", work)
        sqlite_ok, sqlite_rate, _, sqlite_cpu = survey(args, bench, [single], None, sqlite_db)

        pg_db = os.path.join(work, "survey-pg.db")
        bench.run([args.formctl, "apply", path, "--db", pg_db])
        print("  two servers, responses in PostgreSQL:")
        servers = [bench.Server([args.formctl, "serve", "--collect", "--port", "0", "--db", pg_db, "--responses", uri], f"formctl-pg{n}", work)
                   for n in (1, 2)]
        pg_ok, pg_rate, pg_p99, pg_cpu = survey(args, bench, servers, uri, pg_db)

        tps = cluster.pgbench("bench", 10)
        print(f"  pgbench -N (simple update, 8 clients, 10 s) on the same cluster: {tps:,.0f} transactions/s, the ceiling; "
              f"a response here is {len(survey_bench.answers(0)) + 1} or more writes")
        ratio = pg_cpu / sqlite_cpu if sqlite_cpu else float("nan")
        print(f"  two servers on PostgreSQL: {pg_rate:,.1f} responses/s (goal >= 150), PUT p99 {bench.ms(pg_p99):.1f} ms (goal <= 150), "
              f"{pg_rate / sqlite_rate:.2f}x the SQLite server's {sqlite_rate:,.1f}; servers' CPU per response "
              f"{ratio:.2f}x the SQLite server's (goal <= 2x)")
        ok = sqlite_ok and pg_ok
    finally:
        cluster.stop()
    return ok
