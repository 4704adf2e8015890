"""The notebook widgets in a real browser: JupyterLab on localhost, driven in headless Chromium.

The lesson (``notebooks/00_teaching_backtracking.ipynb``) is opened in JupyterLab, its outputs
cleared and all its cells run from the Run menu; then the stepper's *next* button is clicked and
the board's picture must change. The play widget, which the lesson does not show, is displayed
by a two-cell notebook written next to the lesson's copy; two clicks on adjacent cells must
outline a domino, and its explanations are driven as a player would: a hint's sentence and
highlighted domino, taking the hint, "why?" on its outline, undo naming the reason, and the
places of a domino chosen in the list.

Nothing of the repository is written: JupyterLab serves a temporary copy of the lesson (which
writes no figure file, as :data:`~dominosa_lab.draw.theme.FIGURES_ENV` is unset), and its
configuration, data, runtime, settings and workspaces folders, and the kernel's IPython folder,
are temporary too. Every process started is stopped, even after a failure. The kernel
is the ``python3`` kernel spec of the Python running the tests (the project's ``.venv``),
importing the ``dominosa_lab`` of this checkout.

Needs Debian's ``chromium`` and ``chromium-driver`` (``apt-get install chromium
chromium-driver``); skipped where either is missing. Nothing is downloaded: Selenium is given
the driver's path, so its driver manager never runs, and Chromium is started with its network
features off (the test machines have no network).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from base64 import b64decode
from dataclasses import dataclass
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not (CHROMIUM.is_file() and CHROMEDRIVER.is_file()),
                       reason=f"needs {CHROMIUM} and {CHROMEDRIVER} "
                              "(apt-get install chromium chromium-driver)"),
]

pytest.importorskip("jupyterlab", reason="needs the notebooks extra (JupyterLab)")
webdriver = pytest.importorskip("selenium.webdriver", reason="needs selenium (the test extra)")

from selenium.common.exceptions import (  # noqa: E402
    JavascriptException,
    StaleElementReferenceException,
    TimeoutException,
    WebDriverException,
)
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.color import Color  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

from dominosa_lab.draw import play_widget  # noqa: E402
from dominosa_lab.draw.theme import FIGURES_ENV  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
LESSON = "00_teaching_backtracking.ipynb"
PLAY = "browser_play_widget.ipynb"  # written into the temporary copy only

STDOUT = "data-mime-type='application/vnd.jupyter.stdout'"
STDERR = "data-mime-type='application/vnd.jupyter.stderr'"  # errors are shown as stderr too

# The prompts of the code cells' input areas (a folded input's placeholder has one too, empty).
CODE_PROMPTS = ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell .jp-InputArea-prompt"

SERVER_TIMEOUT = 60  # JupyterLab answering
PAGE_TIMEOUT = 60  # JupyterLab's page up, the kernel idle
RUN_TIMEOUT = 120  # all cells of the lesson run (about 10 s alone on a quiet machine)
WIDGET_TIMEOUT = 30  # a click answered by the kernel

CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",  # root in CI
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-quic",
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-breakpad",
    "--disable-crash-reporter",
    "--disable-default-apps",
    "--disable-extensions",
    "--disable-features=Translate,OptimizationHints,MediaRouter,AutofillServerCommunication",
    "--metrics-recording-only",
    "--window-size=1600,1200",
]

# JupyterLab's user settings for the test: no news or update toasts over the widgets, and every
# cell attached to the page (no windowing), so what the test looks for is in the DOM.
LAB_SETTINGS = {
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings":
        {"fetchNews": "false", "checkForUpdates": False, "doNotDisturbMode": True},
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings":
        {"windowingMode": "none"},
}

PLAY_CELLS = [
    "import sys\nprint(sys.prefix)",
    "from dominosa_lab import Puzzle\n"
    f"from {play_widget.__name__} import PlayWidget\n\n"
    "widget = PlayWidget(Puzzle([[2, 0, 2, 2], [1, 0, 1, 2], [0, 1, 1, 0]]))  # lesson 00's\n"
    "widget",
]

# The picture an ipywidgets Image shows (a blob: URL in ipywidgets 8), read back as a data URL.
READ_IMAGE_JS = """
const img = arguments[0], done = arguments[arguments.length - 1];
if (!img.src || !img.complete || !img.naturalWidth) { done(null); return; }
fetch(img.src).then(r => r.blob()).then(blob => {
  const reader = new FileReader();
  reader.onload = () => done(reader.result);
  reader.onerror = () => done(null);
  reader.readAsDataURL(blob);
}).catch(() => done(null));
"""


# --- JupyterLab ------------------------------------------------------------------------------

@dataclass
class Lab:
    url: str  # ends with "/"
    token: str
    root: Path
    log: Path

    def page(self, path: str, workspace: str) -> str:
        """The address that opens ``path`` in its own (fresh) workspace."""
        return f"{self.url}lab/workspaces/{workspace}/tree/{path}?token={self.token}"

    def api(self, path: str, method: str = "GET") -> object:
        request = urllib.request.Request(f"{self.url}api/{path}", method=method,
                                         headers={"Authorization": f"token {self.token}"})
        with urllib.request.urlopen(request, timeout=10) as response:
            body = response.read()
        return json.loads(body) if body else None

    def log_tail(self, lines: int = 40) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def write_play_notebook(path: Path) -> None:
    cells = [{"cell_type": "code", "execution_count": None, "id": f"play-{k}", "metadata": {},
              "outputs": [], "source": source} for k, source in enumerate(PLAY_CELLS)]
    notebook = {"cells": cells, "nbformat": 4, "nbformat_minor": 5,
                "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                            "name": "python3"}}}
    path.write_text(json.dumps(notebook, indent=1))


def processes_mentioning(text: str) -> list[int]:
    """Ids of the live processes whose command line contains ``text`` (Linux /proc)."""
    found = []
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            if text in entry.joinpath("cmdline").read_bytes().decode(errors="replace"):
                found.append(int(entry.name))
        except OSError:
            continue
    return [pid for pid in found if pid != os.getpid()]


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """JupyterLab on 127.0.0.1 with a random token, serving a temporary copy of the lesson."""
    base = tmp_path_factory.mktemp("browser")
    root = base / "root"
    (root / "notebooks").mkdir(parents=True)
    shutil.copy2(REPO / "notebooks" / LESSON, root / "notebooks" / LESSON)
    write_play_notebook(root / "notebooks" / PLAY)
    dirs = {name: base / name for name in ("config", "data", "runtime", "settings", "workspaces",
                                            "ipython")}
    for folder in dirs.values():
        folder.mkdir()
    for name, values in LAB_SETTINGS.items():
        target = dirs["settings"] / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(values))
    env = {**os.environ,
           "JUPYTER_CONFIG_DIR": str(dirs["config"]),
           "JUPYTER_DATA_DIR": str(dirs["data"]),  # no user kernel spec: python3 is this Python
           "JUPYTER_RUNTIME_DIR": str(dirs["runtime"]),
           "JUPYTERLAB_SETTINGS_DIR": str(dirs["settings"]),
           "JUPYTERLAB_WORKSPACES_DIR": str(dirs["workspaces"]),
           "IPYTHONDIR": str(dirs["ipython"]),
           # the kernel imports the dominosa_lab of this checkout, not an installed one
           "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO),
                                                       os.environ.get("PYTHONPATH")]))}
    env.pop("JUPYTER_PATH", None)
    env.pop(FIGURES_ENV, None)  # the lesson draws inline and writes no figure file anywhere
    token = secrets.token_hex(24)
    jupyter = Path(sys.executable).with_name("jupyter")  # the project's .venv/bin/jupyter
    launcher = [str(jupyter)] if jupyter.exists() else [sys.executable, "-m", "jupyter"]
    log = base / "jupyterlab.log"
    server = None
    try:
        for _attempt in range(3):  # another process may take the free port first
            port = free_port()
            lab = Lab(f"http://127.0.0.1:{port}/", token, root, log)
            command = [*launcher, "lab", "--no-browser", "--allow-root",
                       "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}",
                       "--ServerApp.port_retries=0", f"--IdentityProvider.token={token}",
                       f"--ServerApp.root_dir={root}", "--LabApp.news_url=None",
                       "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"]
            with log.open("wb") as out:
                server = subprocess.Popen(command, cwd=root, env=env, stdout=out,
                                          stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                          start_new_session=True)
            if wait_for_server(server, lab):
                break
            if "already in use" not in lab.log_tail():
                pytest.fail(f"JupyterLab exited with {server.returncode}:\n{lab.log_tail()}")
        else:
            pytest.fail(f"JupyterLab found no free port:\n{lab.log_tail()}")
        yield lab
    finally:
        if server is not None:
            stop_server(server, lab)
        # Kernels run in sessions of their own; any left (server killed) are found by the
        # connection file in our runtime folder on their command line.
        for pid in processes_mentioning(str(dirs["runtime"])):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


def wait_for_server(server: subprocess.Popen, lab: Lab) -> bool:
    """True once JupyterLab answers, False if it exited; fails the test if it hangs."""
    deadline = time.monotonic() + SERVER_TIMEOUT
    while server.poll() is None:
        try:
            lab.api("status")
            return True
        except (OSError, urllib.error.URLError):
            if time.monotonic() > deadline:
                pytest.fail(f"JupyterLab did not answer in {SERVER_TIMEOUT} s:\n{lab.log_tail()}")
            time.sleep(0.2)
    return False


def stop_server(server: subprocess.Popen, lab: Lab) -> None:
    """Ask JupyterLab to shut down (its kernels too); terminate, then kill, if it does not."""
    if server.poll() is None:
        with contextlib.suppress(OSError, urllib.error.URLError):
            lab.api("shutdown", method="POST")
    for sig, timeout in ((None, 20), (signal.SIGTERM, 10), (signal.SIGKILL, None)):
        if sig is not None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(server.pid, sig)
        try:
            server.wait(timeout=timeout)
            return
        except subprocess.TimeoutExpired:
            continue


# --- Chromium -----------------------------------------------------------------------------------

@pytest.fixture
def browser(tmp_path):
    """Headless Chromium through chromedriver, with a fresh profile; quits even on failure."""
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for arg in CHROMIUM_ARGS:
        options.add_argument(arg)
    options.add_argument(f"--user-data-dir={tmp_path / 'chromium-profile'}")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(executable_path=str(CHROMEDRIVER),
                      log_output=str(tmp_path / "chromedriver.log"),
                      env={**os.environ,  # crash reports and caches not in the user's HOME
                           "XDG_CONFIG_HOME": str(tmp_path / "xdg-config"),
                           "XDG_CACHE_HOME": str(tmp_path / "xdg-cache")})
    driver = webdriver.Chrome(options=options, service=service)
    driver.artifacts = tmp_path  # where failures leave a screenshot and the console
    try:
        yield driver
    finally:
        with contextlib.suppress(WebDriverException):
            driver.save_screenshot(str(tmp_path / "last.png"))
        driver.quit()


# --- waiting and clicking ------------------------------------------------------------------------

class PageError(AssertionError):
    """The page shows a failure (a traceback, an error dialog): no use waiting further."""


def page_errors(driver) -> str | None:
    """A traceback in an output, or an open dialog, in the page; None if there is none."""
    for output in driver.find_elements(By.CSS_SELECTOR, f".jp-OutputArea-output[{STDERR}]"):
        text = output.get_attribute("textContent")  # also in folded outputs
        if "Traceback" in text:
            return f"a cell failed:\n{text}"
    for dialog in driver.find_elements(By.CSS_SELECTOR, ".jp-Dialog"):
        return f"JupyterLab shows a dialog:\n{dialog.text}"
    return None


def wait_for(driver, condition, timeout: float, what: str, lab: Lab | None = None):
    """Wait until ``condition(driver)`` is truthy, failing early if the page shows an error."""

    def check(drv):
        try:
            value = condition(drv)
        except (StaleElementReferenceException, JavascriptException):
            return False  # the page was redrawing: look again
        if value:
            return value
        problem = page_errors(drv)
        if problem:
            raise PageError(problem)
        return False

    try:
        return WebDriverWait(driver, timeout, poll_frequency=0.2).until(check)
    except (TimeoutException, PageError) as err:
        shot = driver.artifacts / "failure.png"
        driver.save_screenshot(str(shot))
        try:
            console = "\n".join(entry["message"] for entry in driver.get_log("browser")[-20:])
        except WebDriverException:
            console = "(unavailable)"
        server = f"\nJupyterLab's log:\n{lab.log_tail()}" if lab else ""
        reason = str(err) if isinstance(err, PageError) else f"not within {timeout} s"
        raise AssertionError(f"waiting for {what}: {reason}\nscreenshot: {shot}\n"
                             f"browser console:\n{console}{server}") from None


def clickable(driver, by, selector):
    """The element if it is displayed and enabled, else None (for waits)."""
    for element in driver.find_elements(by, selector):
        if element.is_displayed() and element.is_enabled():
            return element
    return None


def click(driver, by, selector, what: str, timeout: float = PAGE_TIMEOUT):
    wait_for(driver, lambda d: clickable(d, by, selector), timeout, what).click()


def menu(driver, title: str, command: str) -> None:
    """Choose a command from JupyterLab's menu bar, as a user does."""
    click(driver, By.XPATH, f"//li[contains(@class, 'lm-MenuBar-item')]"
                            f"[.//div[contains(@class, 'lm-MenuBar-itemLabel')][text()='{title}']]",
          f"the {title} menu")
    click(driver, By.CSS_SELECTOR, f".lm-Menu li.lm-Menu-item[data-command='{command}']",
          f"{command} in the {title} menu")


