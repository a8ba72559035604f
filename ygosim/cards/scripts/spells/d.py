"""Spells: D."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import ANY, OPP, YOU
from ....engine.const import BANISHED, GY, HAND
from ....engine.effects import Target, continuous, quickplay, script, spell
from ..common import all_of, equip_spell, not_this, summonable

script("Dark Energy", *equip_spell(A.is_type("Fiend"), 300, 300))
script("Dark Hole", spell(condition=A.exists(A.monsters(ANY)),
                          operation=A.destroy(A.monsters(ANY))))


# A face-up Spell or a Set card; a Set target is revealed and destroyed only if a Spell.
def _spell_card(d, c):
    """A Spell Card, or a Pendulum Monster in a Pendulum Zone (treated as a Spell Card)."""
    return d.data[c].is_spell or "pendulum" in d.data[c].frames



# Pay 1000 LP; the opponent discards 1 card at random (the duel's seeded generator), then 1
# card of their choice if they still hold one.
script("Delinquent Duo", spell(
    cost=A.pay_lp(1000), can_pay=A.lp_at_least(1000),
    condition=A.exists(A.pile(HAND, OPP)),
    operation=(A.discard_random(1, OPP),
               A.when(A.exists(A.pile(HAND, OPP)),
                      *A.discard(1, who=OPP, into="chosen_discard",
                                 prompt="discard 1 card of your choice")))))

script("De-Spell", spell(
    target=Target(not_this(A.spells_traps(ANY, filter=lambda d, c: _spell_card(d, c)
                                          or not d.faceup(c))),
                  prompt="choose a face-up Spell or a Set card"),
    operation=(A.reveal(lambda d, link: [c for c in A.targets(d, link) if not d.faceup(c)],
                        to=ANY),
               A.destroy(lambda d, link: [c for c in A.targets(d, link)
                                          if _spell_card(d, c)]))))

script("Dian Keto the Cure Master", spell(operation=A.gain_lp(1000)))


def _summon_banished(who, into):
    """The player `who` Special Summons as many of their banished monsters as they can (as many
    as they have free zones; they choose which, and each position)."""
    cands = A.pile(BANISHED, who, summonable())

    def room(d, link):
        p = link["player"] if who == YOU else 1 - link["player"]
        return len(d.free_mzones(p))
    return (A.choose(cands, count=room, into=into, who=who,
                     prompt="choose banished monsters to Special Summon"),
            A.special_summon(A.chosen(into), who=who))


def _someone_can_summon(d, link):
    p = link["player"]
    return any(d.free_mzones(q) and any(summonable()(d, c) for c in d.banished[q])
               for q in (p, 1 - p))


# Pay 2000 LP: both players Special Summon as many of their banished monsters as possible (only
# monsters that may be Special Summoned: a Fusion Monster must have been properly Summoned).
script("Dimension Fusion", spell(
    condition=_someone_can_summon, cost=A.pay_lp(2000), can_pay=A.lp_at_least(2000),
    operation=_summon_banished(YOU, "mine") + _summon_banished(OPP, "theirs")))


def _capsule_banish(d, link):
    """Banish the chosen card from the Deck face-down (only its owner knows it), shuffle, and
    remember it with this card (a player flag kept until the card is taken back)."""
    p, src = link["player"], link["card"]
    got = link["vars"].get("capsuled", ())
    if not got or d.loc[got[0]] != K.DECK:
        return
    c = got[0]
    d.place(c, BANISHED, p, pos=K.FACEDOWN)
    d.shuffle_deck(p)
    d.write(f"{d.names[p]} banishes a card from their Deck face-down")
    if d.loc[src] & K.FIELD and d.mid[src] == link["cmid"]:
        d.pflags.append((p, ("capsule", src, d.mid[src], c, d.mid[c]), K.FOREVER))


def _capsule_opens(d, src):
    """At the start of its controller's second Standby Phase after the activation: this card
    is destroyed and the card it banished goes to its owner's hand (no Chain)."""
    p = d.ctrl[src]
    if d.tp != p or d.turn - d.turn_in[src] < 4:
        return
    mine = [x for x in d.pflags if type(x[1]) is tuple and x[1][0] == "capsule"
            and x[1][1] == src and x[1][2] == d.mid[src]]
    d.write(f"{d.card(src)} opens")
    d.destroy([src], K.R_EFFECT, p)
    for x in mine:
        c, mid = x[1][3], x[1][4]
        if d.loc[c] == BANISHED and d.mid[c] == mid:
            d.place(c, HAND, d.owner[c])
            d.write(f"{d.names[d.owner[c]]} adds the card banished face-down to their hand")
    d.pflags = [x for x in d.pflags if x not in mine]


