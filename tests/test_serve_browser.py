"""``mastermind serve`` in a real headless Chromium: the page loads the home screen, a
game starts from the keyboard, a typed guess reaches the board.

This test needs Debian's ``chromium`` and ``chromium-driver`` (``.ci/run`` installs them);
without them it fails, it does not skip. Set ``MASTERMIND_BROWSER_SCREENSHOT`` to a path to
keep a screenshot of the browser (``screenshots/browser.png`` comes from here).
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys
from waiting import wait_until

from mastermind_tui.serve import is_loopback

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
#: What Chromium needs to start as root on a machine without a network or a GPU.
FLAGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--window-size=1280,720",
]
ANSI = re.compile(r"\x1b\[[0-9;?<>=]*[A-Za-z]|\x1b[()][A-Z0-9]|\x1b\][^\x07]*\x07")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    port = free_port()
    env = {**os.environ, "MASTERMIND_RECORDS": "", "MASTERMIND_CACHE_DIR": str(tmp_path)}
    process = subprocess.Popen(
        [sys.executable, "-m", "mastermind_tui", "serve", "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        start_new_session=True,  # its group: the server, the browser's app, its helpers
    )

    def listening() -> bool:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
        except OSError:
            assert process.poll() is None, process.communicate()[1].decode()
            return False
        return True

    assert wait_until(listening, step=0.1), "the server did not start listening"
    yield f"http://127.0.0.1:{port}/"
    process.terminate()
    # The app waits for its first guess's rating (the optimum's search with an empty
    # cache, 8-14 s under load) before it exits: not what this test is about.
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(timeout=5)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)  # nothing of the group outlives the test
    process.wait()


@pytest.fixture
def browser() -> Iterator[webdriver.Chrome]:
    assert Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists(), (
        "install Debian's chromium and chromium-driver (as .ci/run does)"
    )
    options = Options()
    options.binary_location = CHROMIUM
    for flag in FLAGS:
        options.add_argument(flag)
    # The page draws the terminal on a canvas; what the app sends it over the websocket is
    # read from Chromium's network log instead.
    options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    yield driver
    driver.quit()


class Screen:
    """Everything the app has written to the page, without escape codes."""

    def __init__(self, driver: webdriver.Chrome) -> None:
        self.driver = driver
        self.received: list[bytes] = []

    def text(self) -> str:
        for entry in self.driver.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            if message["method"] == "Network.webSocketFrameReceived":
                frame = message["params"]["response"]
                data = frame["payloadData"]
                binary = frame["opcode"] == 2
                self.received.append(base64.b64decode(data) if binary else data.encode())
        return ANSI.sub("", b"".join(self.received).decode("utf-8", "replace"))

    def wait_for(self, pattern: str, seconds: float = 60) -> None:
        found = wait_until(lambda: re.search(pattern, self.text()), seconds, step=0.2)
        assert found, f"{pattern!r} never reached the page"


def test_a_guess_typed_in_the_browser_reaches_the_board(
    server: str, browser: webdriver.Chrome
) -> None:
    browser.get(server)
    screen = Screen(browser)
    screen.wait_for("choose a game")  # the home screen
    keyboard = browser.find_element("css selector", ".xterm-helper-textarea")
    browser.execute_script("arguments[0].focus()", keyboard)
    ActionChains(browser).key_down(Keys.CONTROL).send_keys("s").key_up(Keys.CONTROL).perform()
    screen.wait_for("Your guess")
    ActionChains(browser).send_keys("RRGG", Keys.ENTER).perform()
    screen.wait_for(r"RRGG gets \d,\d")
    screen.wait_for(r"1\s*RRGG\s*\d\s*\d")  # the History row
    if keep := os.environ.get("MASTERMIND_BROWSER_SCREENSHOT"):
        time.sleep(1)  # let the canvas catch up with the last frame
        browser.save_screenshot(keep)


def test_the_watch_and_a_what_if_play_in_the_browser(
    server: str, browser: webdriver.Chrome
) -> None:
    """Issue 18 item 8: the watch's beats and a what-if, driven from the browser's keys."""
    browser.get(server)
    screen = Screen(browser)
    screen.wait_for("choose a game")
    keyboard = browser.find_element("css selector", ".xterm-helper-textarea")
    browser.execute_script("arguments[0].focus()", keyboard)
    ActionChains(browser).key_down(Keys.CONTROL).send_keys("p").key_up(Keys.CONTROL).perform()
    ActionChains(browser).send_keys("Watch").perform()
    screen.wait_for("Watch")
    ActionChains(browser).send_keys(Keys.ENTER).perform()
    screen.wait_for(r"Watch\s+a\s+strategy\s+think")  # the home screen, in watch mode
    ActionChains(browser).key_down(Keys.CONTROL).send_keys("s").key_up(Keys.CONTROL).perform()
    screen.wait_for("Watching knuth break")
    ActionChains(browser).send_keys("n").perform()
    screen.wait_for(r"Move\s+1,\s+(before its answer|answered)")
    ActionChains(browser).send_keys("w").perform()
    screen.wait_for(r"What\s+if:\s+type\s+a\s+code")  # its line is open: type there
    ActionChains(browser).send_keys("RRGG", Keys.ENTER).perform()
    screen.wait_for(r"What\s+if\s+RRGG")


def test_only_loopback_is_quiet() -> None:
    assert is_loopback("127.0.0.1") and is_loopback("localhost") and is_loopback("::1")
    assert not is_loopback("0.0.0.0") and not is_loopback("192.168.1.5")
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "mastermind_tui", "serve", "--host", "0.0.0.0", "--port", str(port)],
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stderr is not None
        first = process.stderr.readline()
    finally:
        process.terminate()
        process.wait(timeout=10)
    assert f"anyone who can reach port {port} can play" in first
