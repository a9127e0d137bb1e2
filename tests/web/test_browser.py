"""The browser table in a real browser: Playwright drives Debian's headless chromium against a server on
a free port. Two human seats, each in its own browser context, play a whole deal by clicking (Barbu,
against bots; Piquet, against each other); an illegal card shows the rule; a reload returns to the
seat; the record is downloaded and replays; the replay page steps both ways; a phone-sized screen
needs no sideways scrolling."""

from __future__ import annotations

import io
import time

import pytest

from interpreter.cli import run

from .conftest import ROOT, table_of

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("playwright.sync_api")

from interpreter.web import server as web  # noqa: E402 (needs the extra)

DEAL_SECONDS = 180  # a whole deal by clicking is done well within this


class Seat:
    """One human seat's page, in its own browser context."""

    def __init__(self, browser, url, **context):
        self.context = browser.new_context(**context)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.url = url
        self.page.goto(url)
        self.page.wait_for_selector("body[data-version]")

    def status(self) -> str:
        return self.page.inner_text("#status")

    def version(self) -> str:
        return self.page.evaluate("document.body.dataset.version")

    def my_turn(self) -> bool:
        return self.status() == "Your turn."

    def hand(self) -> list[str]:
        return self.page.eval_on_selector_all("#hand .card", "cs => cs.map(c => c.dataset.card)")

    def click_and_wait(self, selector) -> None:
        """Click, then wait for the next frame."""
        before = self.version()
        self.page.click(selector)
        self.page.wait_for_function("v => document.body.dataset.version !== v", arg=before, timeout=20_000)

    def move(self) -> None:
        """The first card that may be played, else the first button."""
        card = self.page.query_selector(".card.legal")
        self.click_and_wait(".card.legal" if card else "button.choice")

    def close(self) -> None:
        self.context.close()


def play_deal(seats, done, on_turn=None) -> int:
    """Click for each seat whose turn it is until `done()`; returns the moves clicked. `on_turn(seat)`
    may act instead (returning True) the first time it wants to."""
    moves = 0
    deadline = time.monotonic() + DEAL_SECONDS
    while not done():
        assert time.monotonic() < deadline, f"the deal did not end: {[s.status() for s in seats]}"
        acted = False
        for seat in seats:
            if seat.my_turn():
                if not (on_turn and on_turn(seat)):
                    seat.move()
                    moves += 1
                acted = True
        if not acted:
            time.sleep(0.02)
    return moves


def over(seat) -> bool:
    return seat.status().startswith(("Stopped", "Game over"))


def test_two_seats_play_a_whole_deal_of_barbu_against_bots(browser, serving, tmp_path):
    table = table_of("barbu", "human,random,human,random", 11, tmp_path)
    running = serving(web.Hall(table, bot_delay=0.01))
    a, c = Seat(browser, running.url("seat A")), Seat(browser, running.url("seat C"))
    assert a.page.inner_text("#who") == "Seat A" and c.page.inner_text("#who") == "Seat C"
    assert len(a.hand()) == 13 and set(a.hand()).isdisjoint(c.hand())
    tried = {"illegal": False, "reload": False}

    def on_turn(seat):
        page = seat.page
        if not tried["illegal"] and page.query_selector(".card.barred"):  # a card that may not be played now
            tried["illegal"] = True
            hand, version = seat.hand(), seat.version()
            page.click(".card.barred")
            page.wait_for_selector("#refusal:not([hidden])")
            rule = page.inner_text("#refusal")
            assert rule.startswith("Not allowed: ") and len(rule) > len("Not allowed: ") + 5
            assert seat.hand() == hand and seat.version() == version and seat.my_turn()
            return True
        if not tried["reload"] and len(seat.hand()) == 7:  # halfway through the play: reload, back at the seat
            tried["reload"] = True
            hand = seat.hand()
            page.reload()
            page.wait_for_selector("body[data-version]")
            assert seat.hand() == hand and seat.my_turn()
            return True
        return False

    moves = play_deal([a, c], lambda: over(a) and over(c), on_turn)
    assert moves >= 26 and tried == {"illegal": True, "reload": True}
    assert a.status() == "Stopped: stopped after 1 deal." and table.limit_reached
    log = a.page.inner_text(".log")
    assert "Result: Deal 1" in log
    with a.page.expect_download() as got:
        a.page.click("text=Download the record")
    saved = tmp_path / "downloaded.yaml"
    got.value.save_as(saved)
    assert run(["replay", saved], io.StringIO(), io.StringIO()) == 0
    assert not a.errors and not c.errors
    a.close()
    c.close()


