"""`DuelEnv`: a Gymnasium environment in which the agent plays one seat of a duel against a
built-in agent, a policy of its own observations, or itself. See docs/envs.md."""
from __future__ import annotations

import gymnasium as gym
import numpy as np

from .common import (SELF, DuelSetup, Seats, check_render_mode, end_reward, make_opponent,
                     render_text, winner_code)
from .encoding import Encoder


class DuelEnv(gym.Env):
    """One seat of a duel against an opponent.

    deck, opponent_deck: the agent's and the opponent's decks (yugi, kaiba, masters, a .ydk
    path, a ydke:// URL, or a loaded Deck). opponent: an agent name ("random", "heuristic"), an
    object with choose(duel) (a built-in agent), a callable f(obs) -> action that sees only the
    opponent's own observation (its "action_mask" included), or "self": `self_policy` (set it
    to the policy being trained, a callable f(obs) -> action) plays the other seat.
    rules: "v10", "2020" or "goat" (ygosim.engine.rules.NAMES). seat: 0 (player A), 1 (B) or
    None (drawn at random each episode). max_steps: the agent's decisions before an episode is
    truncated. turn_cap: turns before the engine calls a draw.

    reset(seed=, options=) takes the same keys in `options` (deck, opponent_deck, opponent,
    rules, seat) for that episode and the following ones, and "duel": start from a position (a
    Duel, e.g. ygosim.envs.start.from_replay / from_scenario) instead of a new duel.

    Observations: the dict of float32 arrays of ygosim.envs.encoding (docs/envs.md), built only
    from what the player may know. Actions: Discrete(max_actions); action i answers with the
    i-th answer shown (`obs["action_mask"]`, `action_masks()`); a decision with more answers
    comes in pages (the last action shows the next page). An action outside the mask is
    refused: the duel does not change, the reward is `illegal_reward` (0 by default) and
    info["illegal_action"] says why. Reward: +1 win, -1 loss, 0 draw, at the end.
    info: "seat", "turn", "n_actions" (legal answers now), "winner" (-1 not over, 0 or 1 the
    winning seat, 2 a draw).
    """

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 4}

    def __init__(self, deck="yugi", opponent_deck="kaiba", opponent="random", rules="v10",
                 seat=0, max_steps: int = 3000, turn_cap: int = 200, max_cards: int = 160,
                 max_actions: int = 64, max_chain: int = 16, max_history: int = 16,
                 illegal_reward: float = 0.0, render_mode=None, allow_unscripted: bool = False):
        super().__init__()
        self.render_mode = check_render_mode(render_mode, self.metadata)
        self.encoder = Encoder(max_cards, max_actions, max_chain, max_history)
        self.observation_space = self.encoder.observation_space()
        self.action_space = self.encoder.action_space()
        self.setup = DuelSetup(deck, opponent_deck, rules, seat, turn_cap,
                                allow_unscripted)
        self._opponent_ref = opponent
        make_opponent(opponent, 0)       # a bad name fails here, not at the first reset
        self.self_policy = None
        self.max_steps = max_steps
        self.illegal_reward = float(illegal_reward)
        self.duel = None
        self.view = None
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
        start = opts.pop("duel", None)
        self.setup.update(opts)
        rng = self.np_random
        duel_seed = int(rng.integers(0, 2 ** 62))
        self.seat = self.setup.pick_seat(rng)
        self.opponent = make_opponent(self._opponent_ref, int(rng.integers(0, 2 ** 62)))
        self.duel = start.clone() if start is not None else \
            self.setup.new_duel(duel_seed, self.seat)
        self.view = Seats(self.encoder, self.duel)
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
        why, applied = self.view.act(action)
        info_extra = {}
        reward = 0.0
        if why:
            info_extra["illegal_action"] = why
            reward = self.illegal_reward
        elif applied:
            self._opponent_moves()
        terminated = d.winner is not None
        if terminated:
            reward = end_reward(d, self.seat)
        truncated = not terminated and self.steps >= self.max_steps
        info = self._info()
        info.update(info_extra)
        return self._obs(), reward, terminated, truncated, info

    def action_masks(self) -> np.ndarray:
        """The legal actions now, as booleans (sb3-contrib's MaskablePPO asks for this)."""
        if self.view is None:
            return np.zeros(self.encoder.max_actions, bool)
        return self.view.mask(self.seat).astype(bool)

    def render(self):
        if self.duel is None or self.render_mode is None:
            return None
        text = render_text(self.duel, self.seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    # ------------------------------------------------------------------------ inside
    def _opponent_moves(self) -> None:
        d = self.duel
        other = 1 - self.seat
        while d.winner is None and d.pending.player != self.seat:
            agent = self.opponent
            if agent == SELF:
                agent = self.self_policy or self._random_policy
            if hasattr(agent, "choose"):
                d.apply(agent.choose(d))
                self.view.seen()
                continue
            why, _ = self.view.act(agent(self.view.observe(other)))
            if why:
                raise RuntimeError(f"the opponent's policy chose an illegal action: {why}")

    def _random_policy(self, obs):
        return int(self.np_random.choice(np.flatnonzero(obs["action_mask"])))

    def _obs(self) -> dict:
        return self.view.observe(self.seat)

    def _info(self) -> dict:
        d = self.duel
        return {"seat": self.seat, "turn": d.turn, "winner": winner_code(d),
                "n_actions": 0 if d.pending is None else len(d.pending.options)}
