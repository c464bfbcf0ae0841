#!/usr/bin/env python3
"""Soak of `evoplay serve` (loopback only, bounded in time): CLIENTS clients send a
mix of malformed and heavy requests for SECONDS: the largest Lemmings replay the API takes
(200,000 cells, 500 lemmings, 5,000 steps), Angry Birds simulations, bodies of 2,000,000 '[',
unterminated and oversized bodies, wrong Content-Type, foreign Host and Origin, bad event ids,
seeds beyond 2^64, NUL characters, slow clients that drip a header line a second, and ordinary
moves and solves between them.

The server's resident memory is measured idle (every client paused, its requests answered)
after the warm-up and again at the end, after the same load: the goal is the end within 20% of
the warm-up. Prints `name value unit` lines: requests, answers by class, 5xx other than 503 (the
goal is none: 503 is the documented answer beyond the heavy-request limit), connections the
server dropped, memory, and whether the server still answers at the end.

usage: web_soak.py EVOPLAY [--seconds 600] [--clients 50] [--warmup SECONDS]
"""
import argparse
import http.client
import json
import os
import random
import re
import socket
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from web_load import rss_mib  # noqa: E402  (the server's resident memory, MiB)


def largest_level():
    """A level at the API's replay limits: 1,000 x 200 cells, 500 lemmings released one a step,
    5,000 steps; the lemmings pace a floor between two walls, the exit sealed off (so that every
    lemming is in every frame)."""
    width, height = 1000, 200
    rows = [["."] * width for _ in range(height)]
    for x in range(width):
        rows[0][x] = rows[12][x] = rows[height - 1][x] = "="
    for y in range(height):
        rows[y][0] = rows[y][width - 1] = "="
    rows[10][500] = "E"
    for x in range(10, 15):  # the exit in a steel box below the floor
        rows[20][x] = rows[24][x] = "="
    for y in range(20, 25):
        rows[y][10] = rows[y][14] = "="
    rows[22][12] = "X"
    head = "name: Soak\nlemmings: 500\nsave: 1\ntime: 5000\nrelease: 1\nskills: digger=1\n---\n"
    return head + "\n".join("".join(r) for r in rows) + "\n"


class Counts:
    def __init__(self):
        self.lock = threading.Lock()
        self.status = {}
        self.dropped = 0   # connections closed or reset without an answer
        self.bad = []      # 5xx other than 503: (what, status, text)

    def add(self, what, status, text=b""):
        with self.lock:
            self.status[status] = self.status.get(status, 0) + 1
            if status >= 500 and status != 503:
                self.bad.append((what, status, text[:200]))

    def drop(self):
        with self.lock:
            self.dropped += 1


class Pause:
    """Lets the main thread pause every client between two requests and wait for them."""
    def __init__(self, clients):
        self.running = threading.Event()
        self.running.set()
        self.idle = 0
        self.clients = clients
        self.lock = threading.Condition()

    def checkpoint(self):
        if self.running.is_set():
            return
        with self.lock:
            self.idle += 1
            self.lock.notify_all()
        self.running.wait()
        with self.lock:
            self.idle -= 1

    def pause(self):
        self.running.clear()
        with self.lock:
            self.lock.wait_for(lambda: self.idle >= self.clients)

    def resume(self):
        self.running.set()


