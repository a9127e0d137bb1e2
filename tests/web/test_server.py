"""The web server, spoken to as a page would, without a browser: tokens, messages, bounds, bots off the
loop, the record, the replay's frames, and `cardspec serve` itself."""

from __future__ import annotations

import contextlib
import io
import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
import zipfile

import pytest

from interpreter.cli import run

from .conftest import ROOT, table_of

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
ws_client = pytest.importorskip("websockets.sync.client")

from interpreter.web import server as web  # noqa: E402 (needs the extra)

OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # this machine only, never a proxy


def get(url) -> tuple[int, bytes]:
    try:
        with OPENER.open(url, timeout=10) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


def connect(url):
    return ws_client.connect(url, proxy=None, open_timeout=10)


def receive(ws, timeout=10) -> dict:
    return json.loads(ws.recv(timeout=timeout))


def until(ws, test, timeout=30) -> dict:
    """The first message `test` accepts (frames before it are read and dropped)."""
    deadline = time.monotonic() + timeout
    while True:
        m = receive(ws, max(0.1, deadline - time.monotonic()))
        if test(m):
            return m


def test_a_wrong_or_missing_token_is_refused_with_403(serving, tmp_path):
    running = serving(web.Hall(table_of("barbu", "human,random,random,random", 1, tmp_path), bot_delay=0))
    seat, watch = running.url("seat A"), running.url("watch")
    assert get(seat)[0] == 200 and get(watch)[0] == 200
    token = seat.rsplit("/", 1)[1]
    for path in ("/seat/x", "/seat/", f"/seat/{token}x", f"/watch/{token}", "/watch/x", "/record/x", "/replay/x",
                 f"/replay/{token}", "/replay/x/frame"):
        code, body = get(running.base + path)
        assert code in (403, 404) if path == "/seat/" else code == 403, path
        assert token.encode() not in body
    code, body = get(running.base + "/")
    assert code == 200 and token.encode() not in body  # the index hands out no link
    with pytest.raises(Exception, match="403"):
        connect(f"ws://127.0.0.1:{running.port}/ws/not-a-token")


def test_a_forged_or_illegal_message_changes_nothing_and_the_game_goes_on(serving, tmp_path):
    table = table_of("barbu", "human,human,human,human", 2, tmp_path)
    running = serving(web.Hall(table, bot_delay=0))
    with contextlib.ExitStack() as stack:
        pages = {name: stack.enter_context(connect(running.ws(f"seat {name}"))) for name in "ABCD"}
        frames = {name: receive(ws) for name, ws in pages.items()}
        to_act = frames["A"]["view"]["to_act"]
        other = next(n for n in "ABCD" if n != to_act)
        me, mine = pages[to_act], frames[to_act]
        version = table.version
        forged = ["not json", json.dumps({"act": 5}), json.dumps(["pass"]), json.dumps({"act": "pass", "also": 1}),
                  json.dumps({"act": "play ZZ"}), json.dumps({"act": ""}), json.dumps({"act": "x" * 300}),
                  json.dumps({"act": "contract no_such_contract"}), "x" * (web.MAX_MESSAGE + 1)]
        for text in forged:
            me.send(text)
            answer = receive(me)
            assert answer["type"] == "refused" and answer["message"], text
        pages[other].send(json.dumps({"act": mine["choices"][0]["name"]}))
        assert "turn" in receive(pages[other])["message"]  # not its turn
        watcher = stack.enter_context(connect(running.ws("watch")))
        receive(watcher)
        watcher.send(json.dumps({"act": mine["choices"][0]["name"]}))
        assert "watcher" in receive(watcher)["message"]
        assert table.version == version and table.state.history == []
        me.send(json.dumps({"act": mine["choices"][0]["name"]}))  # a legal move: every page is sent the new frame
        for ws in [*pages.values(), watcher]:
            f = receive(ws)
            assert f["type"] == "frame" and f["version"] == version + 1


def test_an_illegal_card_is_answered_with_the_rule_that_forbids_it(serving, tmp_path):
    table = table_of("hearts", "human,first,first,first", 3, tmp_path)
    running = serving(web.Hall(table, bot_delay=0))
    with connect(running.ws("seat " + table.game.seat_names[table.game.turn_order[0]])) as ws:
        while True:  # the first choice each time, until a card in the hand may not be played
            f = until(ws, lambda m: m["type"] == "frame" and m["view"]["to_act"] == m["seat"])
            if f["card_verb"] == "play" and len({c["card"] for c in f["choices"]}) < len(f["view"]["hand"]):
                break
            ws.send(json.dumps({"act": f["choices"][0]["name"]}))
        barred = next(c for c in f["view"]["hand"] if c not in {x["card"] for x in f["choices"]})
        ws.send(json.dumps({"act": f"play {barred}"}))
        answer = receive(ws)
        assert answer["type"] == "refused"
        with pytest.raises(Exception) as e:  # the engine's own words
            table.state.find_action(f"play {barred}")
        assert answer["message"] == e.value.message


