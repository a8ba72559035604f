"""The duel's random numbers (ygosim.engine.rng): one secret stream for the duel and one per
player's Deck, all from the seed; the same seed gives the same duel; a player's own Deck tells
nothing of the other's; the bots' imagined worlds never hold the real streams."""
import pickle

from ygosim.agents.random_agent import RandomAgent
from ygosim.engine.api import new_duel
from ygosim.engine.observe import determinize
from ygosim.engine.rng import DuelRng, Rng, secret_seed
from ygosim.formats.deck import load_deck

YUGI, KAIBA, JAR = load_deck("yugi"), load_deck("kaiba"), load_deck("empty-jar")


def names(d, p):
    return [d.data[c].name for c in d.deck[p] + d.hand[p]]


def played(seed, a=YUGI, b=KAIBA, steps=400):
    d = new_duel(a, b, seed=seed)
    agent = RandomAgent(seed)
    for _ in range(steps):
        if d.winner is not None:
            break
        d.apply(agent.choose(d))
    return d


def test_the_same_seed_gives_the_same_duel_of_any_size():
    for seed in (0, 1, -5, 2 ** 64 + 3, secret_seed(), 2 ** 128 - 1):
        a, b = played(seed), played(seed)
        assert a.log == b.log and a.history == b.history
    assert played(1).log != played(2).log


def test_a_players_deck_order_depends_only_on_the_seed_and_that_deck():
    """Player A's shuffles come from A's own stream: the opponent's deck (its cards, its size)
    changes nothing of A's order, so knowing one's own cards and order says nothing of the
    other's; and the two players' streams differ."""
    for seed in (3, 2 ** 127 + 11):
        d1, d2 = new_duel(YUGI, KAIBA, seed=seed), new_duel(YUGI, JAR, seed=seed)
        assert names(d1, 0) == names(d2, 0)
        assert names(d1, 1) != names(d2, 1)
    # the same list on both sides: each side's order is its own
    d = new_duel(YUGI, YUGI, seed=9)
    assert names(d, 0) != names(d, 1)


def test_streams_are_keyed_apart():
    r = DuelRng(7)
    keys = {r.key, r.decks[0].key, r.decks[1].key}
    assert len(keys) == 3 and all(len(k) == 32 for k in keys)
    assert DuelRng(7).state == r.state and DuelRng(8).state != r.state
    # a stream's numbers, drawn on, never repeat the first ones (a counter, not a short cycle)
    first = [r.next64() for _ in range(4)]
    assert len(set(first + [r.next64() for _ in range(1000)])) == 1004


def test_clone_and_pickle_keep_every_stream():
    d = played(4, steps=30)
    c = d.clone()
    assert c.rng is not d.rng and c.rng.state == d.rng.state
    assert c.rng.decks[0] is not d.rng.decks[0]
    d.shuffle_deck(0)
    assert c.rng.state != d.rng.state          # the clone's streams did not move
    r = pickle.loads(pickle.dumps(c.rng))
    assert r.state == c.rng.state and r.next64() == c.rng.next64()


def test_a_bots_world_has_a_plain_generator_of_its_own():
    """determinize gives its world a fresh Rng drawn from the bot's generator: the real duel's
    secret streams are not in it, and the world's future shuffles are the bot's imagination."""
    d = played(6, steps=20)
    w = determinize(d, 0, Rng(1))
    assert type(w.rng) is Rng and type(d.rng) is DuelRng
    assert determinize(d, 0, Rng(1)).rng.state == w.rng.state


def test_uniform_shuffles():
    """Each of 5 cards lands in each place about as often (a chi-square bound that a fair
    shuffle fails about once in 10^6 runs)."""
    r = DuelRng(11).decks[0]
    n, places = 6000, 5
    counts = [[0] * places for _ in range(places)]
    for _ in range(n):
        items = list(range(places))
        r.shuffle(items)
        for pos, x in enumerate(items):
            counts[x][pos] += 1
    expected = n / places
    chi = sum((c - expected) ** 2 / expected for row in counts for c in row)
    assert chi < 60, chi          # 16 degrees of freedom
