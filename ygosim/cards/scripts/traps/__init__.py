"""Trap Card scripts, one file per first letter of the card's name (`t.py` holds "Trap
Hole"; names that do not start with a letter are in `other.py`)."""
