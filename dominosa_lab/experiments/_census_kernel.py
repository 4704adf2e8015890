"""The exact census's compiled inner loop (numba); see :mod:`~dominosa_lab.experiments.census`.

One depth-first enumeration of the relabel-canonical arrangements that extend
a prefix, filling cells in row-major order. For every domino tiling of the
board (at most 128, two 64-bit words) it carries whether the tiling is still
viable: when cell ``p`` gets a number, each tiling in which ``p`` closes a
domino (its partner is the cell to the left, ``left[p]``, or above, ``up[p]``)
checks that the domino it closes is new for it, through one mask per domino of
the tilings that have used it already. A leaf's count of solutions is the
number of viable tilings. A prefix with no viable tiling left stands for all
its completions at once: they are counted in closed form, with ``k = 0``.
The loop is iterative (numba's caching and self-recursion do not mix).
"""

import numpy as np
from numba import njit

__all__ = ["enumerate_chunk"]


@njit(cache=True, inline="always")
def _popcount(x):
    x = x - ((x >> np.uint64(1)) & np.uint64(0x5555555555555555))
    x = (x & np.uint64(0x3333333333333333)) + ((x >> np.uint64(2)) & np.uint64(0x3333333333333333))
    x = (x + (x >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return np.int64((x * np.uint64(0x0101010101010101)) >> np.uint64(56))


@njit(cache=True)
def _completions(filled, cells, counts, introduced, values, copies, binom, fact):
    """Canonical completions of a prefix: the multinomial of the copies still to place,
    divided by the orders of the numbers not yet introduced (they are interchangeable)."""
    left = cells - filled
    total = np.int64(1)
    for v in range(values):
        rest = copies - counts[v]
        total *= binom[left, rest]
        left -= rest
    return total // fact[values - introduced]


@njit(cache=True)
def _close(p, v, width, board, alive0, alive1, left, up, domino, used, saved, slot):
    """Put number ``v`` on cell ``p``: the tilings still viable after it, and mark the
    dominoes it closes as used by them; the old masks of those dominoes go to ``saved``."""
    kill0 = np.uint64(0)
    kill1 = np.uint64(0)
    slot[p, 0] = -1
    slot[p, 1] = -1
    if p % width != 0:
        d = domino[board[p - 1], v]
        slot[p, 0] = d
        saved[p, 0, 0] = used[d, 0]
        saved[p, 0, 1] = used[d, 1]
        kill0 |= left[p, 0] & used[d, 0]
        kill1 |= left[p, 1] & used[d, 1]
    if p >= width:
        d = domino[board[p - width], v]
        slot[p, 1] = d
        saved[p, 1, 0] = used[d, 0]
        saved[p, 1, 1] = used[d, 1]
        kill0 |= up[p, 0] & used[d, 0]
        kill1 |= up[p, 1] & used[d, 1]
    alive0 &= ~kill0
    alive1 &= ~kill1
    if slot[p, 0] >= 0:
        used[slot[p, 0], 0] |= left[p, 0] & alive0
        used[slot[p, 0], 1] |= left[p, 1] & alive1
    if slot[p, 1] >= 0:
        used[slot[p, 1], 0] |= up[p, 0] & alive0
        used[slot[p, 1], 1] |= up[p, 1] & alive1
    return alive0, alive1


@njit(cache=True)
def _reopen(p, used, saved, slot):
    """Undo :func:`_close` at cell ``p`` (in reverse order of the two dominoes)."""
    for side in (1, 0):
        d = slot[p, side]
        if d >= 0:
            used[d, 0] = saved[p, side, 0]
            used[d, 1] = saved[p, side, 1]


@njit(cache=True)
def enumerate_chunk(prefix, values, copies, height, width, left, up, domino, binom, fact, hist):
    """Add to ``hist[k]`` the canonical arrangements extending ``prefix`` with ``k`` solutions.

    Returns ``(max_k, boards_at_max, first_board_at_max, nodes)``: the largest
    count met at a leaf (-1 if every completion was counted in closed form, all
    with ``k = 0``), how many canonical arrangements reach it, the
    lexicographically first of them (row-major numbers, the order of the
    search) and the cells filled along the way.
    """
    cells = height * width
    board = np.full(cells, -1, np.int64)
    counts = np.zeros(values, np.int64)
    introduced = np.zeros(cells + 1, np.int64)
    alive = np.zeros((cells + 1, 2), np.uint64)
    used = np.zeros((domino.max() + 1, 2), np.uint64)
    saved = np.zeros((cells, 2, 2), np.uint64)
    slot = np.full((cells, 2), -1, np.int64)
    best = np.zeros(cells, np.int64)
    max_k = np.int64(-1)
    at_max = np.int64(0)
    nodes = np.int64(0)
    for p in range(cells):
        for w in range(2):
            alive[0, w] |= left[p, w] | up[p, w]
    start = prefix.shape[0]
    for p in range(start):  # the prefix is fixed: no branching, no undo
        v = prefix[p]
        board[p] = v
        counts[v] += 1
        introduced[p + 1] = max(introduced[p], v + 1)
        a0, a1 = _close(p, v, width, board, alive[p, 0], alive[p, 1], left, up, domino, used,
                        saved, slot)
        alive[p + 1, 0] = a0
        alive[p + 1, 1] = a1
        nodes += 1
        if a0 == 0 and a1 == 0:
            hist[0] += _completions(p + 1, cells, counts, introduced[p + 1], values, copies,
                                    binom, fact)
            return max_k, at_max, best, nodes
    if start == cells:
        k = _popcount(alive[cells, 0]) + _popcount(alive[cells, 1])
        hist[k] += 1
        return k, np.int64(1), board.copy(), nodes
    depth = start
    while depth >= start:
        v = board[depth]
        if v >= 0:  # take back the number tried here before
            counts[v] -= 1
            _reopen(depth, used, saved, slot)
        top = min(introduced[depth], values - 1)
        v += 1
        while v <= top and counts[v] == copies:
            v += 1
        if v > top:
            board[depth] = -1
            depth -= 1
            continue
        board[depth] = v
        counts[v] += 1
        nodes += 1
        a0, a1 = _close(depth, v, width, board, alive[depth, 0], alive[depth, 1], left, up,
                        domino, used, saved, slot)
        now = max(introduced[depth], v + 1)
        if a0 == 0 and a1 == 0:
            hist[0] += _completions(depth + 1, cells, counts, now, values, copies, binom, fact)
            continue
        if depth + 1 == cells:
            k = _popcount(a0) + _popcount(a1)
            hist[k] += 1
            if k > max_k:
                max_k = k
                at_max = 1
                best[:] = board
            elif k == max_k:
                at_max += 1
            continue
        alive[depth + 1, 0] = a0
        alive[depth + 1, 1] = a1
        introduced[depth + 1] = now
        depth += 1
        board[depth] = -1
    return max_k, at_max, best, nodes
