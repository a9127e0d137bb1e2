"""The browser table: a game served to each seat's own page, a page to watch it, and a record's
replay stepped through in the browser.

`frames` builds everything a page is sent, from `State.view(seat)` (a watcher's from what every
seat's view shows alike); `table` holds one game in progress (its seats, bots, the log each seat
reads, the record); `replay` a record's positions, step by step; `server` the Starlette app and its
WebSockets, run by uvicorn; `static/` the pages, plain HTML, CSS and one script, with no build step.
`frames`, `table` and `replay` need nothing from the `web` extra: the leak tests run on them alone.

Imports: every stage up to `record`; Starlette and uvicorn from the `web` extra (in `server` only).
"""
