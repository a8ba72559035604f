"""Errors the project reports to people: each names what is wrong and where."""


class YgosimError(Exception):
    """Bad input (a file, a key, a card name). The command line prints it and exits with 2."""


class IllegalAction(Exception):
    """An answer to the pending decision that is not legal; the duel state is unchanged."""
