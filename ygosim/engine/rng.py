"""Random numbers: the duel's secret streams, and a small fast generator for everything else.

A duel's randomness comes from its seed, a whole number of any size (a web duel's is 128 bits
from the operating system's generator, `secret_seed()`): `DuelRng(seed)` derives from it, by
keyed BLAKE2b, three independent streams: the duel's own (coin tosses, dice, random picks) and
one per player for the shuffles of that player's Deck. Each stream is a cryptographic
generator (BLAKE2b keyed with the stream's key over a counter), so the numbers one stream
gives, the whole order of one's own Deck included, say nothing about another stream or about
the stream's own later numbers: knowing one's own cards says nothing of the opponent's Deck
order, and nobody can find the seed from what they see. The same seed still gives the same
duel on every Python version and machine; the state is a key (bytes) and a counter, so cloning
a duel is cheap and pickling works.

`Rng` is SplitMix64, a tiny 64-bit generator whose whole state is one integer: the bots' own
random numbers, the worlds a bot imagines (`determinize` gives each world one plain Rng for
everything, its Deck shuffles included), tests. Not for secrets: a few of its numbers give away
the rest.
"""
import hashlib
import secrets

_MASK = (1 << 64) - 1
_LIMITS = [_MASK - (_MASK % n) if n else 0 for n in range(256)]   # below(n): draws under the
                                                                   # limit are uniform mod n


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0):
        self.state = (int(seed) * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _MASK

    def next64(self) -> int:
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n). (next64 written out: the numbers are next64's, one
        per draw, drawn again while at or over the limit.)"""
        if n <= 1:
            return 0
        limit = _LIMITS[n] if n < 256 else _MASK - (_MASK % n)
        z = self.state
        while True:
            z = (z + 0x9E3779B97F4A7C15) & _MASK
            x = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
            x ^= x >> 31
            if x < limit:
                self.state = z
                return x % n

    def shuffle(self, items: list) -> None:
        """Fisher-Yates, in place (below(i + 1) for each i, written out)."""
        z = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _LIMITS[n] if n < 256 else _MASK - (_MASK % n)
            while True:
                z = (z + 0x9E3779B97F4A7C15) & _MASK
                x = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
                x ^= x >> 31
                if x < limit:
                    break
            j = x % n
            items[i], items[j] = items[j], items[i]
        self.state = z

    def coin(self) -> int:
        """0 = heads, 1 = tails."""
        return self.next64() & 1

    def die(self) -> int:
        return self.below(6) + 1

    def shuffle_deck(self, player: int, items: list) -> None:
        """A Deck shuffle: one stream for everything (see DuelRng.shuffle_deck)."""
        self.shuffle(items)

    def copy(self) -> "Rng":
        r = Rng.__new__(Rng)
        r.state = self.state
        return r


SEED_BITS = 128          # a secret seed's size


def secret_seed() -> int:
    """A seed nobody can guess or choose: SEED_BITS bits from the operating system."""
    return secrets.randbits(SEED_BITS)


def _seed_key(seed: int) -> bytes:
    """The 32-byte master key of a seed (any whole number: 1, -5 or 2**128 - 1)."""
    seed = int(seed)
    raw = seed.to_bytes(seed.bit_length() // 8 + 1, "big", signed=True)
    return hashlib.blake2b(raw, digest_size=32, person=b"ygosim seed").digest()


def derive(seed: int, label: str) -> int:
    """A 64-bit number for `label` (a bot's seed) from a secret seed: nothing of the seed or of
    the duel's streams can be learnt from it."""
    return int.from_bytes(hashlib.blake2b(label.encode(), key=_seed_key(seed),
                                          digest_size=8).digest(), "big")


class Stream:
    """A cryptographic stream of 64-bit numbers: BLAKE2b keyed with `key` over a counter.
    The same methods as Rng (below, shuffle, coin, die)."""
    __slots__ = ("key", "n")

    def __init__(self, master: bytes, label: bytes):
        self.key = hashlib.blake2b(label, key=master, digest_size=32).digest()
        self.n = 0

    def next64(self) -> int:
        self.n = n = self.n + 1
        return int.from_bytes(hashlib.blake2b(n.to_bytes(8, "little"), key=self.key,
                                              digest_size=8).digest(), "little")

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) (numbers at or over the limit are drawn again, as
        Rng.below)."""
        if n <= 1:
            return 0
        limit = _MASK - (_MASK % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def shuffle(self, items: list) -> None:
        """Fisher-Yates, in place (below(i + 1) for each i, written out: the same numbers)."""
        key, n = self.key, self.n
        blake2b, from_bytes = hashlib.blake2b, int.from_bytes
        for i in range(len(items) - 1, 0, -1):
            m = i + 1
            limit = _MASK - (_MASK % m)
            while True:
                n += 1
                x = from_bytes(blake2b(n.to_bytes(8, "little"), key=key, digest_size=8).digest(),
                               "little")
                if x < limit:
                    break
            j = x % m
            items[i], items[j] = items[j], items[i]
        self.n = n

    def coin(self) -> int:
        """0 = heads, 1 = tails."""
        return self.next64() & 1

    def die(self) -> int:
        return self.below(6) + 1

    @property
    def state(self) -> tuple:
        """Everything the next numbers depend on (to compare two streams)."""
        return self.key, self.n

    def _copy_into(self, r) -> None:
        r.key, r.n = self.key, self.n

    def copy(self) -> "Stream":
        r = Stream.__new__(Stream)
        self._copy_into(r)
        return r


class DuelRng(Stream):
    """A duel's random numbers from its seed: its own stream (this object: coin tosses, dice,
    random picks) and each player's Deck stream (`shuffle_deck`). Each stream's key is
    derived from the seed's master key and the stream's name, so one stream tells nothing of
    another."""
    __slots__ = ("decks",)

    def __init__(self, seed: int = 0):
        master = _seed_key(seed)
        Stream.__init__(self, master, b"duel")
        self.decks = (Stream(master, b"deck 0"), Stream(master, b"deck 1"))

    def shuffle_deck(self, player: int, items: list) -> None:
        """Shuffle `player`'s Deck (`items`) with that player's own stream."""
        self.decks[player].shuffle(items)

    @property
    def state(self) -> tuple:
        return self.key, self.n, self.decks[0].state, self.decks[1].state

    def copy(self) -> "DuelRng":
        r = DuelRng.__new__(DuelRng)
        self._copy_into(r)
        r.decks = (self.decks[0].copy(), self.decks[1].copy())
        return r
