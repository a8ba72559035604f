"""Text from outside (files, databases, replays, typed input) made safe to print.

`printable(text)` escapes terminal control characters (C0/C1 controls, DEL, escape sequences)
and lone surrogates, so a card name in an imported database or a replay cannot move the cursor,
recolour the terminal or crash an encoder; `excerpt(text)` does the same and cuts the text
short, for error messages that quote bad input ("an error quotes at most a short excerpt").

Values that are not text (numbers, lists, mappings read from a file) are shown in a bounded
way: a number too large to print is "a 5000-digit number", a deeply nested or self-repeating
structure is cut (reprlib), so quoting bad input never costs more than the quote.
"""
from __future__ import annotations

import reprlib

EXCERPT = 60
_BIG_INT_DIGITS = 30

_repr = reprlib.Repr()
_repr.maxlevel, _repr.maxlist, _repr.maxtuple, _repr.maxdict = 2, 4, 4, 4
_repr.maxset = _repr.maxfrozenset = _repr.maxdeque = _repr.maxarray = 4
_repr.maxstring, _repr.maxother = EXCERPT, EXCERPT


def _int_text(n: int) -> str:
    if abs(n) < 10 ** _BIG_INT_DIGITS:
        return str(n)
    if abs(n).bit_length() < 14000:         # str() works up to 4300 digits
        return f"a number of {len(str(abs(n)))} digits"
    digits = int(abs(n).bit_length() * 0.30103) + 1      # str() would be refused
    return f"a number of about {digits} digits"


def shown(value) -> str:
    """A short, bounded text for any value read from a file: text as is (not cut), numbers
    (huge ones described, not printed), containers cut to their first items."""
    if isinstance(value, str):
        return value
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int):
        return _int_text(value)
    if isinstance(value, (list, tuple, dict, set, frozenset)):
        return _repr.repr(_ints_shortened(value, 3))
    try:
        return _repr.repr(value)
    except Exception:        # noqa: BLE001 - a value whose repr fails is shown by its type
        return f"<{type(value).__name__}>"


class _Described:
    def __init__(self, text):
        self.text = text

    def __repr__(self):
        return self.text


def _ints_shortened(value, depth):
    """A copy of the first few items of `value` in which huge ints are described (reprlib
    would call repr() on them, which Python refuses past 4300 digits)."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return value if abs(value) < 10 ** _BIG_INT_DIGITS else _Described(_int_text(value))
    if depth <= 0:
        return value
    if isinstance(value, dict):
        return {_ints_shortened(k, depth - 1): _ints_shortened(v, depth - 1)
                for k, v in list(value.items())[:5]}
    if isinstance(value, (list, tuple)):
        return type(value)(_ints_shortened(v, depth - 1) for v in value[:5])
    return value


def printable(text, newlines: bool = False) -> str:
    """`text` with every control character and lone surrogate written as an escape (\\x1b,
    \\ud800), newlines too (\\x0a): whatever text from outside holds, it prints as one line
    that cannot move the cursor (a name, a path, a quote of bad input), and `printable(x) == x`
    says that x has no control character. newlines=True keeps the newlines of a text of
    several lines (a help text, a card's description) and escapes every other control
    character. Ordinary text is unchanged. Non-strings are shown()."""
    if not isinstance(text, str):
        text = shown(text)
    if newlines:
        return "\n".join(printable(line) for line in text.replace("\r\n", "\n").split("\n"))
    out = []
    for ch in text:
        o = ord(ch)
        if o < 0x20 or 0x7F <= o < 0xA0:
            out.append(f"\\x{o:02x}")
        elif 0xD800 <= o <= 0xDFFF or o in (0x2028, 0x2029, 0x202E, 0x2066, 0x2067, 0x2068,
                                            0x2069, 0x202A, 0x202B, 0x202C, 0x202D):
            out.append(f"\\u{o:04x}")      # lone surrogates; line breaks; bidi overrides
        else:
            out.append(ch)
    return "".join(out)


def excerpt(text, limit: int = EXCERPT) -> str:
    """A short, printable quote of `text` (at most `limit` characters of it, then '...').
    Non-strings are shown() first (bounded, whatever their size)."""
    if not isinstance(text, str):
        text = shown(text)
    cut = text[:limit]
    return printable(cut) + ("..." if len(text) > limit else "")


def quoted(value, limit: int = EXCERPT) -> str:
    """excerpt() of a value for an error message: text in quotes ('Dark Magican'), any other
    value as shown() ([1, 2], a number of about 5001 digits)."""
    if isinstance(value, str):
        return f"'{excerpt(value, limit)}'"
    return excerpt(value, limit)
