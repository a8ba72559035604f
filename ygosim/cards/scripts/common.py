"""Shapes and helpers many card scripts share (the card scripts themselves live in
`monsters/`, `spells/` and `traps/`, one file per first letter of the card's name).

Equip Spells and Field Spells that change ATK/DEF; who may be Special Summoned by an effect;
small conditions and selectors used by cards in several files.
"""
from __future__ import annotations

from ...engine import actions as A
from ...engine import const as K
from ...engine.const import FIELD, GY, HAND, MZONE
from ...engine.effects import (Target, continuous, ignition, rule, special_procedure, spell, trap,
                               trigger)
from ...engine.flow import special_rule_locked, summon_rule_locked
from ...engine.flow.chain import hand_toll, prohibited


# ------------------------------------------------------------------------------ summoning
def summons_locked(d, p):
    """Does a continuous `summon_lock` or `special_lock` rule forbid player p to Special
    Summon? Cards that would Special Summon then cannot be activated (The Last Warrior from
    Another Planet, Jowgen the Spiritualist)."""
    return summon_rule_locked(d, p) or \
        ("special_lock" in d.static_index and special_rule_locked(d, p))


def can_special_summon_from(d, c, p):
    """May card c be Special Summoned by an effect (for player p)? Not if it says so, nor a
    Fusion/Ritual/Extra Deck monster that was never properly summoned."""
    data = d.data[c]
    if not data.is_monster:
        return False
    if summons_locked(d, p):
        return False
    if data.script is not None and (data.script.cannot_special_summon or (
            "special_if" in data.script.extra and not data.script.extra["special_if"](d, c, p))):
        return False        # (Guardian Kay'est: only with its Rod)
    if (data.is_extra_deck or "ritual" in data.frames) and not d.proper(c):
        return False
    if d.loc[c] == HAND and "hand_toll" in d.static_index and d.lp[p] < hand_toll(d, p):
        return False        # (Chain Energy: the LP to play it from the hand)
    if d.loc[c] == GY and data.script is not None and "revive_tribute" in data.script.extra \
            and not any(data.script.extra["revive_tribute"](d, x) for x in d.monsters(p)):
        return False        # (Tyrant Dragon: a Dragon to Tribute)
    if not summon_condition_ok(d, c):
        return False
    return "prohibited" not in d.static_index or not prohibited(d, c)   # (Prohibition)


def summon_condition_ok(d, c) -> bool:
    """Does card c's own Summon condition (its script's extra) let an effect Special Summon it
    from where it is now? Not "must first be Special Summoned by its own procedure" or "must be
    Fusion Summoned" (`nomi`) until it was; never "can only be Special Summoned by Fusion
    Summon" (`fusion_only`: 2005's Dark Paladin, the Elemental HEROes; not even Monster Reborn
    after a Fusion Summon, nor Metamorphosis); "cannot be Special Summoned from the GY"
    (`no_gy_summon`: today's Dragon Cannons) not from the Graveyard."""
    s = d.data[c].script
    if s is None or not s.extra:
        return True
    x = s.extra
    if x.get("fusion_only") or (x.get("nomi") and not d.proper(c)):
        return False
    return not (x.get("no_gy_summon") and d.loc[c] == K.GY)


def banish_procedure(filter, prompt, n=1):
    """The `extra` of a monster Special Summoned from the hand by its own procedure, banishing
    n monsters (matching filter(duel, card)) from its owner's Graveyard as the cost (no Chain;
    it must first be Summoned this way): Gigantes (an EARTH monster), Aqua Spirit (WATER), Dark
    Necrofear (3 Fiends)."""
    fit = A.banishable_from_gy(A.YOU, lambda d, c: d.data[c].is_monster and filter(d, c))
    return special_procedure(
        cost=(A.choose(fit, n, into="banish", prompt=prompt), A.banish_cost(A.chosen("banish"))),
        can_pay=A.exists(fit, n))


def summonable(filter=None):
    """Filter: a monster the player may Special Summon by an effect (and matching filter)."""
    return lambda d, c: can_special_summon_from(d, c, d.owner[c]) and \
        (filter is None or filter(d, c))


def free_zone(d, link):
    """A condition: the player has a free Main Monster Zone."""
    return bool(d.free_mzones(link["player"]))


