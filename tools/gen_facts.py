"""Regenerate card *facts* (never texts) from a reference cards.cdb.

Usage: python tools/gen_facts.py ../shared/reference/cards-2020.cdb NAMES.txt > out.yaml
Only name, passcode and numeric facts are taken; descriptions are written by the project.
"""
import sqlite3
import sys

import yaml

from ygosim.cards.codes import facts_from_row


def main(db_path, names_path):
    db = sqlite3.connect(db_path)
    out = []
    for name in open(names_path, encoding="utf-8"):
        name = name.strip()
        if not name or name.startswith("#"):
            continue
        row = db.execute(
            "select d.id,d.alias,d.type,d.atk,d.def,d.level,d.race,d.attribute from datas d "
            "join texts t on d.id=t.id where t.name=? and d.alias=0", (name,)).fetchone()
        if row is None:
            sys.exit(f"{names_path}: card not found: {name}")
        facts = facts_from_row(*row)
        out.append({"name": name, **facts})
    yaml.safe_dump(out, sys.stdout, sort_keys=False, allow_unicode=True, width=100,
                   default_flow_style=None)


if __name__ == "__main__":
    main(*sys.argv[1:])