def test_pages_and_tabs_are_bounded(serving, tmp_path, monkeypatch):
    monkeypatch.setattr(web, "MAX_PER_TOKEN", 2)
    running = serving(web.Hall(table_of("barbu", "human,random,random,random", 1, tmp_path), bot_delay=0))
    with contextlib.ExitStack() as stack:
        first = stack.enter_context(connect(running.ws("seat A")))
        second = stack.enter_context(connect(running.ws("seat A")))
        for ws in (first, second):
            assert receive(ws)["type"] == "frame"  # a second tab of the same link is the same seat
        with connect(running.ws("seat A")) as third:
            assert "too many" in receive(third)["message"]
        first.close()
        time.sleep(0.3)
        with connect(running.ws("seat A")) as again:
            assert receive(again)["type"] == "frame"


class Slow:
    """A bot that thinks for a second."""

    def choose(self, state, seat, legal):
        time.sleep(1.0)
        return legal[0]


def test_bots_think_off_the_event_loop(serving, tmp_path):
    table = table_of("barbu", "random,random,random,random", 1, tmp_path)
    table.agents = [Slow() for _ in table.agents]
    running = serving(web.Hall(table, bot_delay=0))
    watch = running.url("watch")
    time.sleep(0.3)  # a bot is thinking now
    started = time.monotonic()
    with connect(running.ws("watch")) as ws:
        f = receive(ws)
        assert get(watch)[0] == 200
    assert time.monotonic() - started < 0.8
    assert f["thinking"] is not None


def test_the_record_is_offered_when_the_game_is_over_and_replays(serving, tmp_path):
    table = table_of("piquet/rubicon", "random,random", 4, tmp_path)
    running = serving(web.Hall(table, bot_delay=0))
    record = running.url("watch").replace("/watch/", "/record/")
    with connect(running.ws("watch")) as ws:
        f = until(ws, lambda m: m.get("over"))
    assert f["record"] and f["stopped"] == "stopped after 1 deal"
    code, body = get(record)
    assert code == 200 and b"format: cardspec-record/1" in body
    (tmp_path / "downloaded.yaml").write_bytes(body)
    assert run(["replay", tmp_path / "downloaded.yaml"], io.StringIO(), io.StringIO()) == 0


def test_the_replay_is_sent_any_step_as_any_seat_or_a_watcher(serving):
    from interpreter.record.replay import replay
    from interpreter.web.replay import Book

    book = Book(replay(ROOT / "tests" / "records" / "piquet_example1.yaml").state)
    running = serving(web.Hall(book=book))
    base = running.url("replay") + "/frame"
    steps = book.steps
    for step, who, seat in ((0, "watch", None), (5, "A", "A"), (steps, "B", "B"), (steps + 9, "nobody", None)):
        code, body = get(f"{base}?step={step}&as={who}")
        f = json.loads(body)
        assert code == 200 and f["step"] == min(step, steps) and f["seat"] == seat
        assert (f["view"]["hand"] == []) == (seat is None)
    assert len(json.loads(get(base + "?step=9")[1])["log"]) >= 1
    assert json.loads(get(base + "?step=x")[1])["step"] == 0


def test_serve_needs_the_web_extra_and_says_so(monkeypatch):
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "uvicorn" else real(name, *a))
    out, err = io.StringIO(), io.StringIO()
    assert run(["serve", "barbu", "--port", "0"], out, err) == 2
    assert "pip install 'cardspec[web]'" in err.getvalue() and "Traceback" not in err.getvalue()


def test_serve_refuses_a_bad_command_line_in_words():
    for argv, words in ((["serve"], "name a SPEC"), (["serve", "barbu", "--port", "70000"], "--port"),
                        (["serve", "barbu", "--replay", "x.yaml"], "--replay takes a record only"),
                        (["serve", "barbu", "--seats", "human,nobody,random,random"], "unknown agent"),
                        (["serve", "barbu", "--deals", "0"], "--deals")):
        err = io.StringIO()
        assert run(argv, io.StringIO(), err) == 2, argv
        assert words in err.getvalue() and "Traceback" not in err.getvalue()


