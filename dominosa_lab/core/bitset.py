"""Python integers as sets of small non-negative integers: bit ``k`` set means ``k`` is in."""

from __future__ import annotations

__all__ = ["bits"]


def bits(mask: int) -> list[int]:
    """The positions of the set bits of ``mask``, lowest first.

    Examples
    --------
    >>> bits(0b10110)
    [1, 2, 4]
    """
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
