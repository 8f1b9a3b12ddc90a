"""meeplesim's engine layer: seeded streams, runners, statistics and the games.

Nothing here imports from `strategies`, `experiments` or `reports`.
"""
