"""Bots from outside cardspec: `--seats mybots.py:Greedy` (a class in a file), `--seats mypkg.bots:Greedy`
(a class in an importable module), or a name an installed package registers in the entry-point group
`cardspec.agents` (`--seats greedy`).

A bot is a class whose instances have `choose(state, seat, legal)`, returning one of `legal`; it is
made with `seed=` when its constructor takes one (so runs are reproducible), else with no argument.
It must read only what `state.view(seat)` shows (docs/bots.md). An action it returns that is not
legal is refused by the engine as any illegal move is, with the rule that forbids it.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import sys
from importlib.metadata import entry_points
from pathlib import Path

GROUP = "cardspec.agents"


def registered() -> dict:
    """The bots installed packages register, by name."""
    try:
        return {ep.name: ep for ep in entry_points(group=GROUP)}
    except Exception:  # (a broken installation's metadata: no bots from it)
        return {}


def bot_class(kind: str):
    """The class `kind` names (`file.py:Class`, `module:Class`, or a registered name); ValueError saying
    why when it names none."""
    if ":" not in kind:
        ep = registered().get(kind)
        if ep is None:
            raise ValueError(f"unknown agent `{kind}`")
        return _checked(ep.load(), kind)
    where, _, name = kind.rpartition(":")
    if where.endswith(".py"):
        path = Path(where).resolve()
        if not path.is_file():
            raise ValueError(f"agent `{kind}`: no file {where}")
        module_name = f"cardspec_bot_{abs(hash(str(path)))}"
        module = sys.modules.get(module_name)
        if module is None:
            spec = importlib.util.spec_from_file_location(module_name, path)
            module = importlib.util.module_from_spec(spec)
            try:
                spec.loader.exec_module(module)
            except Exception as e:
                raise ValueError(f"agent `{kind}`: {where} fails as it loads: {type(e).__name__}: {e}") from None
            sys.modules[module_name] = module
    else:
        try:
            module = importlib.import_module(where)
        except Exception as e:
            raise ValueError(f"agent `{kind}`: cannot import `{where}`: {type(e).__name__}: {e}") from None
    found = getattr(module, name, None)
    if found is None:
        raise ValueError(f"agent `{kind}`: `{where}` has no `{name}`")
    return _checked(found, kind)


def _checked(cls, kind: str):
    if not (inspect.isclass(cls) and callable(getattr(cls, "choose", None))):
        raise ValueError(f"agent `{kind}` is not a bot: a bot is a class with `choose(state, seat, legal)`")
    return cls


def make_bot(kind: str, seed=None):
    """An instance of the bot `kind` names, given `seed` when it takes one."""
    cls = bot_class(kind)
    try:
        takes_seed = "seed" in inspect.signature(cls).parameters
    except (TypeError, ValueError):
        takes_seed = False
    return cls(seed=seed) if takes_seed else cls()
