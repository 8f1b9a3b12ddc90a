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


def test_hidden_villages_event_codes_have_one_word_each_and_no_rule_passes_a_bare_code():
    """The reasons of EV_DISCARD and EV_INV_DISCARD and the source of EV_ABILITY are named
    constants with one text each, and every rule passes the name, not its number."""
    import re
    from pathlib import Path

    from simcore.games.hidden_village import consts as K
    for prefix, words in (("DISCARD_", K.DISCARD_WHY), ("INV_OUT_", K.INV_OUT_WHY)):
        codes = sorted(_codes(K, prefix).values())
        assert codes == list(range(len(words))), (prefix, codes)
    assert (K.FROM_SMURF, K.FROM_INVENTION) == (0, 1)
    rules = Path(K.__file__).parent / "rules"
    bare = re.compile(r"log_ability\(C, st, \d|discard_crafted\([^)]*, \d, sid|"
                      r"K\.EV_DISCARD, [^,]+, [^,]+, \d+\)|K\.EV_INV_DISCARD, .+?, \d+, 0\)")
    for path in rules.glob("*.py"):
        for i, line in enumerate(path.read_text().splitlines(), 1):
            assert not bare.search(line), f"{path.name}:{i}: a bare event code: {line.strip()}"
