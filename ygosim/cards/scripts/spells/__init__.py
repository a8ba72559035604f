"""Spell Card scripts, one file per first letter of the card's name (`d.py` holds "Dark
Hole"; names that do not start with a letter are in `other.py`)."""
