"""The cake race's tests play its own strategies through the game's kernels directly
(game.run_games with THRESHOLD / ADAPTIVE ids): their kernels are bound into the rules'
chooser table by importing their modules (what strategies.get does for a run)."""
import strategies.cake_race.adaptive  # noqa: F401
import strategies.cake_race.threshold  # noqa: F401
