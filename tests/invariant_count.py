"""How many games the invariant drivers checked in this pytest session, and how many broke an
invariant; tests/conftest.py prints `INVARIANTS games=<n> violations=<v>` at the end."""
COUNT = {"games": 0, "violations": 0}


def add(games: int, violations: int) -> None:
    COUNT["games"] += int(games)
    COUNT["violations"] += int(violations)
