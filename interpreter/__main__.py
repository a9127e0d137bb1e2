"""`python -m interpreter ...` is `cardspec ...`, and `main` is the `cardspec` console script.

The command line (`interpreter.cli`) turns a Ctrl-C into exit 130 with one line and the record so
far saved; here a Ctrl-C while the command line itself is still being loaded is answered the same
way, with no Python traceback.
"""

import sys


def main() -> int:
    try:
        from .cli import main as command_line
    except KeyboardInterrupt:  # (Ctrl-C while the modules load: nothing to save yet)
        print("interrupted", file=sys.stderr)
        return 130  # EXIT_INTERRUPTED, written here: its module may be the one the Ctrl-C stopped
    return command_line()


if __name__ == "__main__":
    sys.exit(main())