def test_two_seats_play_a_whole_deal_of_piquet_by_clicking(browser, serving, tmp_path):
    table = table_of("piquet/rubicon", "human,human", 5, tmp_path)
    running = serving(web.Hall(table, bot_delay=0.01))
    a, b = Seat(browser, running.url("seat A")), Seat(browser, running.url("seat B"))
    watcher = Seat(browser, running.url("watch"))
    kinds = set()

    def on_turn(seat):
        kinds.update(c["name"].split()[0] for c in table.frame(table.state.current_player)["choices"])
        return False

    play_deal([a, b], lambda: over(a) and over(b), on_turn)
    assert {"discard", "draw", "declare", "play"} <= kinds  # exchanges, declarations and tricks, all clicked
    assert table.deals == 1 and table.limit_reached
    assert watcher.page.query_selector("#hand") is None  # a watcher has no hand
    assert "Result: Deal 1" in watcher.page.inner_text(".log")
    for seat in (a, b, watcher):
        assert not seat.errors
        seat.close()


def test_the_replay_page_steps_forward_and_back(browser, serving):
    from interpreter.record.replay import replay
    from interpreter.web.replay import Book

    book = Book(replay(ROOT / "tests" / "records" / "barbu_example1.yaml").state)
    running = serving(web.Hall(book=book))
    page = browser.new_page()
    page.goto(running.url("replay"))
    page.wait_for_selector("body[data-version='0']")

    def at(step):
        page.wait_for_selector(f"body[data-version='{step}']")
        return page.inner_text("#status")

    assert at(0) == f"After action 0 of {book.steps}."
    for _ in range(3):
        page.click("#forward")
    assert at(3).startswith("After action 3")
    assert len(page.query_selector_all(".log li")) == 3
    page.click("#back")
    assert at(2).startswith("After action 2")
    assert len(page.query_selector_all(".log li")) == 2
    page.keyboard.press("ArrowRight")
    at(3)
    page.keyboard.press("End")
    assert at(book.steps).startswith(f"After action {book.steps}")
    page.keyboard.press("Home")
    at(0)
    assert page.query_selector("#hand") is None  # seen by a watcher: no hand
    page.select_option("#as", "A")
    page.wait_for_selector("#hand .card")
    assert len(page.query_selector_all("#hand .card")) == 13
    page.reload()  # the step and the seat are kept in the address
    page.wait_for_selector("#hand .card")
    page.close()


def test_a_phone_sized_screen_needs_no_sideways_scrolling(browser, serving, tmp_path):
    table = table_of("bridge", "human,random,random,random", 2, tmp_path)
    running = serving(web.Hall(table, bot_delay=0.01))
    seat = Seat(browser, running.url("seat N"), viewport={"width": 360, "height": 740}, is_mobile=True)
    seat.page.wait_for_selector("#hand .card")
    assert seat.page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    box = seat.page.query_selector("#hand .card").bounding_box()
    assert box["width"] >= 30 and box["height"] >= 40  # cards big enough to touch
    seat.close()


def test_a_keyboard_alone_plays(browser, serving, tmp_path):
    table = table_of("hearts", "human,first,first,first", 3, tmp_path)
    running = serving(web.Hall(table, bot_delay=0.01))
    seat = Seat(browser, running.url(f"seat {table.game.seat_names[table.game.turn_order[0]]}"))
    seat.page.wait_for_function("() => document.getElementById('status').textContent === 'Your turn.'")
    for _ in range(3):  # the turn's first choice has the focus; Enter takes it
        before = seat.version()
        focused = seat.page.evaluate("document.activeElement.dataset.card || document.activeElement.dataset.action")
        assert focused
        seat.page.keyboard.press("Enter")
        seat.page.wait_for_function("v => document.body.dataset.version !== v", arg=before)
        seat.page.wait_for_function("() => document.getElementById('status').textContent === 'Your turn.'")
    assert len(table.state.history) >= 3
    seat.close()
