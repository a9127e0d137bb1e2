"""Learning environments over any spec: a fixed action space and observation (`encoding`),
each seat's observation kept up to date from the moves since (`incremental`), a PettingZoo AEC
environment (`pettingzoo`, extra `rl`), many games stepped at once for vectorised learners
(`batch`, with `games` and `workers`) and an OpenSpiel game (`openspiel`, extra `openspiel`).

`CardspecEnv` and `CardspecVectorEnv` are imported on first use, so that
`interpreter.env.encoding` works with numpy alone.

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
    if name == "CardspecVectorEnv":
        from .batch import CardspecVectorEnv
        return CardspecVectorEnv
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
