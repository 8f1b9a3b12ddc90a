"""The rules in force: one game configuration as the kernels receive it (the rules and the
strategies alike). config.py builds it from the user's options and the data; this module holds
only the record, so a strategy that reads it imports nothing of the loader."""
from typing import NamedTuple

from ...packed import register_word_tuple, word_tuple_view


@register_word_tuple
class Config(NamedTuple):
    """Every option of a game as plain ints. Kernels receive it as the address of its values
    (simcore.packed word tuple): one word per call instead of twelve."""
    players: int        # 1..5
    hand_size: int      # starting hand size for this player count (HV-S09)
    n_houses: int       # HV-S02 / HV-D01
    n_lost: int         # lost Smurfs in the Dark Forest (HV-S08)
    n_cakes: int        # HV-S03
    n_garg: int         # Gargamel deck size, Too Late included (HV-S07)
    danger_die: int     # consts.DIE_WHITE or DIE_RED (HV-D03)
    hungry: int         # 1 = Hungry Cracoucass (HV-D02)
    finite_supply: int  # 1 = the stock is capped at the box's tokens (HV-S01)
    too_late_k: int     # 0 = Too Late at the bottom; k = shuffled into the bottom k cards
    first_player: int   # HV-S11
    log_on: int         # 1 = record events for the game log


# in a kernel: the Config whose values start at an int64 pointer (a chooser's `config` argument)
as_config = word_tuple_view(Config)
