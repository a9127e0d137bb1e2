"""Learning environments over any spec: a fixed action space and observation (`encoding`),
a PettingZoo AEC environment (`pettingzoo`, extra `rl`) and an OpenSpiel game (`openspiel`,
extra `openspiel`).

`CardspecEnv` is imported on first use, so that `interpreter.env.encoding` works with numpy alone.

Imports: every stage up to `study`; numpy, and PettingZoo or OpenSpiel, from the extras.
"""

from __future__ import annotations


def __getattr__(name):
    if name == "CardspecEnv":
        try:
            from .pettingzoo import CardspecEnv
        except ModuleNotFoundError as e:
            raise ImportError(f"CardspecEnv needs the `rl` extra (pip install -e '.[rl]'): "
                              f"no module named {e.name!r}") from None
        return CardspecEnv
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