def open_notebook(driver, lab: Lab, path: str, workspace: str) -> None:
    """Open a notebook in its own workspace; return once its kernel is idle."""
    driver.get(lab.page(path, workspace))
    wait_for(driver, lambda d: d.find_elements(
        By.CSS_SELECTOR, ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook .jp-Cell"),
        PAGE_TIMEOUT, f"JupyterLab to show {path}", lab)
    # The execution indicator says "idle" before any kernel too: wait for the kernel's name.
    kernel = lab.api("kernelspecs")["kernelspecs"].get("python3")
    assert kernel, f"no python3 kernel spec:\n{lab.log_tail()}"
    name = kernel["spec"]["display_name"]
    panel = ".jp-NotebookPanel:not(.lm-mod-hidden)"
    wait_for(driver, lambda d: any(e.text == name for e in d.find_elements(
        By.CSS_SELECTOR, f"{panel} .jp-KernelName")) and d.find_elements(
        By.CSS_SELECTOR, f"{panel} .jp-Notebook-ExecutionIndicator[data-status='idle']"),
        PAGE_TIMEOUT, f"the {name} kernel of {path} to be idle", lab)


def prompts(driver) -> list[str]:
    """The execution counts of the code cells: "[ ]:", "[*]:" (queued, running), "[3]:".

    Read from the page's text, not as shown: a cell whose source is folded (the lesson's
    answers written by hidden cells) hides its prompt, and Selenium reads a hidden element's
    shown text as empty.
    """
    return [" ".join(p.get_attribute("textContent").split())
            for p in driver.find_elements(By.CSS_SELECTOR, CODE_PROMPTS)]


def run_all(driver, lab: Lab) -> None:
    """Clear every output (the saved widget state included), run all cells, wait for the last."""
    menu(driver, "Edit", "editmenu:clear-all")
    wait_for(driver, lambda d: not d.find_elements(By.CSS_SELECTOR, ".jp-OutputArea-output")
             and all(p == "[ ]:" for p in prompts(d)),
             PAGE_TIMEOUT, "the outputs and execution counts to be cleared", lab)
    menu(driver, "Run", "runmenu:run-all")
    # Then wait for the last cell: the kernel answers a widget's clicks only after the cells
    # queued before them, so clicking while the lesson still runs would measure the lesson.
    wait_for(driver, lambda d: all(re.fullmatch(r"\[\d+\]:", p) for p in prompts(d)),
             RUN_TIMEOUT, "every cell to run", lab)


def widget_output(driver, button_text: str, lab: Lab, timeout: float = RUN_TIMEOUT):
    """The output area holding a widget with a button labelled ``button_text``."""
    button = f".//button[contains(@class, 'widget-button')][normalize-space()='{button_text}']"
    return wait_for(driver, lambda d: clickable(
        d, By.XPATH, f"//div[contains(@class, 'jp-OutputArea-output')][{button}]"),
        timeout, f"a widget with a {button_text!r} button", lab)


def read_picture(driver, image) -> str | None:
    return driver.execute_async_script(READ_IMAGE_JS, image)


# --- the tests ----------------------------------------------------------------------------------

def test_lesson_stepper_next_changes_the_board(lab, browser):
    open_notebook(browser, lab, f"notebooks/{LESSON}", "lesson")
    run_all(browser, lab)
    stepper = widget_output(browser, "next ▶", lab)
    counters = stepper.find_element(By.CSS_SELECTOR, ".widget-html")
    image = stepper.find_element(By.CSS_SELECTOR, "img.widget-image")
    wait_for(browser, lambda d: "step 0 of" in counters.text, WIDGET_TIMEOUT,
             "the stepper at step 0", lab)
    before = wait_for(browser, lambda d: read_picture(d, image), WIDGET_TIMEOUT,
                      "the stepper's picture", lab)
    assert before.startswith("data:image/png;base64,")

    stepper.find_element(By.XPATH, ".//button[normalize-space()='next ▶']").click()

    wait_for(browser, lambda d: "step 1 of" in counters.text, WIDGET_TIMEOUT,
             "the counters to show step 1", lab)
    after = wait_for(browser, lambda d: (p := read_picture(d, image)) not in (None, before) and p,
                     WIDGET_TIMEOUT, "the board's picture to change", lab)
    for name, picture in (("stepper-step0.png", before), ("stepper-step1.png", after)):
        (browser.artifacts / name).write_bytes(b64decode(picture.split(",", 1)[1]))
    assert after.startswith("data:image/png;base64,") and after != before


def test_play_widget_draws_a_domino_by_two_clicks(lab, browser):
    open_notebook(browser, lab, f"notebooks/{PLAY}", "play")
    run_all(browser, lab)
    play = widget_output(browser, "Hint", lab)
    # The kernel is the Python of these tests (the project's .venv), not some other one.
    printed = browser.find_element(
        By.CSS_SELECTOR, f".jp-OutputArea-output[{STDOUT}]")
    assert Path(printed.text.strip()).resolve() == Path(sys.prefix).resolve()

    grid = play.find_element(By.CSS_SELECTOR, ".widget-gridbox")
    first, second = grid.find_elements(By.CSS_SELECTOR, "button.widget-button")[:2]  # (0,0), (0,1)
    status = play.find_element(By.XPATH, "(.//div[contains(@class, 'widget-vbox')])[1]/*[last()]")

    def border(button, side):
        """A cell's border on one side as (width, colour), as in play_widget's constants."""
        return (button.value_of_css_property(f"border-{side}-width"),
                Color.from_string(button.value_of_css_property(f"border-{side}-color")).hex)

    def expected(spec):  # "3px solid #c0392b" -> ("3px", "#c0392b")
        width, _, colour = spec.split()
        return width, colour

    user, plain = expected(play_widget.USER_BORDER), expected(play_widget.PLAIN_BORDER)
    assert border(first, "left") == plain

    first.click()
    wait_for(browser, lambda d: "selected (0, 0)" in status.text, WIDGET_TIMEOUT,
             "the first click to select cell (0, 0)", lab)
    second.click()
    wait_for(browser, lambda d: status.text.startswith("drew"), WIDGET_TIMEOUT,
             "the second click to draw a domino", lab)
    wait_for(browser, lambda d: border(first, "left") == user and border(second, "right") == user,
             WIDGET_TIMEOUT, "the domino's red outline", lab)
    # one outline round the two cells: closed outside, open on the side they share
    outside_then_shared = [user, user, user, plain]
    assert [border(first, side) for side in ("top", "bottom", "left", "right")] \
        == outside_then_shared
    assert [border(second, side) for side in ("top", "bottom", "right", "left")] \
        == outside_then_shared
    browser.save_screenshot(str(browser.artifacts / "play-widget.png"))


def test_play_widget_explains_hints_why_undo_and_where_a_domino_can_go(lab, browser):
    from selenium.webdriver.support.select import Select

    from dominosa_lab import Puzzle
    from dominosa_lab.logic.step import placement_text
    from dominosa_lab.trace.play import PlayBoard

    open_notebook(browser, lab, f"notebooks/{PLAY}", "explain")
    run_all(browser, lab)
    play = widget_output(browser, "Take hint", lab)
    buttons = play.find_element(By.CSS_SELECTOR, ".widget-gridbox").find_elements(
        By.CSS_SELECTOR, "button.widget-button")
    cell = {(r, c): buttons[4 * r + c] for r in range(3) for c in range(4)}  # the lesson's 3 x 4
    status = play.find_element(By.XPATH, "(.//div[contains(@class, 'widget-vbox')])[1]/*[last()]")
    board = PlayBoard(Puzzle([[2, 0, 2, 2], [1, 0, 1, 2], [0, 1, 1, 0]]))  # the notebook's
    hint = board.next_hint()
    forced = placement_text(hint.placement)

    def press(label):
        play.find_element(By.XPATH, f".//button[normalize-space()='{label}']").click()

    def colour(button):
        return Color.from_string(button.value_of_css_property("background-color")).hex

    def says(text, what):
        wait_for(browser, lambda d: text in status.text, WIDGET_TIMEOUT, what, lab)

    press("Hint")  # the deduction's sentence, and its domino highlighted
    says(hint.steps[-1].reason, "the hint's sentence")
    wait_for(browser, lambda d: all(colour(cell[c]) == play_widget.HINT_COLOR
                                    for c in hint.placement.cells),
             WIDGET_TIMEOUT, "the forced domino highlighted", lab)
    browser.save_screenshot(str(browser.artifacts / "play-hint.png"))

    press("Take hint")
    says(f"Drew: {forced} is forced", "the hint taken")
    press("Why?")
    says("click an outlined domino", "the why? prompt")
    cell[hint.placement.a].click()
    says(f"Why: {forced} is forced (drew {forced} (by a hint: {hint.steps[-1].deduction}))",
         "the answer to why?")

    press("Undo")  # says what it took back, and why it had been there
    says(f"undone: drew {forced} (by a hint: {hint.steps[-1].deduction}): "
         f"{hint.steps[-1].reason}", "the undo and its reason")

    Select(play.find_element(By.CSS_SELECTOR, ".widget-dropdown select")).select_by_visible_text(
        "1-2")
    places = board.places((1, 2))
    says(f"1-2 can still go at {len(places)} places", "the places of 1-2")
    marked = {c for pl in places for c in pl.cells}
    wait_for(browser, lambda d: {c for c, b in cell.items()
                                 if colour(b) == play_widget.PLACES_COLOR} == marked,
             WIDGET_TIMEOUT, "the places of 1-2 marked", lab)
    browser.save_screenshot(str(browser.artifacts / "play-places.png"))
