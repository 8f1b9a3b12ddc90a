"""Ship, Captain and Crew (Bicycle's rules): up to three rolls of five dice to set aside a 6, a
5 and a 4, in that order; the other two dice are the cargo, the score; the highest wins."""
from pathlib import Path

from ...gamekit import OwnStrategy
from ...numbers import numbers_loader
from ...seating import seated_game
from . import consts as K
from . import rules as R


def line(e, catalog):
    """One event of the log (`meeplesim play`) in words."""
    kind, rnd, p, a, b, c = (int(x) for x in e)
    if kind == K.EV_END:
        return f"round {rnd}: " + (f"player {a} wins" if a >= 0 else "no winner")
    return f"round {rnd}, player {p} rolls {a}: {b} aside" + (f", cargo {c}" if b == 3 else "")


GAME = seated_game(
    name="ship-captain-crew", title="Ship, Captain and Crew", package=__name__, K=K, R=R,
    data=Path(__file__).parent / "data" / "ship_captain_crew.toml", line=line,
    load_rules=numbers_loader(R.RULES, {"turn": {"rolls": (1, 20)},
                                        "end": {"max_rounds": (1, 1000)}}),
    players=(1, 2), per_seat="score", strongest="target", levers="data/levers.toml",
    objectives_summary=lambda st, cat: [f"player {p}: score {x}"
                                        for p, x in enumerate(st.score[:st.sc[R.S_PLAYERS]])],
    strategies=(OwnStrategy("target", 10, "rolls the cargo again when behind, or below `target` "
                            "with a player still to play", f"{__name__}.target",
                            params=(("target", 8.0),),
                            param_help=(("target", "the cargo it keeps with a player to come"),)),))
