"""Hidden Village rules as small numba kernels, one module per topic.

Every kernel takes (R, C, st) as needed: R the Rules arrays, C the Config, st the State
(whose control section holds each seat's strategy: simcore.harness). Chance (rolling a die, shuffling)
is separate from applying it, so tests can force any face or deck order.
"""
