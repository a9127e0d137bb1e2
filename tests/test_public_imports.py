"""Every import path the README and docs/ show a user works: each `from interpreter... import ...`
and `import interpreter...` written there is run, and the environments' entry points exist."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
IMPORT = re.compile(r"^\s*(from (interpreter[\w.]*) import ([\w, ]+)|import (interpreter[\w.]*))", re.M)
NEEDS = {"interpreter.env.openspiel": "pyspiel", "interpreter.env": "pettingzoo"}  # their optional extras


def imports() -> list[tuple[str, str, tuple]]:
    """(the document, the module, the names imported from it) of every import the docs show."""
    out = []
    for doc in DOCS:
        for m in IMPORT.finditer(doc.read_text(encoding="utf-8")):
            module = m.group(2) or m.group(4)
            names = tuple(n.strip() for n in (m.group(3) or "").split(",") if n.strip())
            out.append((doc.relative_to(ROOT).as_posix(), module, names))
    return out


def test_the_docs_show_imports():
    modules = {module for _, module, _ in imports()}
    assert {"interpreter.env", "interpreter.env.openspiel"} <= modules


@pytest.mark.parametrize("doc, module, names", imports(), ids=lambda x: x if isinstance(x, str) else ",".join(x))
def test_every_import_the_docs_show_works(doc, module, names):
    extra = next((need for prefix, need in NEEDS.items() if module.startswith(prefix)), None)
    if extra is not None:
        pytest.importorskip(extra)
    loaded = importlib.import_module(module)
    for name in names:
        assert hasattr(loaded, name) or importlib.util.find_spec(f"{module}.{name}") is not None, (doc, module, name)


def test_the_environment_entry_points():
    pytest.importorskip("pettingzoo")
    from interpreter.env import CardspecEnv

    assert callable(CardspecEnv)
