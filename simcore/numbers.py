"""A game whose rules data are whole numbers in a few tables of one file declares them instead
of writing its loader: `numbers_loader(RULES, tables)` is its `load_rules`
(simcore.seating.seated_game). Plain Python, read by the game's loader only (no kernel imports
it, so no kernel cache key reads it)."""
from __future__ import annotations

import numpy as np

from .datafile import SOURCE, DataFile, Field


def numbers_loader(layout, tables: dict, field: str = "k"):
    """`load_rules(DataFile)` for a data file of the tables `tables`: {table: {number: (lowest,
    highest)}}, each number a whole number in its range, each table with its `source`. The
    numbers go, in the order given, into the int64 field `field` of the Rules `layout` (so
    R.K_<NUMBER> is each one's index there); a table whose source is "assumed" is listed as
    (table, its numbers). A bad file is one error line naming the table and the key
    (simcore.datafile)."""
    def load_rules(f: DataFile):
        f.top_keys(tuple(tables))
        values, assumed = [], []
        for table, numbers in tables.items():
            row = f.check(table, f.section(table),
                          {**{n: Field(int) for n in numbers}, "source": SOURCE})
            values += [f.count(table, row, n, lo, hi) for n, (lo, hi) in numbers.items()]
            if row["source"] == "assumed":
                assumed.append((table, ", ".join(numbers)))
        return layout.pack({field: np.array(values, np.int64)}), assumed
    return load_rules
