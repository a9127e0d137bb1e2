"""The files the interpreter ships with: the expression grammar, the JSON Schema and the games.

This module is the one place that knows where they lie. Installed from a wheel they are
package data inside `interpreter/` (`grammar/`, `specs/`, `schema.json`), read through
`importlib.resources`; in a checkout (an editable install, or running from the source
tree) `grammar/` and `specs/` are the folders at the top of the repository, next to the
package, and `pyproject.toml` maps them into the wheel.

A shipped game has a name: `family/game` for `specs/family/game.yaml` (or `game` alone, when
no other family has a game of that name), and `family` alone for the family's base game, the spec named after the family, else the family's only spec
that extends no other spec of the family (a variant extends its base). A family with
several such specs and none named after it has no short name.

Where a command takes a spec, `spec_file` decides: an existing file wins (so does an
existing folder where folders are taken, as by `validate`); an absolute path, or one ending
in `.yaml`, `.yml` or `.json`, is always a path; anything else is a game's name, and an
unknown name is an error listing the close ones (a folder that is no game's name is then
handed on as a path, for loading to say it is a folder).

Decisions a reader may question:

* Files are returned as `pathlib.Path`: a spec's `extends` is resolved beside its file,
  so specs must be files on disk, which an installed wheel (unpacked by pip) provides.
* A missing grammar or schema is `BrokenInstall`, raised once and reported once by the
  command line, not an error of each expression that needed the grammar.
"""

from __future__ import annotations

import difflib
from functools import lru_cache
from importlib import resources
from pathlib import Path

import yaml

from ..core.errors import CardspecError, one_of

SUFFIXES = (".yaml", ".yml", ".json")  # an argument with one of these is a path, never a name
SPEC_SUFFIXES = (".yaml", ".yml")  # the files of a folder of specs


class BrokenInstall(CardspecError):
    """A file of the package itself is missing or unreadable: nothing the user wrote is at fault."""


class UnknownGame(CardspecError):
    """A spec argument that is neither an existing file nor the name of a shipped game."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def _package() -> Path:
    try:
        return Path(str(resources.files(__package__.partition(".")[0])))  # the top package, `interpreter`
    except OSError:  # an editable install older than the package's __init__.py sees a namespace: use this file's
        return Path(__file__).resolve().parent.parent


def _data(name: str) -> Path:
    """Package data `name`: inside the installed package, or at the top of the checkout."""
    inside = _package() / name
    return inside if inside.exists() else _package().parent / name


def grammar_file() -> Path:
    return _data("grammar") / "expr.lark"


def schema_file() -> Path:
    return _package() / "load" / "schema.json"


def specs_folder() -> Path:
    return _data("specs")


def read_data(path: Path) -> str:
    """The text of one of the package's own files (grammar, schema); BrokenInstall if it cannot be read."""
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        why = "it is missing" if isinstance(e, FileNotFoundError) else f"{type(e).__name__}: {e}"
        raise BrokenInstall(f"cannot read {path.name}, a file of the cardspec package ({path}): {why}; "
                            "reinstall cardspec") from None


# ---- the shipped games --------------------------------------------------------------


@lru_cache(maxsize=None)
def games() -> dict[str, Path]:
    """Every shipped spec by name (`family/game`), in name order."""
    root = specs_folder()
    if not root.is_dir():
        return {}
    files = [p for p in root.rglob("*") if p.suffix in SPEC_SUFFIXES and p.is_file()]
    return {_name(p, root): p for p in sorted(files, key=lambda p: _name(p, root))}


def _name(path: Path, root: Path) -> str:
    return path.relative_to(root).with_suffix("").as_posix()


@lru_cache(maxsize=None)
def families() -> dict[str, str]:
    """Each family that has a base game -> that game's name (`family` -> `family/game`)."""
    by_family: dict[str, list[str]] = {}
    for name in games():
        family = name.rpartition("/")[0]
        if family:
            by_family.setdefault(family, []).append(name)
    out = {}
    for family, names in by_family.items():
        own = f"{family}/{family.rsplit('/', 1)[-1]}"  # family/family
        if own in names:
            out[family] = own
            continue
        files = {games()[n].resolve(): n for n in names}
        roots = []
        for n in names:
            if not any(f in files for f in _bases(games()[n])):
                roots.append(n)
        if len(roots) == 1:
            out[family] = roots[0]
    return out


def _bases(path: Path) -> list[Path]:
    """The files a shipped spec extends, nearest first, read from their `extends:` alone (a
    spec that cannot be read has none here; loading it says why)."""
    out, seen = [], {path.resolve()}
    while True:
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, yaml.YAMLError):
            return out
        base = data.get("extends") if isinstance(data, dict) else None
        if not isinstance(base, str):
            return out
        path = (path.parent / base).resolve()
        if path in seen or not path.is_file():
            return out
        seen.add(path)
        out.append(path)


def name_of(path) -> str | None:
    """The name of a shipped spec file, or None if `path` is not one."""
    try:
        target = Path(path).resolve()
    except (OSError, RuntimeError):
        return None
    for name, file in games().items():
        if file.resolve() == target:
            return name
    return None


def lookup(name: str) -> Path:
    """The file of the shipped game `name` (`family/game` or `family`); UnknownGame if there is none."""
    shipped = games()
    if name in shipped:
        return shipped[name]
    if name in families():
        return shipped[families()[name]]
    alone = [n for n in shipped if n.rsplit("/", 1)[-1] == name]  # a game's own name, when one game has it
    if len(alone) == 1:
        return shipped[alone[0]]
    raise UnknownGame(_unknown(name))


def _unknown(name: str) -> str:
    """Why `name` is no game, with the close names."""
    shipped = games()
    family = [n for n in shipped if n.startswith(name.rstrip("/") + "/")] if name.strip("/") else []
    if family:
        return (f"`{name}` is a family of several games; name one: {one_of(family)} "
                "(`cardspec list` shows the games)")
    candidates = {n: n for n in shipped}
    candidates.update({n.rsplit("/", 1)[-1]: n for n in shipped})  # `game` alone is close to `family/game`
    candidates.update({f: f for f in families()})
    close = difflib.get_close_matches(name, list(candidates), n=3, cutoff=0.75)
    close = list(dict.fromkeys(candidates[c] for c in close))
    hint = f"; did you mean {one_of(close)}?" if close else ""
    return f"`{name}` is neither a file nor a shipped game{hint} (`cardspec list` shows the games)"


def spec_file(text: str, *, folders: bool = False) -> Path:
    """The file (or, with `folders`, folder) a command's spec argument means: see the module's docstring."""
    if not text.strip():
        raise UnknownGame("the spec is empty: give a spec file or a shipped game's name "
                          "(`cardspec list` shows the games)")
    path = Path(text)
    try:  # a name the system cannot look at (NUL, too long) is a path: loading refuses it with the reason
        is_file, is_dir = path.is_file(), path.is_dir()
    except (OSError, ValueError):
        return path
    if is_file or (folders and is_dir) or path.suffix.lower() in SUFFIXES or path.is_absolute():
        return path
    try:
        return lookup(text)
    except UnknownGame:
        if is_dir:  # a folder where a file is needed: loading says so
            return path
        raise


def version() -> str:
    """The installed package's version, from its metadata."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed("cardspec")
    except PackageNotFoundError:  # running from a source tree that was never installed
        return "(version unknown: not installed)"
