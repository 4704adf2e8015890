"""The catalog of published puzzles."""

import pytest

from dominosa_lab import PuzzleError, load
from dominosa_lab.formats import catalog


def test_catalog_has_the_published_boards():
    assert {"mikefc-small", "mikefc-large", "tcg-n10", "caviness-m9"} <= set(catalog.names())


@pytest.mark.parametrize("name", catalog.names())
def test_every_entry_loads_and_names_its_source(name):
    p = load(name)
    assert p.name == name and catalog.describe(name)["source"]


def test_caviness_m9_has_the_rows_of_the_article():
    assert load("caviness-m9").rows[0] == (1, 4, 4, 4, 4, 4, 0, 0)
    assert load("caviness-m9").rows[6] == (4, 5, 1, 1, 1, 6, 5, 3)


def test_tcg_n10_is_the_11x12_double_ten_board():
    p = load("tcg-n10")
    assert p.shape == (11, 12) and p.max_pip == 10


def test_an_unknown_name_lists_the_known_ones():
    with pytest.raises(PuzzleError, match="no puzzle named 'x' in the catalog; known: "):
        load("x")


@pytest.mark.parametrize("name", catalog.names())
def test_every_entry_says_where_in_its_source_and_how_it_was_copied(name):
    info = catalog.describe(name)
    assert {"source", "where", "copied", "title"} <= set(info)
    assert all(key.isalpha() for key in info)  # an address in a continued line is no key
