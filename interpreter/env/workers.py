"""Worker processes for `CardspecVectorEnv`: the games split between this process and workers.

With `workers=W` the games are split W ways, in contiguous runs: this process steps the first run
itself and W-1 worker processes step the others, at the same time. The arrays a step reads and
writes (the actions; the observations, masks, seats to act, rewards, terminations and
truncations) lie in shared memory, one block each, so a step sends each worker one short message
and waits for one short answer: the games' rows never cross a pipe. Each writes only its games' rows.

A worker ends when it is told to (`close`), when its pipe closes (the env's process ended), or
with the env (`weakref.finalize`). An error in a worker (a fault of the spec's rules in one of
its games) comes back as an `EnvError` naming the game; the other games of that step may have
moved, so the batch must be reset before it steps again.
"""

from __future__ import annotations

import contextlib
import itertools
import math
import multiprocessing
import time

import numpy as np

from ..core.errors import GameError, SpecError
from .encoding import EnvError
from .games import Games

WAIT = 10.0  # seconds a worker is given to stop before it is terminated


def context_of(context):
    """The multiprocessing context: the one named (`fork`, `spawn`, `forkserver`), or the platform's."""
    return context if hasattr(context, "Process") else multiprocessing.get_context(context)


def _views(blocks: dict, shapes: dict) -> dict:
    return {k: np.frombuffer(blocks[k], dtype, count=math.prod(shape)).reshape(shape)
            for k, (shape, dtype) in shapes.items()}


class Pool:
    """The games of one batch split `workers` ways: this process steps the first share, a worker process
    each other share; the arrays they write lie in shared memory."""

    def __init__(self, game, shapes: dict, seeds, rewards, max_deals, workers: int, context=None):
        ctx = context_of(context)
        self.blocks = {k: ctx.RawArray("b", max(1, math.prod(shape) * np.dtype(dtype).itemsize))
                       for k, (shape, dtype) in shapes.items()}
        self.arrays = _views(self.blocks, shapes)
        count = len(seeds)
        cuts = [count * w // workers for w in range(workers + 1)]
        spans = list(itertools.pairwise(cuts))
        lo, hi = spans[0]
        self.own = Games(game, {k: a[lo:hi] for k, a in self.arrays.items()}, seeds[lo:hi], rewards, max_deals)
        self.own_actions = self.arrays["actions"][lo:hi]
        self.spans = spans[1:]
        self.conns, self.procs = [], []
        for w, (lo, hi) in enumerate(self.spans, 1):
            mine, theirs = ctx.Pipe()
            proc = ctx.Process(target=_work, name=f"cardspec-env-worker-{w}", daemon=True,
                               args=(theirs, game, self.blocks, shapes, lo, hi, seeds[lo:hi], rewards, max_deals))
            proc.start()
            theirs.close()
            self.conns.append(mine)
            self.procs.append(proc)

    def reset(self, seeds=None) -> None:
        for conn, (lo, hi) in zip(self.conns, self.spans):
            conn.send(("reset", None if seeds is None else seeds[lo:hi]))
        self._meanwhile(lambda: self.own.reset(None if seeds is None else seeds[:len(self.own.tables)]))

    def step(self) -> None:
        for conn in self.conns:
            conn.send(("step",))
        self._meanwhile(lambda: self.own.step(self.own_actions.tolist()))

    def _meanwhile(self, own) -> None:
        """This process's share (`own()`) while the workers step theirs; then every worker's answer."""
        try:
            own()
        except BaseException:
            with contextlib.suppress(Exception):  # (this process's own error is the one raised)
                self._answers()  # (read all the same, so that no pipe keeps a stale answer)
            raise
        self._answers()

    def cpu_seconds(self) -> float:
        """The processor time the worker processes have used so far, together (what a bench counts per core)."""
        for conn in self.conns:
            conn.send(("cpu",))
        return sum(self._answers())

    def _answers(self) -> list:
        """Wait for every worker's answer; raise the first error any of them had."""
        answers, errors = [], []
        for w, conn in enumerate(self.conns, 1):
            try:
                answer = conn.recv()
            except (EOFError, OSError):
                answer = ("error", EnvError(f"worker {w} stopped (exit code {self.procs[w - 1].exitcode})"))
            if answer[0] == "error":
                errors.append(answer[1])
            answers.append(answer[1] if len(answer) > 1 else None)
        if errors:
            raise errors[0]
        return answers

    def close(self) -> None:
        """Tell every worker to stop, and wait for it (terminate it if it does not)."""
        for conn in self.conns:
            try:
                conn.send(("close",))
            except (OSError, ValueError):
                pass
        for proc in self.procs:
            proc.join(WAIT)
            if proc.is_alive():
                proc.terminate()
                proc.join(WAIT)
        for conn in self.conns:
            conn.close()
        self.conns, self.procs = [], []


def _work(conn, game, blocks, shapes, lo, hi, seeds, rewards, max_deals) -> None:
    """A worker: games lo to hi of the batch, stepped on each message until told to stop."""
    arrays = _views(blocks, shapes)
    games = Games(game, {k: a[lo:hi] for k, a in arrays.items()}, seeds, rewards, max_deals, first=lo)
    actions = arrays["actions"][lo:hi]
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError, KeyboardInterrupt):  # the env's process has gone
            return
        try:
            if message[0] == "step":
                games.step(actions.tolist())
            elif message[0] == "reset":
                games.reset(message[1])
            elif message[0] == "cpu":
                conn.send(("ok", time.process_time()))
                continue
            else:
                return
            conn.send(("ok",))
        except (GameError, SpecError) as e:  # (they cross a process boundary whole)
            conn.send(("error", e))
        except Exception as e:  # noqa: BLE001 (any other failure goes back to the env, which raises it)
            conn.send(("error", RuntimeError(f"worker for games {lo} to {hi - 1}: {type(e).__name__}: {e}")))
