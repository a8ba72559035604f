#!/usr/bin/env python3
"""How long commands take to start, with a card database imported.

    python3 tools/startup_times.py [--cdb FILE] [--runs 10] [--home DIR]

Imports FILE (default: the team's reference cards-2020.cdb) into a fresh store in DIR (a
temporary folder by default; YGOSIM_HOME points there), then runs each command --runs times
and prints, per command, the wall-clock time (min and median) and the CPU time the process
used (user + system, min and median: it swings less than wall time on a busy machine).
The commands: `cards show NAME`, `deck check yugi`, and `duel` until its first question
(answered with `quit`).
"""
from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = Path("/work/shared/reference/cards-2020.cdb")
COMMANDS = [
    ("cards show Dark Magician", ["cards", "show", "Dark Magician"], None),
    ("cards show (imported card)", ["cards", "show", "Decode Talker"], None),
    ("deck check yugi", ["deck", "check", "yugi"], None),
    ("duel (to the first question)", ["duel", "--plain", "--seed", "1"], b"quit\n"),
    ("--version", ["--version"], None),
]


def timed(args: list[str], stdin: bytes | None, env: dict) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "ygosim", *args], input=stdin, env=env, cwd=ROOT,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cdb", type=Path, default=REFERENCE, help="card database to import first")
    ap.add_argument("--runs", type=int, default=10, help="runs per command")
    ap.add_argument("--home", type=Path, default=None, help="YGOSIM_HOME (default: a new "
                    "temporary folder)")
    args = ap.parse_args()
    home = args.home or Path(tempfile.mkdtemp(prefix="ygosim-startup-"))
    env = dict(os.environ, YGOSIM_HOME=str(home))
    if args.cdb and args.cdb.exists():
        r = subprocess.run([sys.executable, "-m", "ygosim", "cards", "import", str(args.cdb)],
                           env=env, cwd=ROOT, capture_output=True, text=True)
        print(r.stdout.strip().splitlines()[0] if r.stdout else r.stderr.strip())
    else:
        print(f"(no card database imported: {args.cdb} is not there)")
    print(f"{'command':<32}{'wall min':>10}{'median':>9}{'cpu min':>10}{'median':>9}")
    for label, argv, stdin in COMMANDS:
        runs = [timed(argv, stdin, env) for _ in range(args.runs)]
        walls, cpus = [w for w, _ in runs], [c for _, c in runs]
        print(f"{label:<32}{min(walls):>9.3f}s{statistics.median(walls):>8.3f}s"
              f"{min(cpus):>9.3f}s{statistics.median(cpus):>8.3f}s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
