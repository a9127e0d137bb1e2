"""What every command shares: the usage error, the terminal streams, a spec argument, `--option`, `--seats`."""

from __future__ import annotations

from pathlib import Path

from ..core.errors import CardspecError
from ..load import catalog
from ..players.agents import agent_problem, make_agent


class UsageError(CardspecError):
    """A bad command line: exit 2 with the message and a pointer to `--help`."""


class IO:
    """The streams a command writes to and reads from (tests pass their own)."""

    def __init__(self, out, err, inp):
        self.out, self.err, self.inp = out, err, inp

    def say(self, text=""):
        print(text, file=self.out, flush=True)


def spec_path(text: str, *, folders: bool = False) -> Path:
    """The spec a command's argument means: an existing file (or folder, with `folders`) or a shipped game's name."""
    try:
        return catalog.spec_file(text, folders=folders)
    except catalog.UnknownGame as e:
        raise UsageError(e.message) from None


SPEC_HELP = "a spec file, or a shipped game's name: FAMILY/GAME, or FAMILY for its base game (`cardspec list`)"


def option_arg(parser, help_text="choose a value for one of the spec's options (repeatable), e.g. players=5"):
    parser.add_argument("--option", "-o", action="append", default=[], metavar="NAME=VALUE", help=help_text)


def options(args) -> dict[str, str]:
    out = {}
    for item in args.option:
        name, eq, value = item.partition("=")
        if not eq or not name.strip() or not value.strip():
            raise UsageError(f"--option takes NAME=VALUE, not `{item}`")
        out[name.strip()] = value.strip()
    return out


def seat_agents(text, order, default, seed, io):
    """The agent of each seat, from `--seats` given in playing order (`order`: seats, first to last)."""
    n = len(order)
    given = [k.strip() for k in text.split(",")] if text else default
    if len(given) != n:
        raise UsageError(f"--seats needs {n} agents (one per seat), got {len(given)}")
    for k in given:
        problem = agent_problem(k)
        if problem:
            raise UsageError(problem)
    kinds = [""] * n
    for k, p in zip(given, order):
        kinds[p] = k
    base = 0 if seed is None else seed
    return kinds, [make_agent(k, seed=None if seed is None else base * 7919 + i, stdin=io.inp, stdout=io.out)
                   for i, k in enumerate(kinds)]
