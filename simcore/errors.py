"""Errors a user can cause with bad input. The CLI prints them as one line and exits 2."""


class UserError(Exception):
    """Bad input from the user: an option, a file, a folder. `str()` is the one line to print."""


class DataError(UserError):
    """A malformed rules data file: names the file, the entry and the problem."""

    def __init__(self, path, entry, problem):
        self.path = str(path)
        self.entry = entry
        self.problem = problem
        where = f"{self.path}: {entry}: " if entry else f"{self.path}: "
        super().__init__(where + problem)


class IllegalOption(Exception):
    """A strategy answered a decision with an index outside its legal options. The game layer
    raises it (it knows the decision); the layer that knows the strategy's name words it."""

    def __init__(self, decision: str, n: int, index: int):
        self.decision, self.n, self.index = decision, n, index
        super().__init__(f"option {index} for decision '{decision}', which has {n} legal "
                         f"options (0..{n - 1})")

    def for_strategy(self, name: str, returned=None) -> UserError:
        """The one-line error; `returned` is what a plug-in gave instead of an int index."""
        if returned is not None:
            return UserError(f"strategy '{name}' returned {returned!r}, not an option index, "
                             f"for decision '{self.decision}', which has {self.n} legal "
                             f"options (0..{self.n - 1})")
        return UserError(f"strategy '{name}' returned {self}")