def request(port, method, path, body=None, headers=None, timeout=120):
    """(status, body), or (None, b'') when the server closed the connection without an answer."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        data = body if isinstance(body, (bytes, type(None))) else body.encode()
        hdrs = {"Content-Type": "application/json"} if data is not None else {}
        hdrs.update(headers or {})
        conn.request(method, path, body=data, headers=hdrs)
        response = conn.getresponse()
        return response.status, response.read()
    except (OSError, http.client.HTTPException):
        return None, b""
    finally:
        conn.close()


def slow_client(port):
    """Headers a line a second until the server closes: (408 or None)."""
    s = socket.create_connection(("127.0.0.1", port), timeout=120)
    got = b""
    try:
        s.sendall(f"GET /api/info HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n".encode())
        s.settimeout(1)
        for _ in range(120):
            try:
                s.sendall(b"X-Slow: 1\r\n")
            except OSError:
                pass
            try:
                chunk = s.recv(4096)
                if not chunk:
                    break
                got += chunk
            except socket.timeout:
                continue
            except OSError:
                break
    finally:
        s.close()
    m = re.match(rb"HTTP/1\.1 (\d+)", got)
    return int(m.group(1)) if m else None


def client(port, seed, until, pause, counts, cases):
    rng = random.Random(seed)
    names = [c[0] for c in cases]
    weights = [c[1] for c in cases]
    while time.monotonic() < until:
        pause.checkpoint()
        name = rng.choices(names, weights)[0]
        run = dict((c[0], c[2]) for c in cases)[name]
        status, text = run(rng)
        if status is None:
            counts.drop()
        else:
            counts.add(name, status, text)
    with pause.lock:  # finished: counts as idle for a pause that comes later
        pause.idle += 1
        pause.lock.notify_all()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("evoplay")
    parser.add_argument("--seconds", type=float, default=600)
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--warmup", type=float, default=None,
                        help="seconds of load before the first measure (default: a fifth, at most 60)")
    args = parser.parse_args()
    warmup = args.warmup if args.warmup is not None else min(60.0, args.seconds / 5)

    source = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    with open(os.path.join(source, "data/sudoku/hardest.txt")) as f:
        puzzle = f.readline().strip()
    with open(os.path.join(source, "data/birds/sciencebirds_level-1.xml")) as f:
        birds_xml = f.read()
    level = largest_level()
    replay = json.dumps({"level": level, "plan": "1 digger\n"})
    deep = "[" * 2_000_000
    unterminated = '{"puzzle": "' + "x" * 1_900_000
    oversized = '{"puzzle": "' + "." * (3 << 20) + '"}'

    server = subprocess.Popen([args.evoplay, "serve", "--port", "0"], stdout=subprocess.PIPE,
                              text=True)
    try:
        port = int(re.search(r":(\d+) ", server.stdout.readline()).group(1))
        post = lambda path, body, **kw: request(port, "POST", path, body, **kw)
        cases = [
            ("replay", 2, lambda r: post("/api/lemmings/replay", replay)),
            ("simulate", 1, lambda r: post("/api/birds/simulate", json.dumps({"xml": birds_xml}))),
            ("deep", 2, lambda r: post("/api/sudoku/solve", deep)),
            ("unterminated", 1, lambda r: post("/api/sudoku/solve", unterminated)),
            ("oversized", 1, lambda r: post("/api/sudoku/solve", oversized)),
            ("text_plain", 1, lambda r: post("/api/connect4/state", '{"moves": [4]}',
                                             headers={"Content-Type": "text/plain"})),
            ("foreign_host", 1, lambda r: request(port, "GET", "/api/info",
                                                  headers={"Host": "attacker.example"})),
            ("foreign_origin", 1, lambda r: post("/api/connect4/state", '{"moves": [4]}',
                                                 headers={"Origin": "http://attacker.example"})),
            ("event_id", 1, lambda r: request(port, "GET", "/api/jobs/1/events",
                                              headers={"Last-Event-ID": "18446744073709551615"})),
            ("seed", 1, lambda r: post("/api/connect4/move",
                                       '{"bot": "random", "seed": 18446744073709551616}')),
            ("nul", 1, lambda r: post("/api/connect4/move", '{"bot": "perfect\\u0000x"}')),
            ("move", 3, lambda r: post("/api/connect4/move", json.dumps(
                {"moves": [r.randint(1, 7)], "bot": "alphabeta:20ms", "seed": r.randint(0, 2**64 - 1)}))),
            ("sudoku", 1, lambda r: post("/api/sudoku/solve", json.dumps({"puzzle": puzzle}))),
            ("slow", 0.3, lambda r: (slow_client(port), b"")),
        ]
        counts = Counts()
        pause = Pause(args.clients)
        start = time.monotonic()
        until = start + args.seconds
        threads = [threading.Thread(target=client, args=(port, i + 1, until, pause, counts, cases))
                   for i in range(args.clients)]
        for t in threads:
            t.start()
        peak = rss_mib(server.pid)
        warm = None
        while any(t.is_alive() for t in threads):
            time.sleep(1)
            peak = max(peak, rss_mib(server.pid))
            if warm is None and time.monotonic() - start >= warmup:
                pause.pause()  # every client between two requests: the server idle
                time.sleep(1)
                warm = rss_mib(server.pid)
                pause.resume()
        for t in threads:
            t.join()
        time.sleep(1)
        end = rss_mib(server.pid)
        if warm is None:
            warm = end
        info, _ = request(port, "GET", "/api/info", timeout=60)
        move, _ = post("/api/connect4/move", '{"moves": [4], "bot": "alphabeta:20ms"}', timeout=60)
        answers = 1 if info == 200 and move == 200 and server.poll() is None else 0
        total = sum(counts.status.values()) + counts.dropped
        non_503 = len(counts.bad)
        print(f"web_soak_seconds {args.seconds:g} s(load)")
        print(f"web_soak_clients {args.clients} clients")
        print(f"web_soak_requests {total} requests")
        for status in sorted(counts.status):
            print(f"web_soak_status_{status} {counts.status[status]} requests")
        print(f"web_soak_dropped {counts.dropped} connections")
        print(f"web_soak_5xx_not_503 {non_503} requests(goal<=0)")
        print(f"web_soak_rss_warm {warm:.1f} MiB")
        print(f"web_soak_rss_end {end:.1f} MiB")
        print(f"web_soak_rss_peak {peak:.1f} MiB")
        print(f"web_soak_rss_growth {100 * (end - warm) / warm:.1f} %(goal<=20)")
        print(f"web_soak_answers_after {answers} bool(goal>=1)")
        for what, status, text in counts.bad[:10]:
            print(f"# web_soak: {what}: status {status}: {text!r}", file=sys.stderr)
    finally:
        server.terminate()
        server.wait(timeout=60)


if __name__ == "__main__":
    main()
