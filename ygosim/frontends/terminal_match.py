"""`ygosim duel --match`: a Match against the bot in the terminal (ygosim/match.py).

Each Duel is a terminal Session (ygosim/frontends/terminal.py): the person is player A
(seat 0), the bot player B. Between Duels the person may side deck with plain text lines
("side: out CARD in CARD", "done"); the bot keeps its deck."""
from __future__ import annotations

from pathlib import Path


class MatchLeft(Exception):
    """The person quit a Duel (or input ended): the Match stops there."""


def replay_path(path: str | None, game: int) -> str | None:
    """Duel n's replay file: duel.json -> duel-1.json, duel-2.json ..."""
    if not path:
        return None
    p = Path(path)
    return str(p.with_name(f"{p.stem}-{game}{p.suffix}"))


def run_match(io, deck_a, deck_b, seed: int, bot: str, quiet: bool, options: dict,
              save_replay: str | None, deck_names, games: int = 3):
    """Play a Match in the terminal; returns the MatchResult (None if the person left)."""
    from ..match import play_match, text_side_deck
    from .terminal import NAMES, EndOfInput, Session, esc

    def play_one(da, db, duel_seed, opts, names, game):
        r = m_state.get("result")
        score = ""
        if r is not None and r.games:
            score = f" (you {r.wins[0]}, the bot {r.wins[1]}" + (
                f", {r.draws} drawn)" if r.draws else ")")
        io.out(f"[bold]== Duel {game} of the Match (best of {games}){esc(score)} ==[/]")
        s = Session(io, da, db, duel_seed, bot, quiet, opts, replay_path(save_replay, game),
                    deck_names)
        s.play()
        if s.duel is None or s.duel.winner is None:
            raise MatchLeft()
        return s.duel

    def read(prompt=""):
        try:
            return io.read(prompt)
        except EndOfInput:
            return None

    person_side = text_side_deck(read, lambda line: io.out(esc(line)))

    def side(player, deck, match):
        m_state["result"] = match.result
        if not deck.side:
            return None
        return person_side(player, deck, match)

    def shown(g, match):
        m_state["result"] = match.result
        io.out(esc(g.line(NAMES)))

    m_state = {}
    io.out(f"[bold]Match![/] Best of {games} Duels against the bot. The winner of the coin toss "
           "chooses to go first or second; after each Duel the loser chooses.")
    try:
        result = play_match(deck_a, deck_b, play_one_duel=play_one, side_deck=(side, None),
                            games=games, seed=seed, options=options, names=NAMES,
                            on_game=shown)
    except MatchLeft:
        io.out("You left the Match.")
        return None
    for g in result.games:
        io.out(esc(g.line(NAMES)))
    io.out(f"[bold]{esc(result.line(NAMES))}[/]")
    return result
