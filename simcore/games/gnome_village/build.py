"""Placing tiles the rules hand a player: a building where the player chooses among the legal
cells, a road drawn from the stack in the turn and cell the player chooses (GV-V..). Rule IDs
refer to ../rules-checklist.md."""
from ...jit import njit
from . import consts as K
from . import state as S
from . import tables as T
from .core import ev, update_happy
from .decide import decide
from .village import building_places, has_building_place, place_building, place_road, road_places


@njit
def place_new_building(R, C, st, p, kind, arg, flag):
    """Player p places a House, Workshop or Business (`kind`, with `arg` and `flag` as state.py
    describes) on a legal cell of their choice (GV-V02, GV-V05); returns the cell, -1 if none
    is legal (nothing placed)."""
    n = building_places(R, st, p, kind)
    if n == 0:
        return -1
    i = decide(R, C, st, p, K.D_PLACE, n)
    cell = st.options[i]
    place_building(st, p, cell // K.GRID, cell % K.GRID, kind, arg, flag)
    ev(st, K.EV_PLACE, p, kind, cell, arg)
    if kind == K.T_BUSINESS and R.biz[arg, T.BZ_HAT] == 1:
        update_happy(R, st)
    return cell


@njit
def can_place(R, st, p, kind):
    """Is there a legal cell for a building of `kind` in player p's village? (st.options is
    left alone.)"""
    return has_building_place(R, st, p, kind)


@njit
def draw_road(R, C, st, p):
    """Player p draws the top road tile of the stack and places it, in the turn and on the cell
    of their choice (GV-F08, GV-W06, GV-C02, GV-V06); a tile that fits nowhere is put out of
    the game (assumed). Returns 1 if a tile was placed."""
    if st.sc[S.S_ROAD_N] == 0:
        return 0
    st.sc[S.S_ROAD_N] -= 1
    kind = st.roads[st.sc[S.S_ROAD_N]]
    paths = R.road[kind, T.RD_PATHS]
    block = R.road[kind, T.RD_BLOCK]
    n = road_places(R, st, p, paths, block)
    if n == 0:
        st.sc[S.S_ROADS_OUT] += 1
        ev(st, K.EV_DISCARD_ROAD, p, kind, 0, 0)
        return 0
    i = decide(R, C, st, p, K.D_ROAD, n)
    o = st.options[i]
    cell = o // K.N_SIDES
    place_road(st, p, cell // K.GRID, cell % K.GRID, paths, block, o % K.N_SIDES)
    ev(st, K.EV_PLACE, p, K.T_ROAD, cell, st.arg[p, cell // K.GRID, cell % K.GRID])
    return 1
