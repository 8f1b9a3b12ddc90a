"""The Smurfs: Hidden Village — the flagship game (rulebook: hidden-village.txt).

A cooperative worker-placement and deck-building game: rescue the lost Smurfs, build the
houses and prepare the cakes before Gargamel's deck runs out. `GAME` declares everything the
generic layers read (simcore.gamekit.Game); the rest of the package is the rules' data
(`data/*.toml`), their loader and the kernels.
"""
from ...gamekit import ASSUME, Game, Option
from . import consts as K
from .catalog import load_catalog
from .config import check_strategy, make_config
from ...seating import runners
from .game import H, compile_aside, run_chunk
from .state import new_state
from .grids import GRIDS, ladder_cells, levels_table
from .report import REPORT
from .summary import data_summary, describe, summarize, summary_lines
from .trace import event_records, format_log, objectives_summary

NAME = "hidden-village"
TITLE = "The Smurfs: Hidden Village"
# every seat plays the run's strategy (a cooperative game: the team's)
run_games, play_logged = runners(H, run_chunk, game=NAME, title=TITLE, decisions=K.DECISIONS,
                                 check_strategy=check_strategy, new_state=new_state,
                                 n_result_fields=K.N_RESULT_FIELDS)

OPTIONS = (
    Option("level", "str", "standard",
           "Difficulty level: standard, complex, terrible, smurfnightmarish, or a custom level "
           "of the data (`meeplesim levels`)."),
    Option("die", "str", None, "Danger die: white or red (default: the level's; "
           "Smurfnightmarish requires red).", choices=("white", "red")),
    Option("hungry", "bool", None, "Hungry Cracoucass variant (default: the level's; Terrible "
           "and Smurfnightmarish require it)."),
    Option("too_late", "str", None, "Where Too Late goes in the Gargamel deck: bottom, or "
           "bottom-K (shuffled into the bottom K cards). Default: setup.toml's."),
    Option("finite_supply", "bool", None, "Cap each resource at the box's 20 tokens "
           "(default: setup.toml's: unlimited)."),
    Option("cards", "str", None, "A card catalog file (TOML with [[smurf]], [[invention]], "
           "[[cake]] and [[gargamel]] tables) replacing the four card files.", catalog=True),
    Option("without", "list", (), "Remove a card from the mix by id (repeatable; ids: "
           "`meeplesim hidden-village cards list`).", catalog=True),
    ASSUME,
)

EXAMPLES = (
    "meeplesim play --level standard --die white --players 3 --strategy random --seed 7",
    "meeplesim run --level complex --players 4 --games 20000 --without beta-smurf",
    "meeplesim run --level smurfnightmarish --until-halfwidth 0.01 --results results/nightmare",
    "meeplesim compare --a die=white --b die=red --level complex --strategy greedy",
    "meeplesim sweep difficulty-ladder --results results/ladder --jobs 2",
    "meeplesim ladder --games 2000 --players 3 --strategy greedy",
    "meeplesim report results/balance results/card-impact --out results/report",
)

# what `meeplesim bench` measures: the random team, the two fast strategies and a team of people
# of middling skill, at the easiest and the hardest level; greedy at Standard is the headline
BENCH = tuple(
    {"strategy": strategy, "players": 3, "options": {"level": level, "die": die},
     "params": params, "label": f"{level} {die}, {label}", "headline": (level, strategy) == ("standard", "greedy")}
    for level, die in (("standard", "white"), ("smurfnightmarish", "red"))
    for strategy, params, label in (("random", {}, "random"), ("greedy", {}, "greedy"),
                                    ("planner", {}, "planner"), ("skill", {"skill": 0.5}, "skill 0.5")))

GAME = Game(
    name=NAME, title=TITLE, package=__name__, options=OPTIONS,
    default_players=3, default_strategy="planner",
    result_fields=tuple(K.RESULT_FIELDS), outcomes={0: "running", K.WIN: "win", K.LOSS: "loss"},
    loss_reasons=dict(K.LOSS_REASONS), decisions=tuple(K.DECISIONS),
    mix_options=("cards", "without"),   # the catalog names them in its mix
    load_catalog=load_catalog, make_config=make_config, run_games=run_games,
    play_logged=play_logged, new_state=new_state, format_log=format_log, event_records=event_records,
    objectives_summary=objectives_summary, summarize=summarize, summary_lines=summary_lines,
    describe=describe, check_strategy=check_strategy, grids=GRIDS, report=REPORT,
    levels=levels_table, ladder=ladder_cells, data_summary=data_summary, commands=f"{__name__}.commands",
    examples=EXAMPLES,
    compile_s=40,   # the rules alone, from an empty cache (`meeplesim bench`: random's compile)
    compile_aside=compile_aside,
    assumptions="data/assumptions.toml", levers="data/levers.toml",
    headline_options=("level", "die"), bench=BENCH,
    bench_compile=("planner", "rollout"),   # a run compiles its own strategy's kernels only
)

# the names game-specific tests and tools use
OUTCOMES = GAME.outcomes
DECISIONS = K.DECISIONS
LOSS_REASONS = K.LOSS_REASONS
RESULT_FIELDS = K.RESULT_FIELDS

__all__ = ["GAME", "NAME", "TITLE", "OPTIONS", "OUTCOMES", "DECISIONS", "LOSS_REASONS",
           "RESULT_FIELDS", "load_catalog", "make_config", "run_games", "play_logged",
           "format_log", "event_records", "objectives_summary"]
