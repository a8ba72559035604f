"""Master Rule 4 details the scenario files cannot set up: Link Arrow geometry, co-links and the
Extra Link, Xyz Materials (clone, face-down, control, detach), Tokens, proper summons."""
from ygosim.cards.db import card_db
from ygosim.cards.model import CardData
from ygosim.engine import actions as A
from ygosim.engine import const as K
from ygosim.engine import extra as X
from ygosim.engine.api import add_card, blank_duel, index_scripts, apply_rule_options
from ygosim.engine.effects import CardScript, ignition
from ygosim.engine.flow import push, run
from ygosim.play.scenario import build


def duel_with(setup, rules="v10"):
    """A Main Phase 1 duel, turn 2, A to play; setup(d, add) places cards before the start."""
    d = blank_duel(0, {"rules": rules})
    d.turn = 2
    d.tp = 0
    d.phase = K.MAIN1
    db = card_db()
    for p in (0, 1):
        for _ in range(10):
            add_card(d, db["Celtic Guardian"], p, K.DECK)

    def add(card, p, loc, seq=None, pos=K.ATTACK):
        data = db[card] if isinstance(card, str) else card
        c = add_card(d, data, p)
        d.place(c, loc, p, seq, pos)
        if loc == K.EXTRA:
            d.pos[c] = K.FACEDOWN
        d.turn_in[c] = 1
        return c
    setup(d, add)
    index_scripts(d)
    apply_rule_options(d)
    push(d, "turn", s=4)
    push(d, "main")
    run(d)
    return d


def texts(d):
    return d.texts()


# ------------------------------------------------------------------------------ geometry
def test_arrows_from_each_side():
    cs = {}

    def setup(d, add):
        cs["a"] = add("LANphorhynchus", 0, K.MZONE, 5)         # A's left EMZ, above A's m2
        cs["b"] = add("LANphorhynchus", 1, K.MZONE, 6)         # B's left EMZ, above B's m2
        cs["s"] = add("Gaia Saber, the Lightning Shadow", 0, K.MZONE, 2)   # A's m3
    d = duel_with(setup)
    assert X.points_to(d, cs["a"]) == {0, 2}                   # A's m1 and m3
    assert X.points_to(d, cs["b"]) == {5 + 0, 5 + 2}           # B's m1 and m3
    assert X.points_to(d, cs["s"]) == {1, 3}                   # A's m2 and m4 (bottom: none)
    assert X.linked_zones(d, 0) == {0, 1, 2, 3}
    assert X.linked_zones(d, 1) == {0, 2}
    assert d.linked_zones(0) == {0, 1, 2, 3}
    # the Link Monster in m3 is pointed to by the one in the EMZ; they are not co-linked
    assert cs["a"] in X.linked_cards(d, cs["s"]) and X.is_linked(d, cs["s"])
    assert X.co_linked(d, cs["s"]) == []


def test_co_linked_side_by_side():
    cs = {}

    def setup(d, add):
        cs["l"] = add("Gaia Saber, the Lightning Shadow", 0, K.MZONE, 1)
        cs["r"] = add("Gaia Saber, the Lightning Shadow", 0, K.MZONE, 2)
        cs["m"] = add("Celtic Guardian", 0, K.MZONE, 3)
    d = duel_with(setup)
    assert X.co_linked(d, cs["l"]) == [cs["r"]]
    assert X.co_linked(d, cs["r"]) == [cs["l"]]
    assert set(X.linked_cards(d, cs["m"])) == {cs["r"]}
    assert X.co_linked(d, cs["m"]) == []


def _test_link(name, arrows):
    return CardData(name=name, passcode=1, kind="monster", frames=("link", "effect"),
                    attribute="DARK", type="Cyberse", atk=1000, link_rating=len(arrows),
                    link_arrows=tuple(arrows),
                    script=CardScript(extra={"link": X.LinkRecipe(1, 0)}))


