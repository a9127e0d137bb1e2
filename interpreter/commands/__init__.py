"""The subcommands of `cardspec`, one module each: `add_parser(sub)` declares its arguments,
`RUN` maps each command name it declares to the function that runs it.

Imports: every stage; only `cli` imports the commands.
"""

from . import arena, inspect, new, play, replay, rules, serve, simulate, validate

# command name -> the module that declares and runs it (in the order `--help` lists them)
COMMANDS = {"list": inspect, "validate": validate, "play": play, "serve": serve, "simulate": simulate, "arena": arena,
            "replay": replay,
            "show": inspect, "diff": inspect, "rules": rules, "new": new, "schema": inspect}
