"""The bit-set helper: a Python int as a set of small non-negative integers."""

from hypothesis import given
from hypothesis import strategies as st

from dominosa_lab.core.bitset import bits


@given(st.sets(st.integers(min_value=0, max_value=3000)))
def test_bits_lists_the_members_lowest_first(members):
    assert bits(sum(1 << k for k in members)) == sorted(members)