def in_graveyard(who=A.YOU, filter=None):
    """Selector: monsters in a Graveyard that the player may Special Summon (revive)."""
    return A.pile(GY, who, summonable(filter))


def still_here(d, link):
    """A condition: the activated card is still on the field (it was not destroyed in the
    Chain: its activation then does nothing)."""
    c = link["card"]
    return bool(d.loc[c] & FIELD) and d.mid[c] == link["cmid"]


def _equip_to_summoned(d, link):
    """This card becomes equipped to the monster it just Summoned."""
    c = link["card"]
    mons = A.summoned()(d, link)
    if mons and still_here(d, link) and d.faceup(mons[0]):
        d.serial += 1                   # the equip comes after the Summon (a "When Summoned"
        d.attach_equip(c, mons[0])      # optional trigger misses its timing)


def revive_equip(lp, who=A.YOU):
    """An Equip Spell that revives: pay `lp` LP (a cost), target a monster in `who`'s Graveyard,
    Special Summon it to your field in Attack Position and equip it with this card; when this
    card is destroyed, that monster is destroyed (give the script `extra={"bind":
    K.BIND_KILL_ON_DESTROY}`): Premature Burial, Autonomous Action Unit (the opponent's)."""
    return spell(
        cost=A.pay_lp(lp), can_pay=A.lp_at_least(lp), condition=free_zone,
        target=Target(in_graveyard(who), prompt="choose a monster in "
                      + ("your" if who == A.YOU else "your opponent's") + " Graveyard"),
        operation=A.when(still_here,
                         A.special_summon(A.targets, pos=K.ATTACK, into="summoned"),
                         _equip_to_summoned,
                         A.bind(A.summoned(), K.BIND_KILL_ON_DESTROY)))


def _steal(d, link):
    """Equip it to the target and take control of that monster while it stays equipped."""
    c = link["card"]
    ts = A.targets(d, link)
    if not ts or not still_here(d, link) or not d.faceup(ts[0]) or d.loc[ts[0]] != MZONE:
        return
    t = ts[0]
    d.attach_equip(c, t)
    before = d.ctrl[t]
    if before != link["player"]:
        d.set_control(t, link["player"])
        if d.ctrl[t] == link["player"]:
            d.write(f"{d.names[link['player']]} takes control of {d.card(t)}")
    d.bind(c, t, K.BIND_CONTROL, before)


def opponents_standby(d, link):
    """A trigger condition: the opponent's Standby Phase, while this Equip Card is equipped
    (Snatch Steal's 1000 LP, Falling Down's 800 damage)."""
    c = link["card"]
    return d.tp != d.ctrl[c] and d.equip[c] is not None


def destroy_if_still(d, p, payload):
    """A delayed apply (A.delay): destroy the monsters of payload ((card, identity) pairs)
    that are still on the field as they were (Limiter Removal, Wild Nature's Release)."""
    left = [c for c, mid in payload if d.mid[c] == mid and d.loc[c] == MZONE]
    if left:
        d.destroy(left, K.R_EFFECT, p)


def steal_equip():
    """The activation of an Equip Spell equipped only to a face-up monster the opponent
    controls, whose player controls that monster while it is equipped (Snatch Steal, Falling
    Down; give the script `extra={"bind": K.BIND_CONTROL}`)."""
    return spell(target=Target(A.takeable_monsters(A.OPP, faceup=True),
                               prompt="choose a face-up monster your opponent controls"),
                 condition=free_zone, operation=_steal)


# ------------------------------------------------------------------------------ Destiny Board
SPIRIT_MESSAGES = ('Spirit Message "I"', 'Spirit Message "N"', 'Spirit Message "A"',
                   'Spirit Message "L"')
_BOARD_CARDS = frozenset(SPIRIT_MESSAGES) | {"Destiny Board"}


def _board_cards_up(d, p) -> list:
    """Destiny Board and the Spirit Messages face-up in player p's Spell & Trap Zones."""
    return [c for c in d.szone[p] if c >= 0 and d.faceup(c) and d.data[c].name in _BOARD_CARDS]


def _board_left(d, link):
    """This card (Destiny Board or a Spirit Message) has just left its player's field face-up,
    and others of the set are still there."""
    ev = link.get("event")
    c = link["card"]
    if ev is None or ev[1] != c or d.mid[c] != ev[2] or not ev[6] or not ev[6][2]:
        return False
    return bool(_board_cards_up(d, ev[6][1]))


