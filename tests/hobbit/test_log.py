"""The Hobbit's game log says what a player at the table sees happen: the Defense card used and
what it avoided, the card Escape the Flames puts under Smaug, an archenemy removed at step 8 of
the end of a turn, the cards drawn (a player's draws in a row on one line), and each step of
the chapter change before what the step does."""
from simcore.games.hobbit import effects as FX
from simcore.games.hobbit import state as S
from simcore.games.hobbit import turn as TU
from simcore.games.hobbit.trace import format_log

from .scenario import CAT, clear_events, kind, set_pile, set_zone
from .test_rules_cards import clear, new, ok


def log(st):
    """The log's lines (the chapter change's heading is a line of its own)."""
    return "\n".join(format_log(st.events[:st.ctl[S.H_EV_N]], CAT)).splitlines()


def test_the_log_names_the_defense_card_used_and_what_it_avoided():
    R, cfg, st = new()
    clear(st, 1)
    set_zone(st, 1, "hand", ["courage", "stealth"])
    clear_events(st)
    FX.ambush(R, cfg, st, 1, kind("warg"))      # the first option: Stealth avoids it
    assert "  player 1 discards Stealth to avoid Warg" in log(st)
    ok(st, R)


def test_the_log_names_the_card_escape_the_flames_puts_under_smaug():
    R, cfg, st = new(chapter=1)
    clear(st, 1)
    set_zone(st, 1, "hand", ["courage", "azog"])
    clear_events(st)
    FX.ambush(R, cfg, st, 1, kind("escape-the-flames"))
    assert "  player 1 puts Azog face down under Smaug the Magnificent" in log(st)


def test_the_log_says_an_archenemy_removed_at_the_end_of_the_turn_and_the_cards_drawn():
    R, cfg, st = new()
    clear(st, 0)
    set_zone(st, 0, "deck", ["valor"] + ["courage"] * 4)
    st.sc[S.S_POWER] = 30
    TU.fight(R, cfg, st, 0)
    TU.fight(R, cfg, st, 0)                     # The Trolls' two Loot taken
    clear_events(st)
    TU.end_turn(R, cfg, st, 0)
    lines = log(st)
    assert "  player 0 draws Courage, Courage, Courage, Courage, Valor" in lines
    assert "  The Trolls leaves the game (no VP, no Loot left under it)" in lines
    ok(st, R)


def test_each_step_of_the_chapter_change_is_logged_before_what_it_does():
    R, cfg, st = new()
    set_pile(st, "arch", [])
    clear_events(st)
    TU.chapter_change(R, cfg, st, 0)
    lines = log(st)
    steps = [i for i, ln in enumerate(lines) if ln.strip().startswith("step ")]
    first_destroy = next(i for i, ln in enumerate(lines) if "destroys" in ln)
    assert steps[0] < first_destroy and "from the main deck" in lines[steps[0] + 1]
    path_destroyed = [i for i, ln in enumerate(lines) if "from the Path" in ln]
    assert all(steps[1] < i < steps[2] for i in path_destroyed) and path_destroyed
    refills = [i for i, ln in enumerate(lines) if "the Path gets" in ln]
    assert all(steps[4] < i < steps[5] for i in refills) and len(refills) == 5
