"""The web server: Starlette routes and WebSockets over one `Table` (a game) or one `Book` (a replay).

Each human seat has its own link, `/seat/TOKEN`, and the game one to watch, `/watch/TOKEN`; a
replay is at `/replay/TOKEN`. Tokens are drawn by `secrets.token_urlsafe`; a page or socket whose
token is wrong is refused (403) before anything is sent. A seat's page opens a WebSocket,
`/ws/TOKEN`, is sent a frame at once (so a reload, or a second tab, is back at its seat) and again
whenever the game moves, each built for that page's own viewer (`Table.frame`).

A page sends `{"act": NAME}`, a move by name; anything else, and any move the rules refuse, is
answered to that page alone with why (`{"type": "refused", "message": ...}`) and changes nothing.
Bots choose in one worker thread, so the loop keeps answering pages while they think, and each
bot move is shown after at least `bot_delay` seconds, so people can follow it.

Bounds: one game per server, at most `MAX_SOCKETS` pages at once (`MAX_PER_TOKEN` per link), a
message of at most `MAX_MESSAGE` characters, a slow page dropped after `SEND_TIMEOUT` seconds.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from starlette.applications import Starlette
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket

STATIC = Path(__file__).resolve().parent / "static"
MAX_SOCKETS = 64
MAX_PER_TOKEN = 8
MAX_MESSAGE = 1000
SEND_TIMEOUT = 10.0
HEADERS = {"Cache-Control": "no-store", "Referrer-Policy": "no-referrer", "X-Content-Type-Options": "nosniff",
           "Content-Security-Policy": "default-src 'self'; connect-src 'self'; img-src 'self' data:; "
                                      "frame-ancestors 'none'"}
REFUSED_PAGE = ("<!doctype html><meta charset=utf-8><title>Not a valid link</title>"
                "<p>This link is not valid for this table. Ask whoever started the game for yours.</p>")


def token() -> str:
    return secrets.token_urlsafe(18)


class Hall:
    """What one server hosts: a game (`table`, with a token per human seat and one to watch) or a
    replay (`book`), and the pages connected to it."""

    def __init__(self, table=None, book=None, bot_delay: float = 0.6, say=None):
        self.table, self.book, self.bot_delay = table, book, bot_delay
        self.say = say  # where the server tells its operator that the game ended
        self.told = False  # whether the operator was told where the record is (the game ended while served)
        self.seats: dict[str, int] = {}  # token -> human seat
        if table is not None:
            self.seats = {token(): p for p in table.game.turn_order if table.kinds[p] == "human"}
        self.watch = token()
        self.replay = token()
        self.sockets: dict[WebSocket, int | None] = {}
        self.per_token: dict[str, int] = {}
        self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="cardspec-bot")
        self.wake: asyncio.Event | None = None
        self.sending = asyncio.Lock()
        self.sent: dict[WebSocket, int] = {}  # the version of the last frame each page was sent
        self._frames: dict = {}  # (version, viewer) -> the frame sent to every page of that viewer

    def links(self, base: str) -> list[tuple[str, str]]:
        """(who, URL) for each link to hand out: each human seat, then the watchers (or the replay)."""
        if self.book is not None:
            return [("replay", f"{base}/replay/{self.replay}")]
        names = self.table.game.seat_names
        return [(f"seat {names[p]}", f"{base}/seat/{t}") for t, p in self.seats.items()] + \
            [("watch", f"{base}/watch/{self.watch}")]

    def viewer_of(self, tok: str):
        """(True, seat) for a seat's token, (True, None) for the watchers', (False, None) for any other."""
        if self.table is None:
            return False, None
        if tok in self.seats:
            return True, self.seats[tok]
        return (True, None) if secrets.compare_digest(tok, self.watch) else (False, None)

    # ---- the game ---------------------------------------------------------------------------

    def frame(self, viewer) -> dict:
        key = (self.table.version, viewer)
        if key not in self._frames:
            if len(self._frames) > 4 * (self.table.game.n + 1):
                self._frames.clear()
            self._frames[key] = self.table.frame(viewer)
        return self._frames[key]

    def message(self, viewer, text: str) -> str | None:
        """A page's message: None when it moved the game, else the answer to send back to that page."""
        if viewer is None:
            return "a watcher sees the game but takes no part in it"
        if len(text) > MAX_MESSAGE:
            return "the message is too long"
        try:
            data = json.loads(text)
        except ValueError:
            return "a message is JSON: {\"act\": \"play QS\"}"
        if not isinstance(data, dict) or set(data) != {"act"}:
            return "a message is JSON: {\"act\": \"play QS\"}"
        refused = self.table.act(viewer, data["act"])
        if refused is None and self.wake is not None:
            self.wake.set()
        return refused

    async def broadcast(self) -> None:
        """Send each page the game as it is now, one broadcast at a time, never a frame older than one it has."""
        async with self.sending:
            for ws, viewer in list(self.sockets.items()):
                await self.send(ws, viewer)

    async def send(self, ws, viewer) -> None:
        f = self.frame(viewer)
        if self.sent.get(ws, -1) >= f["version"]:
            return
        self.sent[ws] = f["version"]
        try:
            await asyncio.wait_for(ws.send_json(f), SEND_TIMEOUT)
        except Exception:  # a page gone or too slow: it reconnects, and is sent the whole frame
            self.sockets.pop(ws, None)

    async def drive(self) -> None:
        """Play the bots' moves, each after the delay and off the loop; wait while a human is to act."""
        loop = asyncio.get_running_loop()
        table = self.table
        deal = table.state.deal_number
        while not table.over:
            seat = table.bot_to_act()
            if seat is None:
                self.wake.clear()
                await self.wake.wait()
                continue
            if table.state.deal_number != deal:  # a new deal: time to read how the last one ended
                deal = table.state.deal_number
                await asyncio.sleep(2 * self.bot_delay)
            started = loop.time()
            p, choice = await loop.run_in_executor(self.executor, table.bot_choice)
            await asyncio.sleep(max(0.0, self.bot_delay - (loop.time() - started)))
            table.take(p, choice)
            await self.broadcast()
        if self.say is not None:
            self.say(f"The game is over ({table.stopped or 'played to its end'}). Record saved to {table.record_path}; "
                     "the pages offer it until Ctrl-C stops the server.")
            self.told = True

    # ---- the pages ----------------------------------------------------------------------------

    async def seat_page(self, request):
        ok, viewer = self.viewer_of(request.path_params["token"])
        return _page("table.html") if ok and viewer is not None else _refused()

    async def watch_page(self, request):
        ok, viewer = self.viewer_of(request.path_params["token"])
        return _page("table.html") if ok and viewer is None else _refused()

    async def record(self, request):
        ok, _ = self.viewer_of(request.path_params["token"])
        if not ok:
            return _refused()
        path = self.table.save() if self.table.over else None
        if path is None:
            return Response("The record can be downloaded when the game is over.\n", 404, headers=HEADERS,
                            media_type="text/plain")
        return FileResponse(path, filename=path.name, headers=HEADERS, media_type="application/x-yaml")

    async def replay_page(self, request):
        return _page("table.html") if self._replay_token(request) else _refused()

    async def replay_frame(self, request):
        if not self._replay_token(request):
            return _refused()
        try:
            step = int(request.query_params.get("step", "0"))
        except ValueError:
            step = 0
        viewer = self.book.viewer(request.query_params.get("as"))
        return JSONResponse(self.book.frame(step, viewer), headers=HEADERS)

    def _replay_token(self, request) -> bool:
        return self.book is not None and secrets.compare_digest(request.path_params["token"], self.replay)

    async def index(self, request):
        return HTMLResponse("<!doctype html><meta charset=utf-8><title>cardspec</title>"
                            "<p>A cardspec table. Open the link you were given.</p>", headers=HEADERS)

    async def socket(self, ws: WebSocket):
        tok = ws.path_params["token"]
        ok, viewer = self.viewer_of(tok)
        if not ok:
            await ws.close(code=1008)  # before the handshake: the browser is answered 403
            return
        await ws.accept()
        if len(self.sockets) >= MAX_SOCKETS or self.per_token.get(tok, 0) >= MAX_PER_TOKEN:
            await ws.send_json({"type": "refused", "message": "too many pages are open on this table"})
            await ws.close(code=1013)
            return
        self.sockets[ws] = viewer
        self.per_token[tok] = self.per_token.get(tok, 0) + 1
        try:
            async with self.sending:
                await self.send(ws, viewer)
            while True:
                msg = await ws.receive()
                if msg["type"] == "websocket.disconnect":
                    break
                answer = self.message(viewer, msg.get("text") or "")
                if answer is None:
                    await self.broadcast()
                else:
                    async with self.sending:
                        await ws.send_json({"type": "refused", "message": answer})
        except Exception:  # the page went away mid-send
            pass
        finally:
            self.sockets.pop(ws, None)
            self.sent.pop(ws, None)
            self.per_token[tok] -= 1

    # ---- the app ------------------------------------------------------------------------------

    def app(self) -> Starlette:
        @contextlib.asynccontextmanager
        async def lifespan(app):
            task = None
            if self.table is not None:
                self.wake = asyncio.Event()
                task = asyncio.create_task(self.drive())
            try:
                yield
            finally:
                if task is not None:
                    task.cancel()
                    self.table.stop("the server was stopped")
                self.executor.shutdown(wait=False, cancel_futures=True)

        routes = [Route("/", self.index), Route("/seat/{token}", self.seat_page),
                  Route("/watch/{token}", self.watch_page), Route("/record/{token}", self.record),
                  Route("/replay/{token}", self.replay_page), Route("/replay/{token}/frame", self.replay_frame),
                  WebSocketRoute("/ws/{token}", self.socket),
                  Mount("/static", app=StaticFiles(directory=STATIC), name="static")]
        return Starlette(routes=routes, lifespan=lifespan)


def _page(name: str):
    return FileResponse(STATIC / name, headers=HEADERS, media_type="text/html")


def _refused():
    return HTMLResponse(REFUSED_PAGE, status_code=403, headers=HEADERS)


def server(hall: Hall, quiet: bool = True):
    """The uvicorn server of `hall`'s app (run it with `.run(sockets=[sock])`; stopped by Ctrl-C or `should_exit`)."""
    import uvicorn

    config = uvicorn.Config(hall.app(), log_level="warning" if quiet else "info", ws_max_size=16 * MAX_MESSAGE,
                            lifespan="on", access_log=not quiet)
    return uvicorn.Server(config)