def _board_falls(d, link):
    """The rest of the set goes to the Graveyard (no Chain)."""
    ev = link["event"]
    rest = _board_cards_up(d, ev[6][1])
    if rest:
        d.write(f"{d.cards(rest)} go to the Graveyard with {d.card(ev[1])}")
        d.send(rest, GY, K.R_EFFECT, ev[6][1])


def board_falls():
    """ "If Destiny Board or a Spirit Message you control leaves the field, send all of them to
    the Graveyard" (applied, no Chain: EDOPro official/c94212438.lua)."""
    return rule(K.EV_LEFT_FIELD, _board_falls, condition=_board_left,
                range=GY | K.BANISHED | K.HAND | K.DECK | K.EXTRA)


def spirit_message():
    """A Spirit Message: it cannot be activated nor Set; only Destiny Board puts it on the
    field."""
    return dict(effects=(board_falls(), continuous("cannot_set", range=0)),   # (a marker: the
                extra={"cannot_set": True})                               # idle options read it)


def check_destiny_board(d, p) -> None:
    """Player p wins when Destiny Board and the four Spirit Messages are face-up on their
    field."""
    names = {d.data[c].name for c in _board_cards_up(d, p)}
    if d.winner is None and names >= _BOARD_CARDS:
        d.winner, d.win_reason = p, K.WIN_DESTINY_BOARD
        d.write(f"{d.names[p]} completes the Destiny Board message and wins")


# ------------------------------------------------------------------------------ Spirits
def _spirit_due(d, link):
    """In the End Phase of a turn it was Normal Summoned or flipped face-up, face-up."""
    c = link["card"]
    if d.loc[c] != MZONE or not d.faceup(c):
        return False
    t = d.turn
    return d.flip_turn[c] == t or (d.turn_in[c] == t and d.summon[c] in K.NORMAL_SUMMONS)


def spirit_return():
    """A Spirit monster's rule: in the End Phase of the turn it was Normal Summoned or flipped
    face-up, it returns to its owner's hand (a mandatory trigger). Script it as
    `script(NAME, spirit_return(), ..., cannot_special_summon=True)`."""
    return trigger(K.EV_END_PHASE, A.to_hand(A.this_card_here), optional=False,
                   condition=_spirit_due, label="return to the hand")


# ------------------------------------------------------------------------------ Toons
TOON_WORLD = "Toon World"


def is_toon(d, c):
    """A filter: a Toon monster card."""
    return d.data[c].has_frame("toon")


def controls_toon_world(d, p):
    """Does player p control a face-up Toon World?"""
    return any(d.data[s].name == TOON_WORLD and d.faceup(s) for s in d.spells(p))


def summoned_this_turn(d, c):
    """Was monster c Normal, Flip or Special Summoned this turn (not Set: a Flip Summon is a
    manual change of position that turned it face-up this turn)?"""
    t = d.turn
    if d.turn_in[c] == t and d.summon[c] not in (K.SUM_SET, K.SUM_NONE):
        return True
    return d.flip_turn[c] == t and d.pos_turn[c] == t


def _toon_cannot_attack_yet(d, src, c):
    return c == src and summoned_this_turn(d, c)


def _toon_direct(d, src, c):
    if c != src or not controls_toon_world(d, d.ctrl[c]):
        return False
    return not any(d.faceup(x) and is_toon(d, x) for x in d.monsters(1 - d.ctrl[c]))


def _toon_world_destroyed(d, link):
    ev = link.get("event")
    return ev is not None and ev[1] >= 0 and d.data[ev[1]].name == TOON_WORLD and \
        bool(ev[6][0] & FIELD) and ev[6][2]


def toon_rules():
    """The rules of a Toon that may be Normal Summoned (2005's "next-generation" Toons: Toon
    Cannon Soldier, Toon Goblin Attack Force; their texts today alike): it cannot attack the
    turn it is Normal, Flip or Special Summoned; when a face-up Toon World on the field (either
    player's) is destroyed, it is destroyed (applied, no Chain); while its controller controls
    a face-up Toon World and the opponent controls no face-up Toon monster, it may attack
    directly. Use as `script(NAME, *toon_rules(), ...)`."""
    return (continuous("cannot_attack", _toon_cannot_attack_yet),
            rule(K.EV_DESTROYED, A.destroy(A.this_card_here), condition=_toon_world_destroyed,
                 label="destroyed with Toon World"),
            continuous("direct_attack", _toon_direct))


