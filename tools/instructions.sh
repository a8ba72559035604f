#!/bin/sh
# Instructions per duel (valgrind callgrind; unlike wall or CPU time they do not swing with the
# machine): N seeded random-vs-random duels, minus Python's start-up, imports and loading the
# decks (0 duels). The duels are those `ygosim bench` plays (seed i: new_duel(seed=i) and
# RandomAgent(i)).
# Usage: tools/instructions.sh [N=20] [DECK_A=yugi DECK_B=kaiba [RULES=v10]]
#   e.g. tools/instructions.sh 20 goat-control chaos-turbo goat
# Cards the engine cannot play yet play without their effects, as in `ygosim bench`.
set -e
n=${1:-20}
deck_a=${2:-yugi}
deck_b=${3:-kaiba}
rules=${4:-v10}
. "$(dirname "$0")/callgrind.sh"
run() {
    instructions "
import sys
from ygosim.agents.random_agent import RandomAgent
from ygosim.engine.api import new_duel
from ygosim.formats.deck import load_deck
a, b = load_deck(sys.argv[2]), load_deck(sys.argv[3])
options = {'rules': sys.argv[4]}
for seed in range(int(sys.argv[1])):
    d = new_duel(a, b, seed=seed, options=options)
    agent = RandomAgent(seed)
    while d.winner is None:
        d.apply(agent.choose(d))
" "$1" "$deck_a" "$deck_b" "$rules"
}
base=$(run 0)
total=$(run "$n")
python3 -c "print(f'{($total - $base) / $n / 1e6:.1f}M instructions per duel ({$n} duels, $deck_a vs $deck_b, $rules rules)')"
