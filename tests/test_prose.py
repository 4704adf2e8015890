"""Every number in a notebook's prose is one that an output above it shows (``tests/prose.py``)."""

import copy
import json
import re
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.prose import (
    check_document,
    check_notebook,
    matches,
    numbers_in_output,
    numbers_in_prose,
    unmatched,
)

ROOT = Path(__file__).parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
DOCUMENTS = ["README.md", "docs/sources.md", "docs/architecture.md", "docs/engine.md",
             "docs/settings.md"]


def _code(*texts):
    return {"cell_type": "code", "source": "", "outputs": [
        {"output_type": "stream", "name": "stdout", "text": text} for text in texts]}


def _prose(text):
    return {"cell_type": "markdown", "source": text}


def _values(markdown):
    return [n.value for n in numbers_in_prose(markdown)]


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda path: path.stem)
def test_every_prose_number_is_shown_by_an_output_above_it(notebook):
    missing = check_notebook(notebook)
    assert not missing, "\n".join(
        f"cell {index}: {number.text} in …{number.context}… is shown by no output above it"
        for index, number in missing)


@pytest.mark.parametrize("document", DOCUMENTS)
def test_every_number_of_a_paragraph_citing_evidence_is_in_that_evidence(document):
    missing = check_document(ROOT / document, ROOT)
    assert not missing, "\n".join(
        f"line {line}: {number.text} in …{number.context}… is in none of the files it cites"
        for line, number in missing)


def test_a_document_number_not_in_the_file_it_cites_is_listed(tmp_path):
    (tmp_path / "results").mkdir()
    (tmp_path / "results" / "runs.csv").write_text("n,seconds\n10,4.2\n")
    (tmp_path / "page.md").write_text("It took 4.2 s (`results/runs.csv`).\n\n"
                                      "It took 5.3 s (`results/runs.csv`).\n\n"
                                      "The default limit is 60 s.\n")
    assert [(line, n.text) for line, n in check_document(tmp_path / "page.md", tmp_path)] == [
        (3, "5.3")]


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda path: path.stem)
def test_a_prose_number_changed_by_hand_is_caught(notebook):
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    for index, cell in enumerate(cells):
        if index and cell["cell_type"] == "markdown":
            source = "".join(cell["source"])
            for number in numbers_in_prose(source):
                if number.value >= 100 and number.tolerance == Decimal("0.5"):
                    changed = copy.deepcopy(cells)
                    typo = str(int(number.value) * 1000 + 1)
                    alone = re.compile(rf"(?<![\d,.]){re.escape(number.text)}(?![\d,.])")
                    if len(alone.findall(source)) != 1:
                        continue
                    changed[index]["source"] = alone.sub(typo, source)
                    assert any(n.text == typo for _, n in unmatched(changed))
                    return
    pytest.skip("no integer of three digits or more in the prose")


def test_a_number_shown_above_matches():
    assert unmatched([_code("(16, 'solved', 1227653)"), _prose("It has 16 solutions.")]) == []


def test_a_number_shown_nowhere_is_listed():
    missing = unmatched([_code("(16, 'solved')"), _prose("It has 17 solutions.")])
    assert [(i, n.text) for i, n in missing] == [(1, "17")]


def test_a_number_shown_only_below_a_later_cell_is_listed():
    cells = [_prose("intro"), _code("0"), _prose("It has 16 solutions."), _code("nothing"),
             _prose("more"), _code("16")]
    assert [n.text for _, n in unmatched(cells)] == ["16"]


def test_the_code_cell_a_sentence_introduces_counts():
    assert unmatched([_code("0"), _prose("Below, 16 solutions:"), _code("16")]) == []


def test_the_abstract_is_checked_against_every_output():
    assert unmatched([_prose("**Claims** it has 16 solutions"), _code("0"), _code("16")]) == []


def test_thousands_separators_and_exponents_are_read():
    assert numbers_in_output("653,184 and 1.2e+09 and 7") == {
        Decimal(653184), Decimal("1.2e9"), Decimal(7)}


def test_a_decimal_matches_to_its_written_precision():
    shown = numbers_in_output("1.4873")
    assert matches(numbers_in_prose("1.5 times")[0], shown)
    assert not matches(numbers_in_prose("1.4 times")[0], shown)


def test_about_licenses_rounding_to_the_last_non_zero_digit():
    shown = numbers_in_output("912")
    assert matches(numbers_in_prose("about 900 times")[0], shown)
    assert not matches(numbers_in_prose("900 times")[0], shown)


def test_scale_words_and_powers_of_ten_scale_the_numeral():
    assert _values("1.5 million and 5.8·10^14 and 10¹⁸") == [
        Decimal("1.5e6"), Decimal("5.8e14"), Decimal("1e18")]


def test_a_power_of_two_is_read_as_its_logarithm():
    assert _values("about 2^41.1 solutions") == [Decimal("41.1")]


def test_a_percentage_matches_a_fraction():
    assert matches(numbers_in_prose("38% of them")[0], numbers_in_output("0.38"))


def test_naming_numerals_are_skipped():
    assert _values("notebook 07, Table 1, p. 12, N = 6, a double-6 set, a 7×8 board, "
                   "in 2019, version 2.8.0, `code 42`, $x^3$, [link](page-9.html)") == []


def test_heading_and_list_numbers_are_skipped():
    assert _values("## 3. The third\n1. first claim\n2. second") == []


@given(st.integers(min_value=0, max_value=10**12))
def test_any_integer_shown_matches_and_its_successor_does_not(value):
    shown = numbers_in_output(f"{value:,}")
    assert matches(numbers_in_prose(f"it is {value:,} here")[0], shown)
    assert not matches(numbers_in_prose(f"it is {value + 1:,} here")[0], shown)