def test_extra_link_opens_the_second_emz():
    left = _test_link("Left", ["bottom-right"])
    bridge = _test_link("Bridge", ["top-left", "top-right"])
    new = _test_link("New", ["bottom-left"])
    cs = {}

    def setup(d, add):
        cs["x"] = add(left, 0, K.MZONE, 5)        # A's left EMZ -> points to A's m3
        cs["y"] = add(bridge, 0, K.MZONE, 2)      # A's m3 -> points to both EMZs
        cs["z"] = add(new, 0, K.EXTRA)
        cs["v"] = add("Fire Opalhead", 0, K.EXTRA)
    d = duel_with(setup)
    assert X.co_linked(d, cs["x"]) == [cs["y"]]
    # New in the right EMZ would point to m3 (Bridge), which points back: an Extra Link
    assert 6 in d.summon_zones(0, cs["z"])
    # a monster that cannot make the Extra Link does not get the second EMZ
    d.pos[cs["v"]] = K.ATTACK                     # a face-up Pendulum Monster
    assert 6 not in d.summon_zones(0, cs["v"])
    # without the bridge's arrow up to the right EMZ there is no Extra Link
    d2 = duel_with(lambda d, add: (add(left, 0, K.MZONE, 5),
                                   add(_test_link("Bridge2", ["top-left"]), 0, K.MZONE, 2),
                                   add(new, 0, K.EXTRA)))
    z2 = d2.extra[0][0]
    assert 6 not in d2.summon_zones(0, z2)


# ------------------------------------------------------------------------------ Xyz
def _xyz_duel(extra_script=None):
    cs = {}

    def setup(d, add):
        cs["x"] = add("Gem-Knight Pearl", 0, K.EXTRA)
        cs["m1"] = add("Celtic Guardian", 0, K.MZONE, 0)
        cs["m2"] = add("Mystical Elf", 0, K.MZONE, 1)
    d = duel_with(setup)
    d.apply("xyz Gem-Knight Pearl using Celtic Guardian, Mystical Elf")
    d.apply("position attack")
    return d, cs


def test_xyz_materials_are_attached_plain_data():
    d, cs = _xyz_duel()
    x, m1, m2 = cs["x"], cs["m1"], cs["m2"]
    assert d.loc[x] == K.MZONE and d.seq[x] == 5
    assert set(d.overlay[x]) == {m1, m2}
    assert d.loc[m1] == K.OVERLAY and d.loc[m2] == K.OVERLAY
    assert m1 not in d.gy[0] and d.monsters(0) == (x,)
    assert d.summon[x] == K.SUM_XYZ and d.proper(x)
    # clone() copies them: changing one duel leaves the other alone
    e = d.clone()
    e.send([x], K.GY, K.R_EFFECT)
    assert set(d.overlay[x]) == {m1, m2} and d.loc[m1] == K.OVERLAY
    assert e.overlay[x] == () and set(e.gy[0]) == {x, m1, m2}


def test_detach_as_a_cost():
    data = card_db()["Gem-Knight Pearl"]
    eff = ignition(A.draw(1), cost=A.detach(1), can_pay=A.has_materials(1), once_per_turn=True)
    pearl = CardData(name="Test Pearl", passcode=2, kind="monster", frames=("xyz", "effect"),
                     attribute="EARTH", type="Rock", atk=data.atk, def_=data.def_, rank=4,
                     script=CardScript(effects=(eff,), extra={"xyz": X.XyzRecipe(4, 2)}))
    cs = {}

    def setup(d, add):
        cs["x"] = add(pearl, 0, K.EXTRA)
        cs["m1"] = add("Celtic Guardian", 0, K.MZONE, 0)
        cs["m2"] = add("Mystical Elf", 0, K.MZONE, 1)
    d = duel_with(setup)
    assert "activate Test Pearl" not in texts(d)
    d.apply("xyz Test Pearl using Celtic Guardian, Mystical Elf")
    d.apply("position attack")
    hand = len(d.hand[0])
    assert "activate Test Pearl" in texts(d)
    d.apply("activate Test Pearl")
    assert d.pending.kind == "select"             # which material to detach
    d.apply("choose Mystical Elf")
    while d.pending.kind != "action":
        d.apply("pass")
    assert d.overlay[cs["x"]] == (cs["m1"],)
    assert d.gy[0] == [cs["m2"]]
    assert len(d.hand[0]) == hand + 1


