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
