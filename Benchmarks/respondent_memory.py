"""The memory of respondents' event streams under `formctl serve --collect`
(docs/serve.md, "Limits"): a generated form of FIELDS fields, STREAMS
respondents each writing once and keeping `GET /api/respond/events` open,
then writing once more (each stream then holds its page's minimap laid
out, within the server's PictureBudget). Prints the server's RSS.

usage: FORMCTL_BIN=... /usr/bin/python3 Benchmarks/respondent_memory.py FIELDS STREAMS
"""
import json, os, socket, subprocess, sys, tempfile, time, re
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import serve_bench as sb
F = os.environ.get("FORMCTL_BIN", ".build-bench/x86_64-unknown-linux-gnu/release/formctl")
fields = int(sys.argv[1]); streams = int(sys.argv[2])
work = tempfile.mkdtemp(prefix="respondent-memory-")
db = os.path.join(work, "f.db")
sb.form_file(os.path.join(work, "form.json"), fields)
subprocess.run([F, "apply", os.path.join(work, "form.json"), "--db", db], check=True, capture_output=True)
p = subprocess.Popen([F, "serve", "--collect", "--port", "0", "--db", db], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
line = p.stdout.readline().decode(); port = int(re.search(r":(\d+)/", line).group(1))
def rss():
    # formctl serve runs formctl-serve as its child.
    children = subprocess.run(["pgrep", "-P", str(p.pid)], capture_output=True, text=True).stdout.split()
    pid = int(children[0]) if children else p.pid
    for l in open(f"/proc/{pid}/status"):
        if l.startswith("VmRSS"): return int(l.split()[1])
def req(method, path, body=None, cookie=None):
    s = socket.create_connection(("127.0.0.1", port))
    h = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n"
    if cookie: h += f"Cookie: formctl_respondent={cookie}\r\n"
    if body is not None: h += f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
    s.sendall((h + "\r\n" + (body or "")).encode())
    data = b""
    while True:
        c = s.recv(65536)
        if not c: break
        data += c
    s.close(); return data.decode(errors="replace")
time.sleep(0.5); before = rss(); socks = []
for i in range(streams):
    r = req("PUT", "/api/respond/fields/f1", json.dumps({"value": f"v{i}"}))
    cookie = re.search(r"formctl_respondent=([^;]+)", r).group(1)
    s = socket.create_connection(("127.0.0.1", port))
    s.sendall(f"GET /api/respond/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nCookie: formctl_respondent={cookie}\r\n\r\n".encode())
    s.recv(4096); socks.append((s, cookie))
time.sleep(1); mid = rss()
for s, cookie in socks: req("PUT", "/api/respond/fields/f2", json.dumps({"value": "x"}), cookie)
time.sleep(2); after = rss()
print(f"fields {fields} streams {streams}: RSS {before} kB before, {mid} with streams, {after} after a write each; per stream {(after-before)/streams:.0f} kB, per field-picture {(after-before)*1024/streams/fields:.0f} B")
p.terminate(); p.wait()
for name in os.listdir(work): os.remove(os.path.join(work, name))
os.rmdir(work)
