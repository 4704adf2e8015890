"""The pages any browser opens, driven in headless Chromium from a file, as a pupil would.

The class page (:func:`dominosa_lab.pages.write_class_pages`) is written into a temporary
folder and opened from ``file://``: no server, no network. On the play board a hint is
taken (its sentence shown, its squares highlighted), a wrong domino is found by Check and
explained by Why?, and the puzzle is solved by clicking squares; on the stepper playing
stops at the first stop and, played again, passes it and stops at the next one.

Needs Debian's ``chromium`` and ``chromium-driver``; skipped where either is missing.
"""

from __future__ import annotations

import json
import re

import pytest

from tests.chromium import NEEDS_CHROMIUM, chromium

pytestmark = [pytest.mark.browser, NEEDS_CHROMIUM]

webdriver = pytest.importorskip("selenium.webdriver", reason="needs selenium (the test extra)")

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

from dominosa_lab.pages import write_class_pages  # noqa: E402

WAIT = 20  # seconds for the page to answer a click (it answers at once; the machine may be busy)


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    """The class page for two double-3 puzzles, and its data."""
    folder = tmp_path_factory.mktemp("pages")
    out = folder / "class.html"
    write_class_pages(out, n=3, grade="basic", count=2, seed=0)
    text = out.read_text(encoding="utf-8")
    blob = re.search(r'<script type="application/json" id="page-data">(.*?)</script>', text, re.S)
    return out, json.loads(blob.group(1).replace("<\\/", "</"))


@pytest.fixture
def browser(tmp_path):
    with chromium(tmp_path) as driver:
        yield driver


def _open(browser, path, panel="play"):
    browser.get(path.as_uri() + "#" + panel)
    WebDriverWait(browser, WAIT).until(
        lambda d: d.find_element(By.ID, panel).is_displayed())


def _square(browser, r, c):
    return browser.find_element(By.CSS_SELECTOR, f"#play-board .cell[data-r='{r}'][data-c='{c}']")


def _place(browser, pl):
    _square(browser, pl[0], pl[1]).click()
    _square(browser, pl[2], pl[3]).click()


def _message(browser):
    return browser.find_element(By.ID, "message").text


def test_a_hint_names_its_step_and_highlights_its_squares(browser, page):
    path, data = page
    _open(browser, path)
    browser.find_element(By.ID, "hint").click()
    step = data["play"]["puzzles"][0]["steps"][0]
    assert step["text"] in _message(browser)
    hinted = {(int(e.get_attribute("data-r")), int(e.get_attribute("data-c")))
              for e in browser.find_elements(By.CSS_SELECTOR, "#play-board .cell.hinted")}
    assert hinted == {tuple(cell) for cell in step["cells"]}


def test_a_puzzle_is_solved_by_taking_a_hint_and_clicking_the_rest(browser, page):
    path, data = page
    puzzle = data["play"]["puzzles"][0]
    _open(browser, path)
    browser.find_element(By.ID, "hint").click()
    hinted = browser.find_element(By.CSS_SELECTOR, "#play-board .outline.hinted-place")
    first = [int(v) for v in hinted.get_attribute("data-pl").split(",")]
    _place(browser, first)
    for pl in puzzle["solution"]:
        if pl != first:
            _place(browser, pl)
    assert _message(browser).startswith("Solved!")
    total = len(puzzle["solution"])
    assert browser.find_element(By.ID, "play-progress").text.startswith(f"{total} of {total}")


def test_check_marks_a_wrong_domino_and_why_names_the_step_that_rules_it_out(browser, page):
    path, data = page
    puzzle = data["play"]["puzzles"][0]
    answer = {tuple(pl) for pl in puzzle["solution"]}
    wrong = next(pl for pl in map(lambda k: [int(v) for v in k.split(",")], puzzle["decided"])
                 if tuple(pl) not in answer)
    _open(browser, path)
    _place(browser, wrong)
    browser.find_element(By.ID, "check").click()
    assert "not in the answer" in _message(browser)
    assert browser.find_elements(By.CSS_SELECTOR, "#play-board .outline.wrong")
    _square(browser, wrong[0], wrong[1]).click()
    browser.find_element(By.ID, "why").click()
    step = puzzle["steps"][puzzle["decided"][",".join(map(str, wrong))]]
    assert step["text"] in _message(browser)


