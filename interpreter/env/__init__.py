"""Learning environments over any spec: a fixed action space and observation (`encoding`),
a PettingZoo AEC environment (`pettingzoo`, extra `rl`) and an OpenSpiel game (`openspiel`,
extra `openspiel`).

`CardspecEnv` is imported on first use, so that `interpreter.env.encoding` works with numpy alone.
"""

from __future__ import annotations


def __getattr__(name):
    if name == "CardspecEnv":
        from .pettingzoo import CardspecEnv

        return CardspecEnv
    raise AttributeError(name)
