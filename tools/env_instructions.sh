#!/bin/sh
# Instructions per DuelEnv step (valgrind callgrind: unlike CPU time they do not swing with the
# machine's load): N steps of random legal actions against the random opponent, minus the same
# run with 0 steps (Python's start-up, imports, the environment and its first reset).
# Usage: tools/env_instructions.sh [N=2000] [RULES=v10 DECK=yugi OPPONENT_DECK=kaiba]
#   e.g. tools/env_instructions.sh 2000 goat goat-control goat-control
set -e
n=${1:-2000}
rules=${2:-v10}
deck=${3:-yugi}
opp=${4:-kaiba}
. "$(dirname "$0")/callgrind.sh"
run() {
    instructions "
import sys
import numpy as np
from ygosim.envs import DuelEnv
env = DuelEnv(deck=sys.argv[3], opponent_deck=sys.argv[4], opponent='random', rules=sys.argv[2])
rng = np.random.default_rng(0)
obs, _ = env.reset(seed=0)
for _ in range(int(sys.argv[1])):
    obs, r, term, trunc, _ = env.step(int(rng.choice(np.flatnonzero(obs['action_mask']))))
    if term or trunc:
        obs, _ = env.reset()
" "$1" "$rules" "$deck" "$opp"
}
base=$(run 0)
total=$(run "$n")
python3 -c "print(f'{($total - $base) / $n / 1e3:.0f}K instructions per step ({$n} steps, $deck vs $opp, $rules rules)')"
