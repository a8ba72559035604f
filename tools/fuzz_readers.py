#!/usr/bin/env python3
"""Feed every reader thousands of hostile inputs and count what happened.

    python3 tools/fuzz_readers.py [--examples 2000] [--readers ydk,replay,...] [--seed 0]

Per reader: inputs tried, read (a result), refused (a clear YgosimError, exit status 2 on the
command line) and tracebacks (any other exception: a bug; the first few are printed). The
inputs come from tests/reader_fuzz.py (the same strategies the test suite runs a few hundred
of). Exit status 1 if any reader gave a traceback.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
import traceback
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]
os.environ["YGOSIM_HOME"] = tempfile.mkdtemp(prefix="ygosim-fuzz-home-")

from hypothesis import HealthCheck, given, seed as hseed, settings  # noqa: E402

import reader_fuzz as F  # noqa: E402


def run(name: str, examples: int, seed: int) -> tuple[Counter, list[str]]:
    strategy, probe = F.READERS[name]
    counts: Counter = Counter()
    faults: list[str] = []

    @hseed(seed)
    @settings(max_examples=examples, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(strategy)
    def feed(item):
        counts["tried"] += 1
        try:
            counts[probe(item)] += 1
        except Exception:  # noqa: BLE001 - a traceback is what is being counted
            counts["traceback"] += 1
            if len(faults) < 3:
                faults.append(traceback.format_exc(limit=6))

    feed()
    return counts, faults


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--examples", type=int, default=2000, help="inputs per reader")
    ap.add_argument("--readers", default=",".join(F.READERS),
                    help=f"comma-separated, of: {', '.join(F.READERS)}")
    ap.add_argument("--seed", type=int, default=0, help="hypothesis seed (same seed, same inputs)")
    args = ap.parse_args()
    names = [n.strip() for n in args.readers.split(",") if n.strip()]
    unknown = [n for n in names if n not in F.READERS]
    if unknown:
        ap.error(f"unknown reader(s): {', '.join(unknown)}")
    print(f"{'reader':<12}{'tried':>8}{'read':>8}{'refused':>9}{'traceback':>11}{'seconds':>9}")
    bad = 0
    all_faults = []
    for name in names:
        start = time.perf_counter()
        counts, faults = run(name, args.examples, args.seed)
        took = time.perf_counter() - start
        print(f"{name:<12}{counts['tried']:>8}{counts['ok']:>8}{counts['error']:>9}"
              f"{counts['traceback']:>11}{took:>9.1f}", flush=True)
        bad += counts["traceback"]
        all_faults += [(name, f) for f in faults]
    for name, fault in all_faults:
        print(f"\n--- {name}: traceback ---\n{fault}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
