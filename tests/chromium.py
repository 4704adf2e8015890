"""Headless Chromium for the browser tests: Debian's ``chromium`` and ``chromium-driver``.

Nothing is downloaded: Selenium is given the driver's path, so its driver manager never
runs, and Chromium is started with its network features off (the test machines have no
network). Tests that need it carry :data:`NEEDS_CHROMIUM`, which skips them, with the
command that installs the two, where either is missing.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")

NEEDS_CHROMIUM = pytest.mark.skipif(
    not (CHROMIUM.is_file() and CHROMEDRIVER.is_file()),
    reason=f"needs {CHROMIUM} and {CHROMEDRIVER} (apt-get install chromium chromium-driver)")

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


@contextlib.contextmanager
def chromium(folder: Path) -> Iterator:
    """Chromium through chromedriver with a fresh profile in ``folder``; quits even on failure,
    leaving ``last.png``, the page as it last stood, in ``folder``."""
    from selenium import webdriver
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for arg in CHROMIUM_ARGS:
        options.add_argument(arg)
    options.add_argument(f"--user-data-dir={folder / 'chromium-profile'}")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(executable_path=str(CHROMEDRIVER),
                      log_output=str(folder / "chromedriver.log"),
                      env={**os.environ,  # crash reports and caches not in the user's HOME
                           "XDG_CONFIG_HOME": str(folder / "xdg-config"),
                           "XDG_CACHE_HOME": str(folder / "xdg-cache")})
    driver = webdriver.Chrome(options=options, service=service)
    driver.artifacts = folder  # where failures leave a screenshot and the console
    try:
        yield driver
    finally:
        with contextlib.suppress(WebDriverException):
            driver.save_screenshot(str(folder / "last.png"))
        driver.quit()
