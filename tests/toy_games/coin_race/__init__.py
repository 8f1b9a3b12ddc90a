"""The coin race, a toy: each seat in turn steps one space or flips a coin (heads: 3 spaces,
tails: none); the first at space 10 wins. The smallest complete game, found through
MEEPLESIM_GAME_PATH=tests/toy_games (docs/adding-a-game.md walks through it)."""
from pathlib import Path

import numpy as np

from ...datafile import SOURCE, DataFile, Field
from ...seating import seated_game
from . import consts as K
from . import rules as R

RACE = {"goal": Field(int), "heads": Field(int), "max_rounds": Field(int), "source": SOURCE}


def load_rules(f: DataFile):
    f.top_keys(("race",))
    race = f.check("race", f.section("race"), RACE)
    k = np.zeros(R.N_K, np.int64)
    k[R.K_GOAL] = f.count("race", race, "goal", 1, 1000)
    k[R.K_HEADS] = f.count("race", race, "heads", 0, 100)
    k[R.K_MAX_ROUNDS] = f.count("race", race, "max_rounds", 1, 100000)
    assumed = [("race", "the track, the coin, the round cap")] * (race["source"] == "assumed")
    return R.RULES.pack({"k": k}), assumed


def line(e, catalog):
    kind, rnd, p, a, b, c = (int(x) for x in e)
    if kind == K.EV_END:
        return f"game over after round {rnd}: " + (f"player {a} wins" if a >= 0 else "cut")
    did = ("flips " + ("tails", "heads")[a > 0]) if c else "steps"
    return f"round {rnd}, player {p} {did}: at {b}"


GAME = seated_game(
    name="coin-race", title="The coin race (a toy)", package=__name__, K=K, R=R,
    data=Path(__file__).parent / "data" / "race.toml", load_rules=load_rules,
    players=(1, 2), per_seat="position", line=line,
    objectives_summary=lambda st, cat: [f"player {p}: at {x}"
                                        for p, x in enumerate(st.pos[:st.sc[R.S_PLAYERS]])],
)