def test_tokens_are_no_xyz_materials_but_link_materials():
    token = CardData(name="Test Token", passcode=3, kind="monster", frames=("normal", "token"),
                     attribute="EARTH", type="Rock", level=4)

    def setup(d, add):
        add("Gem-Knight Pearl", 0, K.EXTRA)
        add("LANphorhynchus", 0, K.EXTRA)
        add(token, 0, K.MZONE, 0)
        add("Celtic Guardian", 0, K.MZONE, 1)
    d = duel_with(setup)
    t = texts(d)
    assert not any(x.startswith("xyz ") for x in t)
    assert "link LANphorhynchus using Test Token, Celtic Guardian" in t


# ------------------------------------------------------------------------------ proper summons
def test_not_properly_summoned_cannot_be_revived():
    cs = {}

    def setup(d, add):
        cs["r"] = add("Monster Reborn", 0, K.HAND)
        cs["g"] = add("Gaia Knight, the Force of Earth", 0, K.GY)    # never summoned
        cs["f"] = add("Flash Knight", 0, K.GY)
    d = duel_with(setup)
    assert not d.proper(cs["g"])
    d.apply("activate Monster Reborn")
    names = {d.name(c) for o in d.pending.options for c in o.cards}
    assert names == {"Flash Knight"}


def test_properly_summoned_synchro_can_be_revived():
    doc = {"name": "t", "A": {"extra": ["Gaia Knight, the Force of Earth"],
                              "monsters": ["Tune Warrior", "Silver Fang"],
                              "hand": ["Dark Hole", "Monster Reborn"]}}
    d = build(doc)
    g = d.extra[0][0]
    d.apply("synchro Gaia Knight, the Force of Earth using Tune Warrior, Silver Fang")
    d.apply("position attack")
    assert d.proper(g) and d.summon[g] == K.SUM_SYNCHRO
    d.apply("activate Dark Hole")
    while d.pending.kind != "action":
        d.apply("pass")
    assert d.loc[g] == K.GY and d.proper(g)
    d.apply("activate Monster Reborn")
    d.apply('choose "Gaia Knight, the Force of Earth"')
    d.apply("position attack")
    while d.pending.kind != "action":
        d.apply("pass")
    assert d.loc[g] == K.MZONE and d.seq[g] < K.EMZ_BASE
    d.send([g], K.HAND, K.R_EFFECT)          # to the hand: back to the Extra Deck instead
    assert d.loc[g] == K.EXTRA and not d.proper(g)


def test_link_monsters_never_take_defense_position():
    cs = {}

    def setup(d, add):
        cs["l"] = add("LANphorhynchus", 0, K.MZONE, 5)
    d = duel_with(setup)
    d.set_position(cs["l"], K.DEFENSE)
    d.set_position(cs["l"], K.FACEDOWN_DEFENSE)
    assert d.pos[cs["l"]] == K.ATTACK
    assert "change LANphorhynchus" not in texts(d)
    assert d.def_(cs["l"]) == 0
def test_xyz_materials_stay_when_face_down_or_control_changes():
    d, cs = _xyz_duel()
    x = cs["x"]
    d.set_position(x, K.FACEDOWN_DEFENSE)
    assert len(d.overlay[x]) == 2
    d.set_position(x, K.ATTACK)
    d.set_control(x, 1)
    assert d.ctrl[x] == 1 and d.seq[x] < K.EMZ_BASE      # moved to a Main Monster Zone
    assert d.emz == [-1, -1]
    assert len(d.overlay[x]) == 2
    d.destroy([x])
    assert d.overlay[x] == ()
    assert set(d.gy[0]) == {x, cs["m1"], cs["m2"]}


