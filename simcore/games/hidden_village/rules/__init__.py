"""Hidden Village rules as small numba kernels, one module per topic.

Every kernel takes (R, C, st, sid, params) as needed: R the Rules arrays, C the Config, st the
State, sid the strategy id and params its float parameters. Chance (rolling a die, shuffling)
is separate from applying it, so tests can force any face or deck order.
"""