# ------------------------------------------------------------------------------ selectors
not_this = A.excluding_this    # sel without the activated card (a card does not target itself)


def all_of(*conds):
    """A condition: every one of conds holds."""
    def cond(d, link):
        for c in conds:
            if not c(d, link):
                return False
        return True
    return cond


def destroy_chosen(sel, pick, prompt):
    """A Spell that destroys one card of pick(sel) (chosen while resolving; no target; e.g. the
    one with the lowest ATK), activated only while sel has a card (Fissure, Smashing Ground)."""
    return spell(condition=A.exists(sel),
                 operation=(A.choose(pick(sel), prompt=prompt), A.destroy(A.chosen())))


# ------------------------------------------------------------------------------ the hand
def discard(n=1, cost=False, into="discarded", prompt=None, filter=None):
    """The player discards n cards (matching filter) of their choice (as a cost with `cost`:
    never the card being used; check with can_pay=can_discard(n, filter)). The part itself is
    actions.discard."""
    return A.discard(n, filter=filter, cost=cost, into=into, prompt=prompt)


can_discard = A.can_discard     # can_pay: n cards (matching filter) besides the card used


# ------------------------------------------------------------------------------ the Deck
def deck_by_name(d, link):
    """The player's Deck in name order (showing it does not give its order away)."""
    return sorted(d.deck[link["player"]], key=lambda c: d.data[c].name)


def search_spell(filter, prompt, goat=False):
    """A Spell that adds a card (matching filter) from its player's Deck to the hand (shown),
    then shuffles. Today it needs such a card in the Deck; with `goat` (2005 ruling R1 of
    docs/goat-cards.md) it may be activated with none: the Deck is shown to the opponent to
    confirm, and shuffled."""
    cards = A.pile(K.DECK, A.YOU, filter)
    search = (A.choose(cards, prompt=prompt), A.to_hand(A.chosen()), A.shuffle_deck(A.YOU))
    if not goat:
        return spell(condition=A.exists(cards), operation=search)
    return spell(operation=(A.when(lambda d, link: not cards(d, link),
                                   A.reveal(deck_by_name, to=A.OPP)),) + search)


def search_on_summon(filter, prompt, label, goat=False,
                     events=(K.EV_NORMAL_SUMMONED, K.EV_FLIP_SUMMONED)):
    """ "When this card is Normal or Flip Summoned: you can add 1 card (matching filter) from
    your Deck to your hand" (an optional "When" trigger: Manju of the Ten Thousand Hands, Senju
    of the Thousand Hands, Sonic Bird). Today it needs such a card in the Deck; the 2005
    version (`goat`, ruling R1) may be activated with none: the Deck is then shown to the
    opponent (in name order) and shuffled."""
    found = A.search(filter, prompt=prompt)
    if not goat:
        return trigger(events, found, when=True, label=label,
                       condition=all_of(A.event_is(*events),
                                        A.exists(A.pile(K.DECK, A.YOU, filter))))
    return trigger(events, found + (A.when(lambda d, link: not link["vars"].get("found"),
                                           A.reveal(deck_by_name, to=A.OPP)),),
                   when=True, label=label)


def normal_summonable(d, c):
    """Filter: a monster card that can be Normal Summoned or Set (not a Fusion/Ritual monster,
    nor one that "cannot be Normal Summoned": Black Luster Soldier - Envoy, Lava Golem)."""
    return d.ns_tributes[c] >= 0


def excavate_summon(summon_if=None):
    """Steps: turn over cards from the top of the player's Deck until a Normal Summonable
    monster appears, Special Summon it (only if `summon_if(duel, link)` holds, when given, and
    if it may be Special Summoned and there is room), and send every other card turned over
    (that monster too, if it was not Summoned) to the Graveyard: Monster Gate, Reasoning.
    With no such monster in the whole Deck nothing is sent: the cards turned over go back and
    the Deck is shuffled (ruling chosen, no 2005 source: the OCG FAQ on yugioh-wiki.net's
    Monster Gate page and EDOPro's scripts, Goat ones included; docs/rulings-choices.md)."""
    def summon_it(d, link):
        found = A.chosen("found")(d, link)
        if found and d.loc[found[0]] == K.DECK and can_special_summon_from(d, found[0],
                                                                          link["player"]) \
                and d.free_mzones(link["player"]) and (summon_if is None or summon_if(d, link)):
            A.special_summon(lambda d2, l2: found)(d, link)

    summon_it.summons = True        # (actions.special_summons_in)

    def rest(d, link):
        if not link["vars"].get("found"):       # nothing found: shuffled back
            d.write(f"{d.names[link['player']]} shuffles the cards turned over back into "
                    "the Deck")
            d.shuffle_deck(link["player"])
            return
        left = [c for c in link["vars"].get("excavated", ()) + link["vars"].get("found", ())
                if d.loc[c] == K.DECK]
        if left:
            d.send(left, GY, K.R_EFFECT, link["player"])
    return (A.excavate_until(normal_summonable), summon_it, rest)


