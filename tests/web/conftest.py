"""The browser table's test fixtures: a real server on a free port of this machine, in a thread, and
Debian's chromium driven by Playwright (never a browser of Playwright's own: nothing is downloaded)."""

from __future__ import annotations

import socket
import threading
import time
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ROOT = Path(__file__).resolve().parents[2]


def table_of(spec, seats, seed, tmp_path, deals=1, options=None):
    """A `Table` for `spec` with `seats` (in playing order), its record written under `tmp_path`."""
    import io

    from interpreter.commands.common import IO, seat_agents
    from interpreter.compile.game import load_game
    from interpreter.load import catalog
    from interpreter.web.table import Table

    game = load_game(catalog.spec_file(spec), options=options)
    kinds, agents = seat_agents(seats, game.turn_order, None, seed, IO(io.StringIO(), io.StringIO(), None))
    return Table(game.new_state(seed), kinds, agents, record_path=tmp_path / "record.yaml", spec_ref=spec, deals=deals)


class Running:
    """A hall's app served by uvicorn on a free port of 127.0.0.1, in a thread, until `stop()`."""

    def __init__(self, hall):
        from interpreter.web.server import server

        self.hall = hall
        sock = socket.create_server(("127.0.0.1", 0))
        self.port = sock.getsockname()[1]
        self.base = f"http://127.0.0.1:{self.port}"
        self.server = server(hall)
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [sock]}, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.02)

    def url(self, who: str) -> str:
        """The link handed out for `who` (`seat A`, `watch`, `replay`)."""
        return dict(self.hall.links(self.base))[who]

    def ws(self, who: str) -> str:
        return f"ws://127.0.0.1:{self.port}/ws/{self.url(who).rsplit('/', 1)[1]}"

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(20)


@pytest.fixture
def serving():
    """Start servers (`serving(hall)`); each is stopped after the test."""
    pytest.importorskip("starlette")
    pytest.importorskip("uvicorn")
    pytest.importorskip("websockets")
    started = []

    def start(hall):
        running = Running(hall)
        started.append(running)
        return running

    yield start
    for running in started:
        running.stop()


@pytest.fixture(scope="session")
def browser():
    """Debian's headless chromium, through Playwright."""
    sync_api = pytest.importorskip("playwright.sync_api")
    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium is not installed (apt-get install chromium)")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield b
        b.close()
