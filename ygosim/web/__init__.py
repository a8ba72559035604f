"""The duel in the browser: `ygosim serve` (ygosim/web/server.py) drives the same table layer
as the terminal (ygosim/play/table.py) for people in browsers: against the bot, between two people
(rooms with a link to share), spectators; static pages in ygosim/web/static."""
