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


def test_hidden_villages_option_encodings_tell_their_options_apart():
    """D_GAIN_PAIR's PAIR_BASE * r1 + r2 and D_BONUS's BONUS_CRAFT + slot / BONUS_USE + slot
    (consts.py) decode to one option each for the shipped catalog."""
    from simcore.games.hidden_village import consts as K
    from simcore.games.hidden_village.catalog import load_catalog
    pairs = {K.PAIR_BASE * a + b: (a, b) for a in range(K.N_RES) for b in range(a + 1, K.N_RES)}
    assert all((o // K.PAIR_BASE, o % K.PAIR_BASE) == ab for o, ab in pairs.items())
    n_inventions = load_catalog().rules.inv.shape[0]
    crafts = {K.BONUS_CRAFT + i for i in range(n_inventions)}
    uses = {K.BONUS_USE + i for i in range(n_inventions)}
    assert K.BONUS_PASS not in crafts | uses and not crafts & uses
    assert max(crafts) < K.BONUS_USE


def test_a_catalog_with_more_inventions_than_the_bonus_encoding_holds_is_refused(monkeypatch):
    from simcore.errors import DataError
    from simcore.games.hidden_village import consts as K
    from simcore.games.hidden_village.catalog import load_catalog
    monkeypatch.setattr(K, "BONUS_USE", K.BONUS_CRAFT + 10)   # as if 10 slots were all there is
    with pytest.raises(DataError, match=r"inventions.toml.*24 Invention cards; at most 10 can be played"):
        load_catalog()
