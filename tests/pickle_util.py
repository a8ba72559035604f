"""Functions of the shapes the engine's flow and card scripts are made of, for
tests/test_engine_pickle.py (a module of its own: pytest rewrites the code of test modules)."""

NAMED = lambda x: x + 1  # noqa: E731  (a lambda bound to a module name)
UNNAMED = [lambda x: x * 3]


def counter(start):
    count = [start]

    def step(k=1):
        count[0] += k
        return count[0], step       # refers to itself through its own cell
    return step
