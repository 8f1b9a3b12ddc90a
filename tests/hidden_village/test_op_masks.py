"""Each card's ops are kept twice: the ability tables (Rules.smurf_op, Rules.inv_op) and one bit
mask per card (Rules.smurf_ops, Rules.inv_ops) that kernels test instead of reading a row of
the table per op. The two must always say the same."""
import numpy as np

from simcore.games.hidden_village import consts as K
from simcore.games.hidden_village.catalog import load_catalog
from simcore.games.hidden_village.tables import op_masks, with_abilities


def carried(table, card):
    return {op for op in range(K.N_OPS) if table[card, op, K.OPV_ON]}


def mask_ops(mask):
    return {op for op in range(K.N_OPS) if (int(mask) >> op) & 1}


def test_every_cards_op_mask_names_exactly_the_ops_its_table_row_carries(cat):
    R = cat.rules
    for table, masks in ((R.smurf_op, R.smurf_ops), (R.inv_op, R.inv_ops)):
        assert masks.shape == (table.shape[0],)
        for card in range(table.shape[0]):
            assert mask_ops(masks[card]) == carried(table, card), card
    assert any(len(carried(R.smurf_op, c)) > 1 for c in range(R.smurf_op.shape[0]))


def test_rules_with_other_abilities_get_their_masks_recomputed(cat):
    R = cat.rules
    table = np.zeros_like(R.smurf_op)
    table[3, K.OP_DRAW, K.OPV_ON] = 1
    table[3, K.OP_LAZY, K.OPV_ON] = 1
    table[5, K.N_OPS - 1, K.OPV_ON] = 1          # the highest bit of the mask in use
    rules = with_abilities(R, smurf_op=table)
    assert mask_ops(rules.smurf_ops[3]) == {K.OP_DRAW, K.OP_LAZY}
    assert mask_ops(rules.smurf_ops[5]) == {K.N_OPS - 1}
    assert not rules.smurf_ops[[c for c in range(table.shape[0]) if c not in (3, 5)]].any()
    assert np.array_equal(rules.inv_ops, R.inv_ops)          # the other table kept
    assert np.array_equal(op_masks(R.inv_op), R.inv_ops)


def test_a_thinned_mix_keeps_each_cards_mask_with_its_row():
    mix = load_catalog(without=["beta-smurf", "robot-assistant"])
    R = mix.rules
    for table, masks in ((R.smurf_op, R.smurf_ops), (R.inv_op, R.inv_ops)):
        for card in range(table.shape[0]):
            assert mask_ops(masks[card]) == carried(table, card)
