"""File formats the project reads and writes.

- ydk: YGOPro deck files; ydke: ydke:// deck URLs (see ygosim.formats.deck for decks of cards)
- lflist: YGOPro/EDOPro banlists (lflist.conf)
- cdb, ygoprodeck: card databases imported into the card store (ygosim.formats.store)

Every reader turns bad input into a YgosimError naming the file and the line or row.
"""
