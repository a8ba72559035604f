"""Text from outside (files, databases, replays, typed input) made safe to print.

`printable(text)` escapes terminal control characters (C0/C1 controls, DEL, escape sequences)
and lone surrogates, so a card name in an imported database or a replay cannot move the cursor,
recolour the terminal or crash an encoder; `excerpt(text)` does the same and cuts the text
short, for error messages that quote bad input ("an error quotes at most a short excerpt").
"""
from __future__ import annotations

EXCERPT = 60


def printable(text) -> str:
    """`text` with every control character and lone surrogate written as an escape (\\x1b,
    \\ud800); ordinary text, newlines excepted, is unchanged. Non-strings are repr()'d."""
    if not isinstance(text, str):
        text = repr(text)
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
    """A short, printable quote of `text` (at most `limit` characters of it, then '...')."""
    if not isinstance(text, str):
        text = repr(text)
    cut = text[:limit]
    return printable(cut) + ("..." if len(text) > limit else "")