def has_normal_summonable(d, link):
    """A condition: the player's Deck holds a Normal Summonable monster (today's Monster Gate
    and Reasoning; their 2005 versions did not need one)."""
    return any(normal_summonable(d, c) for c in d.deck[link["player"]])


# ------------------------------------------------------------------------------ Traps
def chained_to(test):
    """A condition: the Chain Link just below (the one a Counter Trap answers) passes
    test(duel, link of it)."""
    def cond(d, link):
        if not d.chain:
            return False
        return test(d, d.links[d.chain[-1]])
    return cond


def spell_card_activated(d, lk):
    """A Spell Card's activation (Magic Jammer, Spell Shield Type-8)."""
    return lk["card_act"] and d.data[lk["card"]].is_spell


def monster_effect_activated(d, lk):
    """The activation of a monster's effect (Divine Wrath)."""
    return not lk["card_act"] and d.data[lk["card"]].is_monster


def attack_trap(condition=None, **kw):
    """A Trap activated when a monster the opponent controls declares an attack (Mirror Force,
    Sakuretsu Armor, Magic Cylinder): only in the window that answers the declaration, never
    in the Damage Step."""
    cond = A.opponent_attacks if condition is None else all_of(A.opponent_attacks, condition)
    return trap(when=(K.EV_ATTACK,), condition=cond, **kw)


# ------------------------------------------------------------------------------ Equip / Field
def equip_to_target(d, link):
    """Operation of an Equip Spell: attach it to its target (if both are still there)."""
    c = link["card"]
    ts = A.targets(d, link)
    if ts and d.loc[c] and d.faceup(ts[0]) and d.mid[c] == link["cmid"]:
        d.attach_equip(c, ts[0])


def equip_boost(atk=0, def_=0, filter=None):
    """The continuous effect of an Equip Card: the monster it is equipped to (matching filter)
    gains atk/def (numbers, or functions (duel, this card) -> int: United We Stand, Mage
    Power); Equip Spells, and a Trap that becomes an Equip Card (Blast with Chain)."""
    def bonus(d, src, c):
        e = d.equip[src]
        if e is not None and e[0] == c and (filter is None or filter(d, c)):
            return (atk(d, src) if callable(atk) else atk,
                    def_(d, src) if callable(def_) else def_)
        return None
    return continuous("stat", bonus)


def equip_spell(filter=None, atk=0, def_=0, who=A.ANY, bind=0, cost=None, can_pay=None):
    """An Equip Spell for a face-up monster (matching filter) giving it +atk/+def (numbers, or
    functions (duel, this card) -> int: United We Stand, Mage Power). `bind`: once equipped,
    the card is bound to the monster with these const BIND_* flags (Big Bang Shot banishes it
    when it leaves the field; give the script `extra={"bind": ...}` too). `cost`/`can_pay`:
    the activation's cost (Twin Swords of Flashing Light - Tryce)."""
    op = equip_to_target if not bind else (equip_to_target, A.bind(_equipped_target, bind))
    return (spell(target=Target(A.monsters(who, faceup=True, filter=filter),
                                prompt="choose a monster to equip"),
                  operation=op, cost=cost, can_pay=can_pay),
            equip_boost(atk, def_, filter))


def _equipped_target(d, link):
    """The target, if this card is now equipped to it."""
    e = d.equip[link["card"]]
    return [t for t in A.targets(d, link) if e is not None and e[0] == t]


def equipped_only(d, src, c):
    """A continuous rule's apply that holds for the monster this card is equipped to
    (piercing, extra attacks, cannot attack...)."""
    e = d.equip[src]
    return e is not None and e[0] == c


