"""Hand-kept parallel lists stay in step: every decision code `D_*` and result column `R_*` a
game's kernels use names the entry of DECISIONS / RESULT_FIELDS at its index (a code added to
one list and not the other, or lists reordered, fails here instead of mislabelling results)."""
import importlib

import pytest

from simcore.games import GAMES


def _codes(consts, prefix):
    return {n: getattr(consts, n) for n in dir(consts)
            if n.startswith(prefix) and isinstance(getattr(consts, n), int)}


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("prefix, names", [("D_", "DECISIONS"), ("R_", "RESULT_FIELDS")])
def test_each_code_names_the_entry_at_its_index(game, prefix, names):
    consts = importlib.import_module(f"{GAMES[game]}.consts")
    entries = getattr(consts, names)
    codes = _codes(consts, prefix)
    assert codes, f"{game}: no {prefix} codes"
    assert len(set(codes.values())) == len(codes), f"{game}: two {prefix} codes share an index"
    for name, index in codes.items():
        assert 0 <= index < len(entries), f"{game}: {name} = {index} is outside {names}"
        words = name[len(prefix):].lower().split("_")
        entry = entries[index].replace("-", "_").split("_")
        assert all(w in entry for w in words), f"{game}: {name} = {index} names '{entries[index]}'"
