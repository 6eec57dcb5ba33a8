"""One load test of ``cpoly serve`` that stops by itself (issue 25): 40 clients for 15 seconds
mixing cached holds, analyses, equities, uploads, cancels and garbage, malformed HTTP among it
(issue 35: two ``Host`` headers, a negative ``Content-Length``, answered by uvicorn's h11 before
the app, with the API's JSON error).

Every answer must be a well-formed JSON reply (200, 202, a 4xx or 429; never a 500), the
server's resident memory (VmRSS of its own process, the CLI children apart) must stay under
:data:`RSS_BOUND`, its cache folder under its cap (plus, while they run, what the two running
jobs write: at most one Jacks or Better analysis each), and it must still answer a normal request at the
end.  It takes ~20 s: the point is many clients for a while, which no shorter test shows.  The
figures (requests served, p50/p95 of a cached ``hold``, peak memory) are printed (``-s``) and
recorded in docs/web.md; no time is asserted.
"""

from __future__ import annotations

import http.client
import json
import random
import statistics
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

from cpoly.web.guard import error_body
from tests.web.conftest import ROOT, Served, cli_json, malformed_requests, raw_request, serving

CLIENTS = 40
SECONDS = 15.0
CAP = 100 << 20
#: One Jacks or Better analysis writes ~28 MB; two workers may be writing when a sample is taken.
WRITING = 2 * (32 << 20)
RSS_BOUND = 200 << 20
ALLOWED = {200, 202, 400, 403, 404, 405, 408, 409, 413, 421, 422, 429}
JACKS = (ROOT / "definitions" / "jacks_or_better.cp").read_text()
HANDS = ["Ah Kd Js 4c 7h", "Ah Kh Qh 5c 5d", "2c 3d 7h 9s Kd", "Ts Js Qs Ks 2h", "8c 8d 8h 3s 3c"]


def _upload(rng: random.Random) -> dict[str, Any]:
    """One of four games (so the 100 MiB cap evicts), each with or without a comment."""
    game = JACKS + f"\nVariant{rng.randrange(4)} = 1\n"
    if rng.random() < 0.5:
        game = game.replace("\n", f"  // comment {rng.randrange(1000)}\n", 3)
    return {"source": game, "filename": "load.cp", "cards": rng.choice(HANDS)}


def _garbage(rng: random.Random, port: int) -> tuple[str, str, bytes, dict[str, str]]:
    """A request a well-behaved page never sends: method, path, body and extra headers."""
    return rng.choice([
        ("POST", "/api/hold", b"{", {}),
        ("POST", "/api/hold", b"[" * 50000 + b"]" * 50000, {}),
        ("POST", "/api/eval", b'{"cards": "Ah Kh Qh Jh Th"}', {"Host": f"attacker.example:{port}"}),
        ("POST", "/api/eval", b'{"cards": "Ah Kh Qh Jh Th"}', {"Origin": f"http://attacker.example:{port}"}),
        ("POST", "/api/eval", b" " * (5 << 20), {}),
        ("POST", "/api/equity", bytes(rng.randrange(256) for _ in range(64)), {}),
        ("POST", "/api/frobnicate", b"{}", {}),
        ("GET", "/api/jobs/999999", b"", {}),
        ("DELETE", f"/api/jobs/{rng.getrandbits(128):032x}", b"", {}),
        ("GET", "/no/such/page", b"", {}),
        ("PUT", "/api/games", b"", {}),
        ("POST", "/api/hold", json.dumps({"source": JACKS, "filename": "n" * 5000, "cards": HANDS[0]}).encode(), {}),
        ("POST", "/api/analyze", b'{"game": "jacks_or_better", "pays": {"import": "5"}}', {}),
        ("POST", "/api/hold", b'{"game": "jacks_or_better", "cards": "Ah Ah Ah Ah Ah"}', {}),
    ])