def stat_aura(*boosts, range=MZONE, who=A.ANY):
    """A continuous effect: boosts are (filter, atk, def_) applied to every face-up monster on
    the field (`who`: A.YOU, only those its controller controls) while this card is face-up in
    `range` (Field Spells, Milus Radiant, Command Knight)."""
    def bonus(d, src, c):
        if who == A.YOU and d.ctrl[c] != d.ctrl[src]:
            return None
        da = dd = 0
        hit = False
        for f, a, df in boosts:
            if f(d, c):
                da += a
                dd += df
                hit = True
        return (da, dd) if hit else None
    return continuous("stat", bonus, range=range)


def battle_boost(filter, atk, def_, calc_only=False):
    """A continuous effect: while this card battles a face-up monster matching filter, it gains
    atk/def during the Damage Step of that battle (`calc_only`: during damage calculation
    only). No Chain Link: 2005's Cipher Soldier ("during the Damage Step only")."""
    def bonus(d, src, c):
        if c != src or d.attack is None or not K.DS_START <= d.step <= K.DS_END or \
                (calc_only and d.step != K.DS_CALC):
            return None
        o = A.battle_partner(d, src)
        return (atk, def_) if o >= 0 and d.faceup(o) and filter(d, o) else None
    return continuous("stat", bonus, range=MZONE)


def field_spell(*boosts):
    """A Field Spell: boosts are (filter, atk, def_) applied to every face-up monster."""
    return (spell(), stat_aura(*boosts, range=MZONE | 8))


def itself(d, src, c):
    """A continuous rule's apply that holds for its own card only (piercing, no direct attack,
    extra attacks, no control change...)."""
    return c == src


def spell_counters(limit=None):
    """ "Each time a Spell Card is activated, put a Spell Counter on this card when that Spell
    resolves" (at most `limit`; no Chain; only if this card was face-up when the Spell was
    activated: the `spell_resolved` rule, flow.chain.spell_resolved): Royal Magical Library."""
    return continuous("spell_resolved",
                      lambda d, src, link: d.add_counter(src, "spell", 1, limit), range=MZONE)


# ------------------------------------------------------------------------------ Archfiends
ARCHFIENDS = frozenset({"Summoned Skull"})     # Archfiends whose name does not say so


def is_archfiend(d, c):
    """Filter: an "Archfiend" monster (its name says so, or Summoned Skull)."""
    name = d.data[c].name
    return d.data[c].is_monster and ("Archfiend" in name or name in ARCHFIENDS)


def pay_or_destroy(n):
    """ "During each of your Standby Phases, pay n LP (this is not optional); if you cannot,
    destroy this card": a maintenance rule, no Chain Link (Infernalqueen Archfiend)."""
    def apply(d, src):
        p = d.ctrl[src]
        if d.tp != p or d.loc[src] != MZONE:
            return
        if d.lp[p] >= n:
            d.pay_lp(p, n)
        else:
            d.write(f"{d.names[p]} cannot pay for {d.card(src)}")
            d.destroy([src], K.R_RULE, p)
    return continuous("maintenance", apply, range=MZONE)


def dice_shield(*faces):
    """ "When this card is targeted by the effect of a card the opponent controls, roll a die as
    that effect resolves: on one of `faces`, negate the effect and destroy that card" (the
    `negate_targeting` rule rolling the duel's seeded die: Infernalqueen Archfiend 2 and 5)."""
    def apply(d, src, link):
        if link["player"] == d.ctrl[src]:
            return False
        roll = d.rng.die()
        d.write(f"{d.card(src)}: die roll {roll}")
        return roll in faces
    return continuous("negate_targeting", apply, range=MZONE)


# ------------------------------------------------------------------------------ absorbing monsters
def equipped_monster(d, src):
    """The monster card equipped to card src by its own effect (as an Equip Card), or -1."""
    mid = d.mid[src]
    for p in (0, 1):
        for e in d.sts[p]:
            eq = d.equip[e]
            if eq is not None and eq[0] == src and eq[1] == mid and d.data[e].is_monster:
                return e
    return -1


def _absorbed_stats(d, src, c):
    """Its ATK/DEF become the equipped monster's printed ATK/DEF (0 if it is face-down)."""
    if c != src:
        return None
    e = equipped_monster(d, src)
    if e < 0:
        return None
    base = d.data[src]
    if d.pos[e] & K.FACEDOWN:
        return (-base.atk, -base.def_)
    return (d.data[e].atk - base.atk, d.data[e].def_ - base.def_)