def test_a_hint_on_a_board_that_contradicts_the_answer_says_so_and_highlights_nothing(
        browser, page):
    path, data = page
    puzzle = data["play"]["puzzles"][0]
    answer = {tuple(pl) for pl in puzzle["solution"]}
    wrong = next(tuple(int(v) for v in k.split(",")) for k in puzzle["decided"]
                 if tuple(int(v) for v in k.split(",")) not in answer)
    _open(browser, path)
    _place(browser, wrong)
    browser.find_element(By.ID, "hint").click()
    assert _message(browser).startswith("No hint fits this board.")
    assert not browser.find_elements(By.CSS_SELECTOR, "#play-board .cell.hinted")


def test_the_answer_is_shown_only_when_asked_twice(browser, page):
    path, _ = page
    _open(browser, path)
    button = browser.find_element(By.ID, "answer")
    box = browser.find_element(By.ID, "answer-box")
    button.click()
    assert not box.is_displayed() and _message(browser).startswith("Sure?")
    button.click()
    assert box.is_displayed()
    assert len(browser.find_elements(By.CSS_SELECTOR, "#answer-board .outline")) == len(
        page[1]["play"]["puzzles"][0]["solution"])


def test_the_places_left_for_a_domino_are_marked(browser, page):
    path, data = page
    rows = data["play"]["puzzles"][0]["rows"]
    _open(browser, path)
    browser.find_element(By.CSS_SELECTOR, "#domino-table button[data-domino='0-1']").click()
    marked = browser.find_elements(By.CSS_SELECTOR, "#play-board .outline.place")
    expected = sum(1 for r, row in enumerate(rows) for c, v in enumerate(row)
                   for dr, dc in ((0, 1), (1, 0))
                   if r + dr < len(rows) and c + dc < len(row)
                   and sorted((v, rows[r + dr][c + dc])) == [0, 1])
    assert len(marked) == expected > 0


def test_squares_are_reached_and_picked_with_the_keyboard(browser, page):
    path, _ = page
    _open(browser, path)
    _square(browser, 0, 0).click()
    active = browser.switch_to.active_element
    active.send_keys(Keys.ARROW_RIGHT)
    browser.switch_to.active_element.send_keys(Keys.ENTER)
    assert "Placed" in _message(browser)
    assert len(browser.find_elements(By.CSS_SELECTOR, "#play-board .outline.mine")) == 1


def _step(browser):
    return int(re.match(r"Step (\d+)", browser.find_element(By.ID, "st-step").text).group(1))


def test_playing_the_stepper_stops_at_each_stop_and_passes_it_when_played_again(browser, page):
    path, data = page
    stops = data["stepper"]["stops"]
    _open(browser, path, "stepper")
    browser.execute_script("document.getElementById('st-speed').value = '250'")
    play = browser.find_element(By.ID, "st-play")
    note = browser.find_element(By.ID, "st-stopnote")
    for stop in stops[:2]:
        play.click()
        WebDriverWait(browser, WAIT).until(lambda d: note.is_displayed() and play.text == "▶ Play")
        assert _step(browser) == stop
    assert "stop 2 of" in browser.find_element(By.ID, "st-step").text


def test_the_stepper_shows_the_options_of_a_choice_on_the_board(browser, page):
    path, data = page
    frames = data["stepper"]["frames"]
    choice = next(k for k, f in enumerate(frames) if f["kind"] == "choice")
    _open(browser, path, "stepper")
    for _ in range(choice):
        browser.find_element(By.ID, "st-next").click()
    options = data["stepper"]["options"][str(frames[choice]["node"])]
    assert _step(browser) == choice
    assert len(browser.find_elements(By.CSS_SELECTOR, "#st-board .outline.option")) == len(
        options["tried"])


def test_the_stepper_steps_with_the_arrow_keys(browser, page):
    path, _ = page
    _open(browser, path, "stepper")
    body = browser.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.ARROW_RIGHT)
    body.send_keys(Keys.ARROW_RIGHT)
    body.send_keys(Keys.ARROW_LEFT)
    assert _step(browser) == 1
