"""The balance report of any game: pure functions from a results table and the game's report
descriptor (`simcore.reportkit.Report`, declared in the game's folder) to tables (tables.py),
figures (figures.py), the headline and answers (answers.py) and one HTML page (html.py);
build.py writes them. Nothing here names a game."""
