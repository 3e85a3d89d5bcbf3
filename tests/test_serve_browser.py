"""``mastermind serve`` in a real headless Chromium: the page loads the home screen, a
game starts from the keyboard, a typed guess reaches the board.

The browser tests need Debian's ``chromium`` and ``chromium-driver`` (``chromium`` and
``chromedriver`` on ``PATH``), or ``MASTERMIND_CHROMIUM`` naming another Chromium or Chrome
binary (its driver still ``chromedriver`` on ``PATH``). Without them they skip, saying how
to run them; with ``MASTERMIND_REQUIRE_BROWSER=1`` (``.ci/run`` sets it, and installs
Chromium) they fail instead. Set ``MASTERMIND_BROWSER_SCREENSHOT`` to a path to keep a
screenshot of the browser (``screenshots/browser.png`` comes from here).
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import cast

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys
from waiting import wait_until

from mastermind_tui.cli.serve import is_loopback
from mastermind_tui.records.store import Records
from mastermind_tui.records.types import Game

#: Names another Chromium (or Chrome) binary than ``chromium`` on PATH.
CHROMIUM_VARIABLE = "MASTERMIND_CHROMIUM"
#: Set to 1 to fail, not skip, where the browser or its driver is missing (``.ci/run``).
REQUIRE_VARIABLE = "MASTERMIND_REQUIRE_BROWSER"
HOW = (
    "needs Debian's chromium and chromium-driver (apt-get install chromium chromium-driver), "
    f"or {CHROMIUM_VARIABLE}=/path/to/chrome with chromedriver on PATH"
)
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
        return cast(int, probe.getsockname()[1])


@contextlib.contextmanager
def serving(tmp_path: Path, records: str = "") -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """``mastermind serve`` on a free port, its apps keeping their records at ``records``
    (none where empty): its address and its process."""
    port = free_port()
    env = {**os.environ, "MASTERMIND_RECORDS": records, "MASTERMIND_CACHE_DIR": str(tmp_path)}
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
    try:
        yield f"http://127.0.0.1:{port}/", process
    finally:
        apps = children(process.pid)
        process.terminate()
        # The app waits for its first guess's rating (the optimum's search with an empty
        # cache, 8-14 s under load) before it exits: not what these tests are about.
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=5)
        for group in [process.pid, *apps]:  # each app has a process group of its own
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(group, signal.SIGKILL)  # nothing of the server outlives the test
        process.wait()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    with serving(tmp_path) as (address, _):
        yield address


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (read from /proc): the server's apps."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:  # gone meanwhile
            continue
        # pid (name) state ppid ...: the name may hold spaces and parentheses.
        state, ppid = text.rpartition(")")[2].split()[:2]
        if int(ppid) == pid and state != "Z":
            found.append(int(stat.parent.name))
    return found


def find_browser() -> tuple[str, str] | str:
    """Chromium's binary and its driver, or what is missing."""
    named = os.environ.get(CHROMIUM_VARIABLE, "")
    if named:
        binary = shutil.which(named)
        if binary is None:
            return f"{CHROMIUM_VARIABLE}={named} is not an executable"
    else:
        binary = shutil.which("chromium")
        if binary is None:
            return "no chromium on PATH"
    driver = shutil.which("chromedriver")
    if driver is None:
        return "no chromedriver on PATH"
    return binary, driver


def required() -> bool:
    return os.environ.get(REQUIRE_VARIABLE, "") not in ("", "0")


@pytest.fixture
def chromium() -> tuple[str, str]:
    """Chromium and its driver; without them the test skips, saying how to run it, or
    fails where MASTERMIND_REQUIRE_BROWSER=1."""
    found = find_browser()
    if isinstance(found, tuple):
        return found
    if required():
        pytest.fail(f"{found}: {REQUIRE_VARIABLE}=1 and the browser test {HOW}")
    pytest.skip(f"{found}: the browser test {HOW}")


@pytest.fixture
def browser(chromium: tuple[str, str]) -> Iterator[webdriver.Chrome]:
    binary, driver_path = chromium
    options = Options()
    options.binary_location = binary
    for flag in FLAGS:
        options.add_argument(flag)
    # The page draws the terminal on a canvas; what the app sends it over the websocket is
    # read from Chromium's network log instead.
    options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    driver = webdriver.Chrome(service=Service(driver_path), options=options)
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


