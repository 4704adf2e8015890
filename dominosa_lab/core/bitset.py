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
    while mask:  # from the top: two operations on a wide integer per bit, not three
        top = mask.bit_length() - 1
        out.append(top)
        mask ^= 1 << top
    out.reverse()
    return out
