"""Counter-based random streams: (root seed, purpose, game index) -> generator state.

Each game draws from a few independent streams (setup shuffles, reshuffles during play, dice,
the strategy's own choices), each seeded only from the root seed, the stream's purpose and the
game's index. A game's chance therefore does not depend on chunking, worker count, backend,
or which strategy plays it: two configurations run on one seed see the same deals and rolls
wherever the rules allow (common random numbers).

The generator is splitmix64 (a 64-bit counter passed through a strong mixer). All arithmetic
is kept in uint64: numba turns uint64 mixed with a plain int into int64 or float64.
"""
import numpy as np

from .jit import njit

U64 = np.uint64
_GOLDEN = U64(0x9E3779B97F4A7C15)
_M1 = U64(0xBF58476D1CE4E5B9)
_M2 = U64(0x94D049BB133111EB)
_S30 = U64(30)
_S27 = U64(27)
_S31 = U64(31)
_S32 = U64(32)
_S11 = U64(11)
_INV53 = 1.0 / 9007199254740992.0   # 2**-53
_PURPOSE_MUL = U64(0xD1B54A32D192ED03)

MAX_SEED = 2**63 - 1


@njit(inline="always")
def mix64(z):
    z = (z ^ (z >> _S30)) * _M1
    z = (z ^ (z >> _S27)) * _M2
    return z ^ (z >> _S31)


@njit(inline="always")
def stream_state(seed, purpose, game_index):
    """Initial state of stream `purpose` of game `game_index` under root `seed`."""
    s = mix64(U64(seed) + _GOLDEN)
    k = mix64(U64(game_index) + U64(purpose) * _PURPOSE_MUL + _GOLDEN)
    return mix64(s ^ k)


@njit(inline="always")
def next_u64(states, stream):
    """Advance stream `stream` of the state vector and return 64 random bits."""
    x = states[stream] + _GOLDEN
    states[stream] = x
    return mix64(x)


@njit(inline="always")
def randint(states, stream, n):
    """Uniform integer in [0, n) (n >= 1) from the high 32 bits (Lemire's multiply)."""
    hi = next_u64(states, stream) >> _S32
    return np.int64((hi * U64(n)) >> _S32)


@njit(inline="always")
def uniform(states, stream):
    """A float in [0, 1) from the high 53 bits."""
    return np.float64(next_u64(states, stream) >> _S11) * _INV53


@njit   # a loop over a deck: one compiled copy rather than one per caller (compile time)
def shuffle(arr, n, states, stream):
    """Fisher-Yates shuffle of arr[:n] in place."""
    for i in range(n - 1, 0, -1):
        j = randint(states, stream, i + 1)
        t = arr[i]
        arr[i] = arr[j]
        arr[j] = t