@pytest.mark.slow
def test_a_guess_typed_in_the_browser_reaches_the_board(
    browser: webdriver.Chrome, server: str
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


@pytest.mark.slow
def test_a_game_left_by_closing_its_tab_is_recorded_abandoned(
    browser: webdriver.Chrome, tmp_path: Path
) -> None:
    """A game of play with a guess played, left by closing the browser tab,
    is kept as abandoned (a losing game cannot be dodged that way), and its app ends."""
    records = tmp_path / "records.sqlite3"

    def abandoned() -> list[Game]:
        if not records.exists():  # not made by this reader: the app makes it
            return []
        return [game for game in Records(records).games() if game.abandoned]

    with serving(tmp_path, records=str(records)) as (address, process):
        first = browser.current_window_handle  # stays open: only the game's tab closes
        browser.switch_to.new_window("tab")
        browser.get(address)
        screen = Screen(browser)
        screen.wait_for("choose a game")
        apps = children(process.pid)
        assert len(apps) == 1, apps
        keyboard = browser.find_element("css selector", ".xterm-helper-textarea")
        browser.execute_script("arguments[0].focus()", keyboard)
        ActionChains(browser).key_down(Keys.CONTROL).send_keys("s").key_up(Keys.CONTROL).perform()
        screen.wait_for("Your guess")
        ActionChains(browser).send_keys("RRGG", Keys.ENTER).perform()
        screen.wait_for(r"1\s*RRGG\s*\d\s*\d")  # the History row: the guess is played
        assert not abandoned()
        browser.close()
        browser.switch_to.window(first)
        assert wait_until(abandoned, 120, step=0.2), "the game left was not recorded"
        [game] = abandoned()
        assert (game.mode, game.outcome, len(game.moves)) == ("play", "abandoned", 1)
        gone = wait_until(lambda: not children(process.pid), 120, step=0.2)
        assert gone, f"the app of the closed tab still runs: {children(process.pid)}"
        assert process.poll() is None  # the server serves on


@pytest.mark.slow
def test_the_watch_and_a_what_if_play_in_the_browser(
    browser: webdriver.Chrome, server: str
) -> None:
    """The watch's beats and a what-if, driven from the browser's keys."""
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


def no_browser_env(tmp_path: Path, **more: str) -> dict[str, str]:
    """This environment with PATH pointing at an empty folder (no chromium, no driver) and
    MASTERMIND_CHROMIUM and MASTERMIND_REQUIRE_BROWSER unset, then ``more``."""
    empty = tmp_path / "bin"
    empty.mkdir(exist_ok=True)
    env = {k: v for k, v in os.environ.items() if k not in (CHROMIUM_VARIABLE, REQUIRE_VARIABLE)}
    return {**env, "PATH": str(empty), **more}


def executable(path: Path) -> str:
    path.write_text("#!/bin/sh\nexit 0\n")
    path.chmod(0o755)
    return str(path)


def test_the_browser_and_its_driver_are_found_on_path_or_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.delenv(CHROMIUM_VARIABLE, raising=False)
    monkeypatch.delenv(REQUIRE_VARIABLE, raising=False)
    assert find_browser() == "no chromium on PATH"
    chromium = executable(tmp_path / "chromium")
    assert find_browser() == "no chromedriver on PATH"
    driver = executable(tmp_path / "chromedriver")
    assert find_browser() == (chromium, driver)
    monkeypatch.setenv(CHROMIUM_VARIABLE, str(tmp_path / "nowhere" / "chrome"))
    assert find_browser() == f"{CHROMIUM_VARIABLE}={tmp_path}/nowhere/chrome is not an executable"
    other = executable(tmp_path / "chrome")
    monkeypatch.setenv(CHROMIUM_VARIABLE, other)
    assert find_browser() == (other, driver)
    assert not required()
    monkeypatch.setenv(REQUIRE_VARIABLE, "1")
    assert required()


#: pytest in one process, saying why a test skipped or erred.
PYTEST = [sys.executable, "-m", "pytest", "-n", "0", "-p", "no:cacheprovider", "-rsE", "-q"]


def run_the_browser_test(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*PYTEST, f"{__file__}::test_a_guess_typed_in_the_browser_reaches_the_board"],
        capture_output=True,
        text=True,
        timeout=600,  # a bound for a hung run only: a pytest start takes minutes at load 25
        env=env,
        cwd=Path(__file__).parent.parent,
    )


@pytest.mark.slow
def test_without_a_browser_the_test_skips_saying_how_to_run_it(tmp_path: Path) -> None:
    done = run_the_browser_test(no_browser_env(tmp_path))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 skipped" in done.stdout
    assert "no chromium on PATH: the browser test needs Debian's chromium" in done.stdout
    assert "apt-get install chromium chromium-driver" in done.stdout


@pytest.mark.slow
def test_a_browser_named_that_is_not_there_skips_too(tmp_path: Path) -> None:
    env = no_browser_env(tmp_path, MASTERMIND_CHROMIUM=str(tmp_path / "no-chrome"))
    done = run_the_browser_test(env)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 skipped" in done.stdout and "no-chrome is not an executable" in done.stdout


@pytest.mark.slow
def test_where_a_browser_is_required_its_absence_fails(tmp_path: Path) -> None:
    done = run_the_browser_test(no_browser_env(tmp_path, MASTERMIND_REQUIRE_BROWSER="1"))
    assert done.returncode == 1, done.stdout + done.stderr
    assert "skipped" not in done.stdout
    assert "MASTERMIND_REQUIRE_BROWSER=1 and the browser test needs" in done.stdout
