#!/bin/sh
# Instructions per duel (valgrind callgrind; unlike wall or CPU time they do not swing with the
# machine): 20 seeded random duels, minus Python's start-up and imports (0 duels).
# Usage: tools/instructions.sh [N=20]
set -e
n=${1:-20}
py=$(python3 -c "import sys; print(sys.executable)")    # the interpreter itself, not a shim
run() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$py" -c "
import sys
from ygosim.agents.random_agent import RandomAgent
from ygosim.engine.api import new_duel
from ygosim.formats.deck import load_deck
a, b = load_deck('yugi'), load_deck('kaiba')
for seed in range(int(sys.argv[1])):
    d = new_duel(a, b, seed=seed)
    agent = RandomAgent(seed)
    while d.winner is None:
        d.apply(agent.choose(d))
" "$1" 2>&1 | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
base=$(run 0)
total=$(run "$n")
python3 -c "print(f'{($total - $base) / $n / 1e6:.1f}M instructions per duel ({$n} duels)')"