def _in_the_foreground():
    """The server as a command run in the foreground of a shell, where Ctrl-C reaches it: SIGINT's
    default action restored (a background job of a shell without job control, such as a CI script's,
    ignores SIGINT, and a process inherits that, so the Ctrl-C these tests send would never arrive)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_cardspec_serve_prints_the_links_plays_and_saves_the_record(tmp_path):
    """The command as a person runs it: links printed, the game played by bots, Ctrl-C, the record."""
    record = tmp_path / "game.yaml"
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "interpreter", "serve", "piquet", "--seats", "random,random",
                             "--seed", "3", "--deals", "1", "--bot-delay", "0", "--port", "0", "--record", str(record)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=tmp_path,
                            preexec_fn=_in_the_foreground)
    try:
        lines = [proc.stdout.readline() for _ in range(3)]
        assert lines[0].startswith("Rubicon Piquet: seats A random, B random; seed 3")
        watch = lines[1].split()[-1]
        assert lines[1].split()[0] == "watch:" and watch.startswith("http://127.0.0.1:")
        with connect(watch.replace("http://", "ws://").replace("/watch/", "/ws/")) as ws:
            assert until(ws, lambda m: m.get("over"))["record"]
    finally:
        out, err = _ctrl_c(proc)
    assert proc.returncode == 0 and "Traceback" not in err, err  # stopped after one deal, as --deals said
    assert f"Record saved to {record}" in out
    assert run(["replay", record], io.StringIO(), io.StringIO()) == 0


def test_ctrl_c_during_a_game_saves_the_game_so_far(tmp_path):
    record = tmp_path / "so-far.yaml"
    proc = _serving_barbu_to_a_human(record)
    try:
        assert "seat A:" in proc.stdout.readline() + proc.stdout.readline()
    finally:  # (at once: a Ctrl-C before the server has started saves the game too)
        out, err = _ctrl_c(proc)
    assert proc.returncode == 130 and "Traceback" not in err, err
    assert f"Record of the game so far saved to {record}" in out
    assert "interrupted: true" in record.read_text()
    assert run(["replay", record], io.StringIO(), io.StringIO()) == 0


def test_ctrl_c_while_the_server_runs_a_game_says_where_the_game_so_far_is_saved(tmp_path):
    """Stopped as it serves (its pages answer, the bots wait for the human), the server ends the
    game as it shuts down: the record is saved, and its operator is told where, once."""
    record = tmp_path / "so-far.yaml"
    proc = _serving_barbu_to_a_human(record)
    try:
        lines = [proc.stdout.readline() for _ in range(4)]
        assert lines[2].split()[0] == "watch:" and lines[3] == "Ctrl-C stops the server.\n", lines
        with connect(lines[2].split()[-1].replace("http://", "ws://").replace("/watch/", "/ws/")) as ws:
            assert until(ws, lambda m: m.get("version") is not None)  # served: the game is on
    finally:
        out, err = _ctrl_c(proc)
    assert proc.returncode == 130 and "Traceback" not in err, err
    assert out.count(f"Record of the game so far saved to {record}") == 1, out
    assert "interrupted: true" in record.read_text()
    assert run(["replay", record], io.StringIO(), io.StringIO()) == 0


def _serving_barbu_to_a_human(record):
    """`cardspec serve` of a Barbu game whose first seat is a human (the bots soon wait for him)."""
    return subprocess.Popen([sys.executable, "-m", "interpreter", "serve", "barbu", "--seats", "human,first,first,first",
                             "--seed", "5", "--port", "0", "--record", str(record)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"},
                            cwd=record.parent, preexec_fn=_in_the_foreground)


def _ctrl_c(proc) -> tuple[str, str]:
    """Ctrl-C to the server; then what it printed that the test has not read. (Read through the
    pipes' file objects: `communicate` reads the bare pipes, and would miss lines `readline` took
    into its buffer. Its few lines fit the pipes while it stops.)"""
    proc.send_signal(signal.SIGINT)
    try:
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    return proc.stdout.read(), proc.stderr.read()


def test_the_wheel_carries_the_pages(tmp_path):
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(tmp_path), str(ROOT)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    names = set(zipfile.ZipFile(next(tmp_path.glob("cardspec-*.whl"))).namelist())
    pages = {f"interpreter/web/static/{p.name}" for p in (ROOT / "interpreter" / "web" / "static").iterdir()}
    assert pages and pages <= names