def _can_absorb(d, link):
    return equipped_monster(d, link["card"]) < 0 and A.free_spell_zone(d, link)


def _absorbed_substitute(d, src, c):
    return equipped_monster(d, src) if c == src else None


def absorb_monster(keep_face_down=False):
    """Thousand-Eyes Restrict's and Relinquished's effects: once per turn, target a monster the
    opponent controls (face-up or face-down) and equip it to this card, one at a time; this
    card's ATK/DEF become the equipped monster's printed ATK/DEF (0 while it is face-down);
    if this card would be destroyed by battle, the equipped monster is destroyed instead.
    `keep_face_down`: a face-down monster stays face-down as it is equipped (2005's
    Thousand-Eyes Restrict, which then becomes 0/0)."""
    return (continuous("stat", _absorbed_stats),
            continuous("battle_substitute", _absorbed_substitute),
            ignition(A.equip_monster(A.targets, keep_face_down=keep_face_down),
                     condition=_can_absorb,
                     target=Target(A.monsters(A.OPP), prompt="choose a monster to equip"),
                     once_per_turn=True, label="equip an opponent's monster"))


# ------------------------------------------------------------------------------ recruiters
def battle_destroyed_in_gy(d, link):
    """A trigger condition: this card was destroyed by battle and is in the Graveyard."""
    ev = link.get("event")
    return ev is not None and ev[0] == K.EV_BATTLE_DESTROYED and ev[1] == link["card"] and \
        d.loc[link["card"]] == K.GY


def battle_recruiter(filter, prompt, label, pos=K.ATTACK, r1=False):
    """"When this card is destroyed by battle and sent to the Graveyard: you can Special Summon
    1 monster (filter) from your Deck" (Giant Rat, Shining Angel): an optional "When" trigger
    that needs a free Main Monster Zone; today also a fitting monster in the Deck, while the
    2005 texts (`r1`, ruling R1) may be activated with none (the Deck is shown and shuffled)."""
    fit = summonable(filter)
    cond = all_of(battle_destroyed_in_gy, free_zone) if r1 else \
        all_of(battle_destroyed_in_gy, free_zone, A.exists(A.pile(K.DECK, A.YOU, fit)))
    return trigger(K.EV_BATTLE_DESTROYED, A.recruit(fit, pos=pos, prompt=prompt, confirm=r1),
                   when=True, range=K.GY, condition=cond, label=label)


# ------------------------------------------------------------------------------ LV monsters
def level_up(next_name, event, condition, r1=False):
    """A LV monster's level-up: at `event`, when `condition` holds, it may be sent from the
    field to the Graveyard (a cost) to Special Summon `next_name` from the hand or Deck (a
    Summon by a LV monster's effect: the next LV ignores its own Summoning conditions). Today
    that monster must be in the hand or Deck; 2005 (`r1`, ruling R1) it may be used with none
    (the hand and Deck are shown): Dark Mimic LV1, Mystic Swordsman LV2, Horus. The monster
    counts as properly Summoned, and its Summoning conditions are ignored (Horus LV8, which
    nothing else may Special Summon)."""
    def is_next(d, c):
        return d.data[c].name == next_name

    def there(d, link):
        p = link["player"]
        return any(is_next(d, c) for c in d.hand[p] + d.deck[p])
    return trigger(event, A.recruit(is_next, where=K.DECK | K.HAND, confirm=r1, proper=True,
                                    prompt=f"choose {next_name}"),
                   cost=A.send_to(A.this_card, GY, K.R_COST),
                   condition=condition if r1 else all_of(condition, there),
                   label=f"send it to the Graveyard: Special Summon {next_name}")


# ------------------------------------------------------------------------------ the draw
def _replaces_draw(d, link):
    """The turn player's normal draw is about to happen (this card's controller's, with a
    card in their Deck) and no card has replaced it yet."""
    from ...engine.flow.turn import DRAW_REPLACED
    p = link["player"]
    return p == d.tp and bool(d.deck[p]) and \
        not (d.pflags and d.player_flag(p, DRAW_REPLACED))


