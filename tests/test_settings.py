"""The settings records: plain numbers a kernel freezes, each stated at its value in
``docs/settings.md``."""

import math
import re
from pathlib import Path

import pytest

from dominosa_lab.solvers.engine import settings as engine_settings
from dominosa_lab.solvers.fast import settings as fast_settings

RECORDS = [engine_settings.SETTINGS, fast_settings.SETTINGS]
PAGE = Path(__file__).parent.parent / "docs" / "settings.md"
STATED = re.compile(r"`(\w+)` = (\([^)]*\)|[\w.^+-]+)")


def _number(text: str) -> float:
    """A value as the page writes it: ``0.95``, ``1e100``, ``e^50``."""
    return math.exp(float(text[2:])) if text.startswith("e^") else float(text)


def _stated() -> dict[str, tuple[float, ...]]:
    """Every setting the page states, by name, its value as a tuple of numbers."""
    return {name: tuple(map(_number, value.strip("()").split(", ")))
            for name, value in STATED.findall(PAGE.read_text())}


@pytest.mark.parametrize("record", RECORDS, ids=["engine", "fast"])
def test_every_setting_is_a_plain_number_or_a_tuple_of_them(record):
    for value in record:
        items = value if isinstance(value, tuple) else (value,)
        assert items and all(type(item) in (int, float) for item in items)


@pytest.mark.parametrize("record", RECORDS, ids=["engine", "fast"])
def test_the_settings_page_states_every_setting_at_its_value(record):
    stated = _stated()
    for name, value in record._asdict().items():
        values = value if isinstance(value, tuple) else (value,)
        assert name in stated, name
        assert len(stated[name]) == len(values)
        pairs = zip(stated[name], values, strict=True)
        assert all(math.isclose(a, b, rel_tol=1e-12) for a, b in pairs)