class Load:
    """The clients' shared record: statuses, answers that were not as they must be, the latency
    of each cached hold answered (queueing included: it waits behind the analyses)."""

    def __init__(self, served: Served) -> None:
        self.served = served
        self.statuses: Counter[int] = Counter()
        self.bad: list[str] = []
        self.hold_seconds: list[float] = []
        self.lock = threading.Lock()

    def call(self, method: str, path: str, body: bytes, headers: dict[str, str] | None = None) -> tuple[int, Any]:
        sent = {"Host": f"127.0.0.1:{self.served.port}", "Content-Type": "application/json", **(headers or {})}
        connection = http.client.HTTPConnection("127.0.0.1", self.served.port, timeout=120)
        try:
            connection.request(method, path, body=body or None, headers=sent)
            response = connection.getresponse()
            status, data = response.status, response.read()
        except OSError as error:  # the server closed the connection: only a 413 while the body was sent
            status, data = (413, error_body("closed")) if len(body) > (4 << 20) else (0, repr(error).encode())
        finally:
            connection.close()
        try:
            answer = json.loads(data)
            well_formed = isinstance(answer, (dict, list)) and (status < 400 or "message" in answer["error"])
        except (ValueError, KeyError, TypeError):
            answer, well_formed = None, False
        with self.lock:
            self.statuses[status] += 1
            if status not in ALLOWED or not well_formed:
                self.bad.append(f"{method} {path} -> {status} {data[:200]!r}")
        return status, answer

    def malformed(self, data: bytes) -> None:
        """Send a request h11 refuses: it must be a 400 with the API's JSON error."""
        try:
            status, _, body = raw_request(self.served.port, data)
            well_formed = "message" in json.loads(body)["error"]
        except (OSError, ValueError, KeyError, TypeError, IndexError) as error:
            status, body, well_formed = 0, repr(error).encode(), False
        with self.lock:
            self.statuses[status] += 1
            if status != 400 or not well_formed:
                self.bad.append(f"malformed {data[:60]!r} -> {status} {body[:200]!r}")

    def post(self, path: str, body: dict[str, Any], headers: dict[str, str] | None = None) -> tuple[int, Any]:
        return self.call("POST", path, json.dumps(body).encode(), headers)

    def client(self, seed: int, until: float) -> None:
        rng = random.Random(seed)
        while time.monotonic() < until:
            kind = rng.choice(["hold", "hold", "hold", "analyze", "equity", "upload", "cancel", "garbage"])
            if kind == "hold":
                started = time.monotonic()
                status, _ = self.post("/api/hold", {"game": "jacks_or_better", "cards": rng.choice(HANDS)})
                if status == 200:
                    with self.lock:
                        self.hold_seconds.append(time.monotonic() - started)
            elif kind == "analyze":
                self.post("/api/analyze", {"game": "jacks_or_better", "paytable": rng.choice(["9/6", "8/5"])})
            elif kind == "equity":
                self.post("/api/equity", {"hands": "AsAh KsKh", "board": rng.choice(["Kd 7c 2s", "Kd 7c 2s 3h"])})
            elif kind == "upload":
                self.post("/api/hold", _upload(rng))
            elif kind == "cancel":
                status, job = self.post("/api/jobs/equity", {"hands": "random random random", "samples": 10**9})
                if status == 202:
                    time.sleep(rng.random() * 0.5)
                    self.call("DELETE", f"/api/jobs/{job['id']}", b"")
            elif rng.random() < 0.3:
                self.malformed(rng.choice(malformed_requests(self.served.port)))
            else:
                method, path, body, headers = _garbage(rng, self.served.port)
                self.call(method, path, body, headers)
            if self.statuses[429] and rng.random() < 0.5:
                time.sleep(0.05)  # a client told to come back later does not spin


def _cache_bytes(folder: Path) -> int:
    total = 0
    for path in folder.rglob("*"):
        try:
            total += path.stat().st_size if path.is_file() else 0
        except OSError:
            continue  # removed while walked
    return total


def test_forty_clients_for_fifteen_seconds(tmp_path: Path) -> None:
    with serving(tmp_path, "--workers", "2", "--queue-limit", "16", "--cache-size", str(CAP / (1 << 30)),
                 "--read-timeout", "5", "--time-limit", "120") as served:
        load = Load(served)
        assert load.post("/api/analyze", {"game": "jacks_or_better"})[0] == 200  # holds are cached from here
        idle = []
        for hand in HANDS * 4:  # a cached hold on an idle server, for comparison
            started = time.monotonic()
            assert load.post("/api/hold", {"game": "jacks_or_better", "cards": hand})[0] == 200
            idle.append(time.monotonic() - started)
        idle.sort()
        peak_rss, peak_cache, stop = served.rss(), 0, threading.Event()

        def sample() -> None:
            nonlocal peak_rss, peak_cache
            while not stop.wait(0.2):
                peak_rss = max(peak_rss, served.rss())
                peak_cache = max(peak_cache, _cache_bytes(served.cache))

        until = time.monotonic() + SECONDS
        threads = [threading.Thread(target=load.client, args=(seed, until)) for seed in range(CLIENTS)]
        sampler = threading.Thread(target=sample)
        for thread in [sampler, *threads]:
            thread.start()
        for thread in threads:
            thread.join(timeout=300)
        stop.set()
        sampler.join()
        assert not any(thread.is_alive() for thread in threads)
        status, answer = load.post("/api/eval", {"cards": "Ah Kh Qh Jh Th"})
        assert status == 200 and answer == cli_json("eval", "Ah", "Kh", "Qh", "Jh", "Th")
        for _ in range(600):  # the jobs still running when the clients stopped end, and evict
            if _cache_bytes(served.cache) <= CAP:
                break
            time.sleep(0.2)
        served_requests = sum(load.statuses.values())
        holds = sorted(load.hold_seconds)
        figures = {"requests": served_requests, "statuses": dict(sorted(load.statuses.items())),
                   "cached_holds": len(holds), "idle_hold_p50_s": round(statistics.median(idle), 3),
                   "idle_hold_p95_s": round(idle[int(0.95 * (len(idle) - 1))], 3),
                   "hold_p50_s": round(statistics.median(holds), 3) if holds else None,
                   "hold_p95_s": round(holds[int(0.95 * (len(holds) - 1))], 3) if holds else None,
                   "peak_rss_mb": round(peak_rss / 1e6, 1), "peak_cache_mb": round(peak_cache / 1e6, 1),
                   "final_cache_mb": round(_cache_bytes(served.cache) / 1e6, 1)}
        print("\nload:", json.dumps(figures))
        assert not load.bad, load.bad[:10]
        assert load.statuses[200] > 0 and holds
        assert peak_rss < RSS_BOUND, figures
        assert peak_cache <= CAP + WRITING, figures
        assert _cache_bytes(served.cache) <= CAP, figures
