"""Monster scripts (Effect, Fusion, Ritual, Synchro, Xyz, Link and Pendulum Monsters), one file
per first letter of the card's name (`b.py` holds "Black Luster Soldier"; names that do not
start with a letter are in `other.py`). Normal Monsters need no script."""
