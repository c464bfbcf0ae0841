#!/usr/bin/env python3
"""A shot in the Angry Birds page: the time from POSTing it to /api/birds/shoot to having the
whole answer (the shot simulated, its frames), as the page does after a release. `evoplay serve`
on a free loopback port; SHOTS shots (default 30) spread over the shipped levels, each level's
first bird at angles from -5 to 60 degrees at full pull, every third one the second bird after a
first shot (the shots so far sent again); before each, the level as the page asks for it on
load (/api/birds/level, not timed). Asked as Chromium asks (Accept-Encoding: gzip, deflate, br)
and again without compression. Prints `name value unit` lines: p50, p95 and the largest time,
and the answers' mean size.

usage: web_birds_shot.py EVOPLAY [SHOTS]
"""
import http.client
import json
import os
import re
import socket
import subprocess
import sys
import time

SOURCE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LEVELS = ("baseline_generated_level-22.xml", "generated_playable_level.xml",
          "sciencebirds_level-1.xml", "sciencebirds_level-2_platform.xml",
          "sciencebirds_level-4.xml")
BROWSER = {"Accept-Encoding": "gzip, deflate, br"}


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(p / 100 * len(values)))]


def post(conn, path, body, headers):
    """Seconds to the whole answer, its size; exits on an error."""
    data = json.dumps(body)
    start = time.perf_counter()
    conn.request("POST", path, body=data, headers={"Content-Type": "application/json", **headers})
    response = conn.getresponse()
    answer = response.read()
    seconds = time.perf_counter() - start
    if response.status != 200:
        sys.exit(f"web_birds_shot: {path}: status {response.status}: {answer[:200]!r}")
    return seconds, len(answer)


def shots(count):
    """(level, shots so far, the shot) for each of `count` shots."""
    xml = {name: open(os.path.join(SOURCE, "data/birds", name)).read() for name in LEVELS}
    for k in range(count):
        name = LEVELS[k % len(LEVELS)]
        angle = -5 + 65 * k / max(1, count - 1)
        before = [{"angle": 60}] if k % 3 == 2 else []  # a first bird over the level
        yield xml[name], before, {"angle": round(angle, 2), "pull": 1}


def connect(port):
    """A keep-alive connection that sends a request at once, as browsers do (TCP_NODELAY: without
    it, http.client's body waits for the server's delayed acknowledgement, 40 ms)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    conn.connect()
    conn.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return conn


def measure(port, count, headers):
    conn = connect(port)
    times, sizes = [], []
    for xml, before, shot in shots(count):
        post(conn, "/api/birds/level", {"xml": xml, "shots": before}, headers)
        seconds, size = post(conn, "/api/birds/shoot", {"xml": xml, "shots": before, "shot": shot},
                             headers)
        times.append(seconds)
        sizes.append(size)
    conn.close()
    return times, sizes


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    evoplay, count = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 30
    server = subprocess.Popen([evoplay, "serve", "--port", "0"], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True)
    try:
        port = int(re.search(r":(\d+) ", server.stdout.readline()).group(1))
        measure(port, 3, BROWSER)  # warm up: the page and the levels read once
        for name, headers in (("web_birds_shot", BROWSER), ("web_birds_shot_uncompressed", {})):
            times, sizes = measure(port, count, headers)
            print(f"{name}_p50 {1e3 * percentile(times, 50):.1f} ms")
            print(f"{name}_p95 {1e3 * percentile(times, 95):.1f} ms")
            print(f"{name}_max {1e3 * max(times):.1f} ms")
            print(f"{name}_bytes {sum(sizes) / len(sizes) / 1024:.1f} KiB")
    finally:
        server.terminate()
        server.wait(timeout=60)


if __name__ == "__main__":
    main()
