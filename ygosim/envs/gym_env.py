"""`DuelEnv`: a Gymnasium environment in which the agent plays one seat of a duel against a
built-in agent. See docs/envs.md."""
from __future__ import annotations

import gymnasium as gym

from ..engine.observe import observe
from .common import (DuelSetup, check_render_mode, end_reward, illegal_reason, make_opponent,
                     opponent_answer, render_text, winner_code)
from .encoding import Encoder


class DuelEnv(gym.Env):
    """One seat of a duel against a built-in opponent.

    deck, opponent_deck: the agent's and the opponent's decks (yugi, kaiba, masters, a .ydk
    path, a ydke:// URL, or a loaded Deck). opponent: an agent name ("random", "heuristic"),
    an object with choose(duel), or a callable f(duel) -> Option | option index | text.
    rules: "v10", "2020" or "goat" (ygosim.engine.rules.NAMES). seat: 0 (player A), 1 (B) or
    None (drawn at random each episode). max_steps: the agent's decisions before an episode is
    truncated. turn_cap: turns before the engine calls a draw.

    reset(seed=, options=) takes the same keys in `options` (deck, opponent_deck, opponent,
    rules, seat) for that episode and the following ones.

    Observations: the dict of arrays of ygosim.envs.encoding (docs/envs.md), built only from
    observe(duel, seat). Actions: Discrete(max_actions); action i answers with option i of the
    pending decision; `obs["action_mask"]` marks the legal ones. An action outside the mask is
    refused: the duel does not change, the reward is `illegal_reward` (0 by default) and
    info["illegal_action"] says why. Reward: +1 win, -1 loss, 0 draw, at the end.
    info: "seat", "turn", "n_actions" (legal answers now), "winner" (-1 not over, 0 or 1 the
    winning seat, 2 a draw).
    """

    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(self, deck="yugi", opponent_deck="kaiba", opponent="random", rules="v10",
                 seat=0, max_steps: int = 3000, turn_cap: int = 200, max_cards: int = 160,
                 max_actions: int = 64, max_chain: int = 16, illegal_reward: float = 0.0,
                 render_mode=None, allow_unscripted: bool = False):
        super().__init__()
        self.render_mode = check_render_mode(render_mode, self.metadata)
        self.encoder = Encoder(max_cards, max_actions, max_chain)
        self.observation_space = self.encoder.observation_space()
        self.action_space = self.encoder.action_space()
        self.setup = DuelSetup(deck, opponent_deck, rules, seat, turn_cap,
                                allow_unscripted)
        self._opponent_ref = opponent
        make_opponent(opponent, 0)       # a bad name fails here, not at the first reset
        self.max_steps = max_steps
        self.illegal_reward = float(illegal_reward)
        self.duel = None
        self.seat = 0
        self.steps = 0
        self.opponent = None

    # ------------------------------------------------------------------------ API
    def reset(self, *, seed=None, options=None):
        super().reset(seed=seed)
        opts = dict(options or {})
        if "opponent" in opts:
            make_opponent(opts["opponent"], 0)
            self._opponent_ref = opts.pop("opponent")
        self.setup.update(opts)
        rng = self.np_random
        duel_seed = int(rng.integers(0, 2 ** 62))
        self.seat = self.setup.pick_seat(rng)
        self.opponent = make_opponent(self._opponent_ref, int(rng.integers(0, 2 ** 62)))
        self.duel = self.setup.new_duel(duel_seed, self.seat)
        self.steps = 0
        self._opponent_moves()
        return self._obs(), self._info()

    def step(self, action):
        if self.duel is None:
            raise RuntimeError("DuelEnv.step() before reset()")
        d = self.duel
        if d.winner is not None:
            raise RuntimeError("DuelEnv.step() after the episode ended: call reset()")
        self.steps += 1
        why = illegal_reason(d, action, self.encoder.max_actions)
        info_extra = {}
        reward = 0.0
        if why:
            info_extra["illegal_action"] = why
            reward = self.illegal_reward
        else:
            d.apply(int(action))
            self._opponent_moves()
        terminated = d.winner is not None
        if terminated:
            reward = end_reward(d, self.seat)
        truncated = not terminated and self.steps >= self.max_steps
        info = self._info()
        info.update(info_extra)
        return self._obs(), reward, terminated, truncated, info

    def render(self):
        if self.render_mode == "ansi" and self.duel is not None:
            return render_text(self.duel, self.seat)
        return None

    # ------------------------------------------------------------------------ inside
    def _opponent_moves(self) -> None:
        d = self.duel
        while d.winner is None and d.pending.player != self.seat:
            d.apply(opponent_answer(self.opponent, d))

    def _obs(self) -> dict:
        return self.encoder.encode(observe(self.duel, self.seat, words=False))

    def _info(self) -> dict:
        d = self.duel
        return {"seat": self.seat, "turn": d.turn, "winner": winner_code(d),
                "n_actions": 0 if d.pending is None else len(d.pending.options)}
