"""The duel's seeded random number generator.

A tiny 64-bit generator (SplitMix64) whose whole state is one integer: cloning a duel copies it
for free, and the same seed gives the same numbers on every Python version and machine.
"""

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

    def copy(self) -> "Rng":
        r = Rng.__new__(Rng)
        r.state = self.state
        return r