# Different Dimension Capsule (Normal Spell that stays on the field): choose a card in your Deck
# and banish it face-down (hidden from the opponent: observe), then shuffle; in your second
# Standby Phase after the activation this card is destroyed and that card is added to your
# hand. If this card leaves the field first, the card stays banished.
script("Different Dimension Capsule",
       spell(condition=lambda d, link: bool(d.deck[link["player"]]),
             operation=(A.choose(lambda d, link: sorted(d.deck[link["player"]],
                                                        key=lambda c: d.data[c].name),
                                 into="capsuled", prompt="choose a card to banish face-down"),
                        _capsule_banish, A.start_turn_count)),
       continuous("maintenance", _capsule_opens), extra={"stays": True})

_TRAP_STOPPERS = ("negate_traps", "no_trap_activation")


def _stops_traps(d, c):
    """A face-up card whose effect negates Trap Cards or their activation (Jinzo, Royal
    Decree): a continuous rule of those kinds in its script."""
    s = d.data[c].script
    return s is not None and any(e.static in _TRAP_STOPPERS for e in s.effects)


# Double Snare: target a face-up card on the field that negates Traps (their activation or
# effects) and destroy it.
script("Double Snare", spell(
    target=Target(not_this(A.union(A.monsters(ANY, faceup=True, filter=_stops_traps),
                                   A.spells_traps(ANY, faceup=True, filter=_stops_traps))),
                  prompt="choose a card that negates Traps"),
    operation=A.destroy(A.targets)))


_opp_hand = A.pile(HAND, OPP)


def _designated(d, link):
    """The declared card among the opponent's hand (one copy is banished); if none is there,
    a card of the player's own hand at random."""
    p, name = link["player"], link["vars"].get("declared")
    d.reveal(d.hand[1 - p], to=p)
    there = [c for c in d.hand[1 - p] if d.data[c].name == name]
    if there:
        d.send(there[:1], BANISHED, K.R_EFFECT, p)
    elif d.hand[p]:
        mine = d.hand[p]
        c = mine[d.rng.below(len(mine))]
        d.write(f"{d.names[p]} banishes a card of their hand at random")
        d.send([c], BANISHED, K.R_EFFECT, p)


# D.D. Designator: declare a card name (on activation); look at the opponent's hand: a copy of
# the declared card there is banished; if there is none, a random card of your own hand is.
# Needs a card in the opponent's hand and another in yours.
script("D.D. Designator", spell(
    condition=all_of(A.exists(_opp_hand), A.exists(not_this(A.pile(HAND, YOU)))),
    cost=A.declare(A.card_names, prompt="declare a card name"), operation=_designated))


def _discard_both_and_draw(d, link):
    out = [c for c in link["vars"].get("mine", ()) + link["vars"].get("theirs", ())
           if d.loc[c] == HAND]
    if out:
        d.send(out, GY, K.R_EFFECT | K.R_DISCARD, link["player"])
    for q in (link["player"], 1 - link["player"]):
        d.draw(q, 1)


# Dragged Down into the Grave: each player looks at the other's hand and picks a card of it,
# both are discarded; then each player draws 1 card.
script("Dragged Down into the Grave", spell(
    condition=A.exists(_opp_hand),
    operation=(A.reveal(_opp_hand, to=YOU),
               A.choose(_opp_hand, into="mine", prompt="choose a card of your opponent's hand"),
               A.reveal(A.pile(HAND, YOU), to=OPP),
               A.choose(A.pile(HAND, YOU), into="theirs", who=OPP,
                        prompt="choose a card of your opponent's hand"),
               _discard_both_and_draw)))


def _dark_magician(d, c):
    return d.data[c].name == "Dark Magician"


def _is_dmoc(d, c):
    return d.data[c].name == "Dark Magician of Chaos"


# Dedication through Light and Darkness (Quick-Play): Tribute a Dark Magician you control
# (cost): Special Summon Dark Magician of Chaos from your hand or Deck. 2005 (EDOPro's Goat
# version): from the hand, Deck or Graveyard, and usable with none there (the hand and Deck are
# shown: ruling R1).
script("Dedication through Light and Darkness", quickplay(
    cost=A.tribute(A.tributable(filter=_dark_magician)),
    can_pay=A.exists(A.tributable(filter=_dark_magician)),
    condition=lambda d, link: any(_is_dmoc(d, c) for q in (d.hand, d.deck)
                                  for c in q[link["player"]]),
    operation=A.recruit(_is_dmoc, where=K.DECK | HAND, pos=None,
                        prompt="choose Dark Magician of Chaos")))
script("Dedication through Light and Darkness", quickplay(
    cost=A.tribute(A.tributable(filter=_dark_magician)),
    can_pay=A.exists(A.tributable(filter=_dark_magician)),
    operation=A.recruit(_is_dmoc, where=K.DECK | HAND | GY, pos=None, confirm=True,
                        prompt="choose Dark Magician of Chaos")), era="goat")
