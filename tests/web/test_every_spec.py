"""Every shipped spec at the browser table: a whole deal with every seat human, the page of a seat opened in
chromium at the first decision of every phase: it offers every legal choice
(a card to click, or a button named as the engine names it), and the move is made by clicking it; the
other moves are sent as a page sends them. No page meets a script error."""

from __future__ import annotations

import contextlib
import json
import random
from pathlib import Path

import pytest

from .conftest import ROOT, table_of

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("playwright.sync_api")
ws_client = pytest.importorskip("websockets.sync.client")

from interpreter.web import server as web  # noqa: E402 (needs the extra)

SPECS = sorted(p.relative_to(ROOT / "specs").with_suffix("").as_posix() for p in (ROOT / "specs").glob("**/*.yaml"))


def offered(page, choice) -> str:
    """The selector of the element that takes `choice` on a seat's page."""
    if "card" in choice and not choice["rest"]:
        found = f'button.card.legal[data-card="{choice["card"]}"]'
        if page.query_selector(found):
            return found
    return f'button.choice[data-action="{choice["name"]}"]'


@pytest.mark.parametrize("spec", SPECS)
def test_every_phase_is_played_by_clicking_its_choices(spec, browser, serving, tmp_path: Path):
    from interpreter.compile.game import load_game
    from interpreter.load import catalog

    game = load_game(catalog.spec_file(spec))
    table = table_of(spec, ",".join(["human"] * game.n), 1, tmp_path)
    running = serving(web.Hall(table, bot_delay=0))
    names = [game.seat_names[p] for p in game.turn_order]
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    rng = random.Random(2)
    clicked = set()
    with contextlib.ExitStack() as stack:
        sockets = {n: stack.enter_context(ws_client.connect(running.ws(f"seat {n}"), proxy=None)) for n in names}
        for ws in sockets.values():
            json.loads(ws.recv(timeout=10))
        while not table.over:
            seat = game.seat_names[table.state.current_player]
            f = table.frame(table.state.current_player)
            choice = rng.choice(f["choices"])
            if f["view"]["phase"] not in clicked:  # the page offers every choice; one is clicked
                clicked.add(f["view"]["phase"])
                version = table.version
                page.goto(running.url(f"seat {seat}"))
                page.wait_for_selector(f"body[data-version='{version}']")
                for c in f["choices"]:
                    assert page.query_selector(offered(page, c)), f"{spec}: `{c['name']}` is not on {seat}'s page"
                page.click(offered(page, choice))
                page.wait_for_selector(f"body[data-version='{version + 1}']")
                page.goto("about:blank")  # (a page left open draws every frame: the others are sent by the test)
            else:
                sockets[seat].send(json.dumps({"act": choice["name"]}))
            for ws in sockets.values():  # every page is sent the new frame (or the game went wrong)
                assert json.loads(ws.recv(timeout=10))["type"] == "frame"
    assert table.limit_reached and clicked and not errors
    page.close()
