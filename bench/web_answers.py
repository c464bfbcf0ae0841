#!/usr/bin/env python3
"""How fast `evoplay serve` answers what a page asks (loopback, and over the machine's own
network address when it has one): a 2.2 MB history.csv and a 36 KB one fetched as a browser does
(curl --compressed: Accept-Encoding gzip, deflate, br), median of REPEATS; and the Connect Four
move of alphabeta:100ms at p50 with CLIENTS clients playing at once (bench/web_load.py's players)
for SECONDS. Prints `name value unit` lines; the encoding each answer came with on a comment line.

usage: web_answers.py EVOPLAY [SECONDS] [CLIENTS] [REPEATS]
"""
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from web_load import percentile, player  # noqa: E402

HEADER = "generation,evaluations,best,mean,worst,diversity,elapsed,restarts\n"


def history_text(size):
    """A history.csv of about `size` bytes in the format the commands write (docs/runs.md)."""
    rng = random.Random(1)
    lines, total, g, best = [HEADER], len(HEADER), 0, 60.0
    while total < size:
        best = max(0.0, best - rng.random() * 0.01)
        line = (f"{g},{50 * (g + 1)},{best:.0f},{best + rng.random() * 9:.4f},{best + 20},"
                f"{rng.random() * 40:.3f},{0.0004 * g:.6f},{g // 5000}\n")
        lines.append(line)
        total += len(line)
        g += 1
    return "".join(lines)


def make_run(runs, name, size):
    folder = os.path.join(runs, name)
    os.makedirs(folder)
    with open(os.path.join(folder, "config.json"), "w") as f:
        f.write('{"command": "sudoku solve"}\n')
    with open(os.path.join(folder, "history.csv"), "w") as f:
        f.write(history_text(size))


def own_address():
    """The machine's address on its network (not loopback), or None."""
    try:
        s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        s.connect(("192.0.2.1", 9))  # no packet is sent: the route's source address
        address = s.getsockname()[0]
        s.close()
        return None if address.startswith("127.") else address
    except OSError:
        return None


def fetch(url, host_header):
    """Seconds, bytes on the wire and encoding of one GET as a browser makes it."""
    out = subprocess.run(
        ["curl", "-s", "--compressed", "-o", "/dev/null", "-H", f"Host: {host_header}",
         "-w", "%{time_total} %{size_download} %{content_type}", "-D", "-", url],
        capture_output=True, text=True, check=True).stdout
    encoding = re.search(r"(?im)^content-encoding:\s*(\S+)", out)
    seconds, size = out.strip().splitlines()[-1].split()[:2]
    return float(seconds), int(size), encoding.group(1) if encoding else "identity"


def measure(name, url, host_header, repeats):
    times, size, encoding = [], 0, ""
    for _ in range(repeats):
        seconds, size, encoding = fetch(url, host_header)
        times.append(seconds)
    median = statistics.median(times)
    print(f"# web_answers: {name}: {size} bytes on the wire, {encoding}")
    return median


def start_server(evoplay, runs, host):
    server = subprocess.Popen([evoplay, "serve", "--host", host, "--port", "0", "--runs-dir", runs],
                              stdout=subprocess.PIPE, text=True)
    port = int(re.search(r":(\d+) ", server.stdout.readline()).group(1))
    return server, port


def answers(evoplay, runs, repeats):
    server, port = start_server(evoplay, runs, "127.0.0.1")
    try:
        base = f"http://127.0.0.1:{port}"
        for name, run in (("history_2mb", "big"), ("answer_36kb", "small")):
            took = measure(f"{name} loopback", f"{base}/runs/{run}/history.csv",
                           f"127.0.0.1:{port}", repeats)
            print(f"web_{name}_seconds {took:.4f} s")
    finally:
        server.terminate()
        server.wait(timeout=60)
    address = own_address()
    if not address:
        print("# web_answers: no network address besides loopback: not measured over it")
        return
    server, port = start_server(evoplay, runs, address)
    try:
        base = f"http://{address}:{port}"
        for name, run in (("history_2mb", "big"), ("answer_36kb", "small")):
            took = measure(f"{name} network", f"{base}/runs/{run}/history.csv",
                           f"{address}:{port}", repeats)
            print(f"web_{name}_network_seconds {took:.4f} s")
    finally:
        server.terminate()
        server.wait(timeout=60)


def moves(evoplay, runs, seconds, clients):
    server, port = start_server(evoplay, runs, "127.0.0.1")
    try:
        out = {"move": [], "poll": [], "errors": 0, "games": 0}
        until = time.perf_counter() + seconds
        threads = [threading.Thread(target=player,
                                    args=(port, until, i + 1, out, "alphabeta:100ms"))
                   for i in range(clients)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        print(f"web_c4_move_100ms_clients {clients} clients")
        print(f"web_c4_move_100ms_p50 {1e3 * percentile(out['move'], 50):.1f} ms")
        print(f"web_c4_move_100ms_p99 {1e3 * percentile(out['move'], 99):.1f} ms")
        print(f"web_c4_move_100ms_errors {out['errors']} requests")
    finally:
        server.terminate()
        server.wait(timeout=60)


def main():
    evoplay = sys.argv[1]
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 20
    clients = int(sys.argv[3]) if len(sys.argv) > 3 else 50
    repeats = int(sys.argv[4]) if len(sys.argv) > 4 else 9
    scratch = tempfile.mkdtemp(prefix="evoplay-web-answers-")
    runs = os.path.join(scratch, "runs")
    try:
        make_run(runs, "big", 2_200_000)
        make_run(runs, "small", 36 * 1024)
        answers(evoplay, runs, repeats)
        moves(evoplay, runs, seconds, clients)
    finally:
        subprocess.run(["rm", "-rf", scratch], check=False)


if __name__ == "__main__":
    main()
