#!/usr/bin/env python3
"""Load on `evoplay serve` (loopback only, bounded in time): CLIENTS clients each playing
Connect Four against BOT (alphabeta:50ms unless given; a random legal move, then the bot's answer, a new game when
one ends) for SECONDS, plus POLLERS clients polling the run folders (list, one run, its
history.csv). Prints `name value unit` lines: requests, errors, p50/p99 response times, and the
server's resident memory before, half way, at its peak and after (steady: after <= half way).

usage: web_load.py EVOPLAY [SECONDS] [CLIENTS] [POLLERS] [BOT]
"""
import http.client
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import threading
import time


def rss_mib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def percentile(values, p):
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(p / 100 * len(values)))]


class Client:
    reconnects = 0
    def __init__(self, port):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    def request(self, method, path, body=None):
        """Status, body and seconds; a connection the server closed between two requests
        (keep-alive ended) is opened again once, as browsers do (counted in `reconnects`)."""
        data = json.dumps(body) if body is not None else None
        start = time.perf_counter()
        for attempt in (0, 1):
            try:
                self.conn.request(method, path, body=data,
                                  headers={"Content-Type": "application/json"} if data else {})
                response = self.conn.getresponse()
                return response.status, response.read(), time.perf_counter() - start
            except (OSError, http.client.HTTPException):
                self.conn.close()
                if attempt == 0:
                    Client.reconnects += 1
        return -1, b"", time.perf_counter() - start


def error(out, what, status, text):
    out["errors"] += 1
    print(f"# web_load: {what}: status {status}: {text[:200]!r}", file=sys.stderr)


def player(port, until, seed, out, bot="alphabeta:50ms"):
    rng = random.Random(seed)
    client = Client(port)
    moves = []
    while time.perf_counter() < until:
        state_status, text, took = client.request("POST", "/api/connect4/state", {"moves": moves})
        if state_status != 200:
            error(out, "state", state_status, text)
            moves = []
            continue
        state = json.loads(text)
        if state["terminal"]:
            moves = []
            out["games"] += 1
            continue
        moves = state["moves"] + [rng.choice(state["legal"])]
        status, text, took = client.request(
            "POST", "/api/connect4/move", {"moves": moves, "bot": bot, "seed": seed})
        if status == 200:
            out["move"].append(took)
            moves = json.loads(text)["moves"]
        elif status == 400:  # the random move ended the game
            moves = []
            out["games"] += 1
        else:
            error(out, "move", status, text)
            moves = []


def poller(port, until, out):
    client = Client(port)
    while time.perf_counter() < until:
        for path in ("/api/runs", "/api/run/sudoku-ga", "/runs/sudoku-ga/history.csv"):
            status, _, took = client.request("GET", path)
            if status == 200:
                out["poll"].append(took)
            else:
                error(out, path, status, b"")
        time.sleep(0.05)


def main():
    evoplay = sys.argv[1]
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 30
    clients = int(sys.argv[3]) if len(sys.argv) > 3 else 50
    pollers = int(sys.argv[4]) if len(sys.argv) > 4 else 10
    bot = sys.argv[5] if len(sys.argv) > 5 else "alphabeta:50ms"
    scratch = tempfile.mkdtemp(prefix="evoplay-web-load-")
    runs = os.path.join(scratch, "runs")
    os.makedirs(runs)
    source = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    puzzle = os.path.join(scratch, "puzzle.txt")
    with open(os.path.join(source, "data/sudoku/hardest.txt")) as f, open(puzzle, "w") as p:
        p.write(f.readline())
    subprocess.run([evoplay, "sudoku", "solve", puzzle, "--method", "ga", "--generations", "50",
                    "--quiet", "--out", os.path.join(runs, "sudoku-ga")],
                   check=True, stdout=subprocess.DEVNULL)
    server = subprocess.Popen([evoplay, "serve", "--port", "0", "--runs-dir", runs],
                              stdout=subprocess.PIPE, text=True)
    try:
        port = int(re.search(r":(\d+) ", server.stdout.readline()).group(1))
        warm = Client(port)
        for _ in range(5):
            warm.request("POST", "/api/connect4/move", {"moves": [4], "bot": "alphabeta:50ms"})
            warm.request("GET", "/api/runs")
        before = rss_mib(server.pid)
        out = {"move": [], "poll": [], "errors": 0, "games": 0}
        until = time.perf_counter() + seconds
        threads = [threading.Thread(target=player, args=(port, until, i + 1, out, bot))
                   for i in range(clients)]
        threads += [threading.Thread(target=poller, args=(port, until, out))
                    for _ in range(pollers)]
        for t in threads:
            t.start()
        mid = []
        while any(t.is_alive() for t in threads):
            time.sleep(1)
            mid.append(rss_mib(server.pid))
        after = rss_mib(server.pid)
        print(f"# web_load: bot {bot}")
        print(f"web_clients {clients} clients")
        print(f"web_c4_moves {len(out['move'])} moves")
        print(f"web_c4_moves_per_second {len(out['move']) / seconds:.1f} 1/s")
        print(f"web_c4_move_p50 {1e3 * percentile(out['move'], 50):.1f} ms")
        print(f"web_c4_move_p99 {1e3 * percentile(out['move'], 99):.1f} ms")
        print(f"web_runs_polls {len(out['poll'])} requests")
        print(f"web_runs_poll_p50 {1e3 * percentile(out['poll'], 50):.2f} ms")
        print(f"web_runs_poll_p99 {1e3 * percentile(out['poll'], 99):.2f} ms")
        print(f"web_errors {out['errors']} requests")
        print(f"web_reconnects {Client.reconnects} connections")
        print(f"web_rss_before {before:.1f} MiB")
        print(f"web_rss_half {mid[len(mid) // 2] if mid else after:.1f} MiB")
        print(f"web_rss_peak {max(mid or [after]):.1f} MiB")
        print(f"web_rss_after {after:.1f} MiB")
    finally:
        server.terminate()
        server.wait(timeout=60)
        subprocess.run(["rm", "-rf", scratch], check=False)


if __name__ == "__main__":
    main()
