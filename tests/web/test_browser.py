"""The browser client in a real browser (issue: networked play): headless Chromium,
driven by Selenium through Debian's ``chromium`` and ``chromium-driver`` (an explicit
driver path, nothing downloaded), plays a whole MYTHOS game against a random bot through
the client's controls, and checks the board, the action controls and the end screen.
It also writes the screenshot of a game in progress that the docs show, when asked
(``MITOSZ_SCREENSHOT=path``).

It skips when Selenium or the browser is missing, unless ``MITOSZ_REQUIRE_BROWSER`` is
set (CI sets it, and ``.ci/run`` installs the browser)."""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

REQUIRED = bool(os.environ.get("MITOSZ_REQUIRE_BROWSER"))
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"

if not REQUIRED:
    pytest.importorskip("selenium", reason="the browser test needs Selenium (extra 'test')")
    pytest.importorskip("starlette", reason="the server needs the extra 'web'")
    if not (Path(CHROMIUM).exists() and Path(DRIVER).exists()):
        pytest.skip(
            "Debian's chromium and chromium-driver are not installed", allow_module_level=True
        )

import uvicorn  # noqa: E402
from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

from mitosz_core.web.protocol import Limits  # noqa: E402
from mitosz_core.web.server import app  # noqa: E402
from mitosz_core.web.store import Store  # noqa: E402


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture
def served(tmp_path: Path) -> Iterator[str]:
    port = _free_port()
    config = uvicorn.Config(
        # a test clicks as fast as the machine goes: the flood limit (tested on its own)
        # must not refuse it
        app(Store(tmp_path / "tables.sqlite3"), Limits(messages_per_second=10_000.0, burst=10_000)),
        host="127.0.0.1",
        port=port,
        log_level="warning",
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}/"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


@pytest.fixture
def browser() -> Iterator[webdriver.Chrome]:
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"):
        options.add_argument(flag)
    options.add_argument("--window-size=1400,1000")
    driver = webdriver.Chrome(service=Service(executable_path=DRIVER), options=options)
    try:
        yield driver
    finally:
        driver.quit()


def _number(driver: webdriver.Chrome) -> int | None:
    value = driver.execute_script("return current === null ? null : current.number;")
    return value if isinstance(value, int) else None


def _moved_on(before: int) -> Callable[[webdriver.Chrome], bool]:
    """Whether the client shows a later decision than ``before``, or the end screen."""

    def moved(driver: webdriver.Chrome) -> bool:
        return (_number(driver) or 0) > before or driver.find_element(By.ID, "end").is_displayed()

    return moved


def _status(driver: webdriver.Chrome) -> str:
    return str(driver.find_element(By.ID, "status").text)


def test_a_whole_game_in_the_browser_against_a_bot(served: str, browser: webdriver.Chrome) -> None:
    browser.get(served)
    wait = WebDriverWait(browser, 120)
    Select(browser.find_element(By.ID, "ruleset")).select_by_value("mythos")
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#seats[data-ruleset=mythos] .who"))
    browser.find_element(By.ID, "create").click()
    wait.until(lambda d: _number(d) is not None, message=f"no game: {_status(browser)}")
    assert browser.find_element(By.CSS_SELECTOR, "#board svg")
    shot = os.environ.get("MITOSZ_SCREENSHOT")
    clicks = 0
    while not browser.find_element(By.ID, "end").is_displayed():
        buttons = browser.find_elements(By.CSS_SELECTOR, "#actions button.action")
        if not buttons:  # the bot's decision, or the next state is on its way
            time.sleep(0.02)
            continue
        before = _number(browser)
        assert before is not None
        if clicks == 12 and shot:
            browser.save_screenshot(shot)
        buttons[-1 if clicks % 3 else 0].click()
        clicks += 1
        wait.until(
            _moved_on(before), message=f"no new state after click {clicks}: {_status(browser)}"
        )
        assert clicks < 2000, "the game did not end"
    end = browser.find_element(By.ID, "end").text
    assert end.startswith("Game over:") and "seed" in end
    assert browser.find_element(By.CSS_SELECTOR, "#board svg")
    assert browser.find_elements(By.CSS_SELECTOR, "#log li"), "the log shows the decisions"
    assert clicks > 0