def _skip_draw(d, link):
    from ...engine.flow.turn import DRAW_REPLACED
    d.pflags.append((link["player"], DRAW_REPLACED, d.turn))
    d.write(f"{d.names[link['player']]} does not conduct their normal draw")


def draw_replacement(operation, label, condition=None):
    """ "During your Draw Phase, instead of conducting your normal draw: you can ..." (Freed
    the Matchless General): an optional Trigger Effect of a face-up monster, offered to the
    turn player at the start of their Draw Phase before the draw (EV_PREDRAW,
    flow/turn.py). Using it is the choice not to draw, made on activation (a cost-like player
    flag, `flow.turn.DRAW_REPLACED`): the player does not draw even if the effect is negated or
    the monster is gone when it resolves (then nothing happens at all), so no deck-out and no
    "when you draw" trigger. It needs a card in the Deck; once per turn per card name (one
    replacement per Draw Phase)."""
    cond = _replaces_draw if condition is None else all_of(_replaces_draw, condition)
    return trigger(K.EV_PREDRAW, operation, condition=cond, cost=_skip_draw,
                   once_per_turn="name", label=label)


# ------------------------------------------------------------------------------ activations
def no_opponent_traps_in_battle():
    """ "Your opponent cannot activate Trap Cards during the Battle Phase" (the Damage Step
    included; the `no_trap_activation` rule: Pitch-Black Warwolf, Mirage Dragon). Effects of
    Traps already face-up are not activations of Trap Cards: they are not stopped."""
    return continuous("no_trap_activation",
                      lambda d, src, p: p != d.ctrl[src] and d.phase == K.BATTLE)


# ------------------------------------------------------------------------------ positions
def _rests(d, src):
    if d.attacked[src] != d.turn:
        return
    if d.pos[src] == K.ATTACK:
        d.set_position(src, K.DEFENSE)
        d.write(f"{d.card(src)} is changed to Defense Position")
    d.flag_card(src, "no_position_change", d.turn + 2)


def rests_after_attacking():
    """ "If this card attacks, it is changed to Defense Position at the end of the Battle
    Phase, and its position cannot be changed until the end of your next turn" (the
    `battle_end` rule: no Chain): Goblin Attack Force, Giant Orc, Toon Goblin Attack Force."""
    return continuous("battle_end", _rests)


def turns_facedown():
    """ "Once per turn: you can change this card to face-down Defense Position" (an Ignition
    effect: Stealth Bird, Swarm of Scarabs, Medusa Worm...)."""
    return ignition(A.set_facedown(A.this_card_here), once_per_turn=True,
                    condition=lambda d, link: A.can_turn_facedown(d, link["card"]),
                    label="turn it face-down", opt_ends=K.ON_FIELD_THIS_TURN)


def on_flip_summon(operation, label, target=None):
    """ "When this card is Flip Summoned: ..." (mandatory; with a target, it does not activate
    when there is none). Not when it is flipped by an attack or an effect."""
    return trigger(K.EV_FLIP_SUMMONED, operation, optional=False, target=target, label=label)


def changed_to_defense(d, link):
    """A trigger condition on EV_POSITION_CHANGED: this card was changed from Attack Position
    to face-up Defense Position (manually or by an effect: Blade Rabbit, Dream Clown)."""
    ev = link.get("event")
    c = link["card"]
    return ev is not None and ev[1] == c and ev[6] == K.ATTACK and d.pos[c] == K.DEFENSE


def destroy_on_defense(label="destroy a monster the opponent controls"):
    """ "When this card is changed from Attack Position to Defense Position: target 1 monster
    your opponent controls; destroy it" (mandatory: Blade Rabbit, Dream Clown)."""
    return trigger(K.EV_POSITION_CHANGED, A.destroy(A.targets), optional=False,
                   condition=changed_to_defense,
                   target=Target(A.monsters(A.OPP), prompt="choose a monster to destroy"),
                   label=label)


def change_position(sel):
    """A step: each selected face-up monster goes to the other face-up battle position."""
    def step(d, link):
        for c in sel(d, link):
            if d.loc[c] == MZONE and d.faceup(c):
                new = K.DEFENSE if d.pos[c] == K.ATTACK else K.ATTACK
                d.set_position(c, new)
                if d.pos[c] == new:     # (not a monster unaffected by the effect)
                    d.write(f"{d.card(c)} is changed to "
                            f"{'Defense' if new == K.DEFENSE else 'Attack'} Position")
    return step
