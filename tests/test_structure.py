"""The shape of the code: every module in its stage's folder, imports only down the stages, no
circle, no long module.

The stages, lowest first (docs/architecture.md): a module may import its own stage and the
stages below it, never one above. Every import counts, wherever it is written: at the top
of a module, inside a function (a late import only hides a dependency) or under
`if TYPE_CHECKING:` (a type is a dependency too).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "interpreter"
MAX_LINES = 500  # a module past this is doing two things
# lowest first; the package's own top modules (`cli`, `__main__`, `__init__`) sit above them all
STAGES = ("core", "load", "expr", "phases", "engine", "compile", "words", "players", "record", "study",
          "env", "web", "commands")
TOP = ("interpreter", "interpreter.cli", "interpreter.__main__")


def modules() -> dict[str, Path]:
    out = {}
    for f in sorted(PACKAGE.rglob("*.py")):
        parts = f.relative_to(ROOT).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        out[name] = f
    return out


def _imports(tree):
    """Every import statement of `tree`, wherever it is."""
    return [node for node in ast.walk(tree) if isinstance(node, (ast.Import, ast.ImportFrom))]


def import_graph() -> dict[str, set[str]]:
    mods = modules()
    graph = {}
    for name, path in mods.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        deps = set()
        for node in _imports(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                    target = ".".join(base + ([node.module] if node.module else []))
                else:
                    target = node.module or ""
                for alias in node.names:
                    sub = f"{target}.{alias.name}"
                    deps.add(sub if sub in mods else target)
            else:
                deps.update(alias.name for alias in node.names)
        graph[name] = {d for d in deps if d in mods and d != name}
    return graph


def stage(module: str) -> int:
    """The rank of `module`'s stage: its place in STAGES, above them all for the top modules."""
    if module in TOP:
        return len(STAGES)
    return STAGES.index(module.split(".")[1])


def upward(graph) -> list[tuple[str, str]]:
    """Every import of a module of a higher stage: (importer, imported)."""
    return sorted((a, b) for a, deps in graph.items() for b in deps if stage(b) > stage(a))


def circles(graph) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index, low, stack, on, found, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in graph:
        if v not in index:
            visit(v)
    return found


def test_every_module_lives_in_a_stage_folder():
    loose = [m for m in modules() if m not in TOP and (m.count(".") < 1 or m.split(".")[1] not in STAGES)]
    assert loose == []


def test_every_stage_folder_says_what_it_owns_and_what_it_may_import():
    for name in STAGES:
        doc = ast.get_docstring(ast.parse((PACKAGE / name / "__init__.py").read_text(encoding="utf-8"))) or ""
        assert "Imports:" in doc, f"interpreter/{name}/__init__.py: say what the stage may import"


def test_imports_only_go_down_the_stages():
    assert upward(import_graph()) == []


def allowed(name: str) -> set[str]:
    """The stages a stage's docstring says it may import (its `Imports:` paragraph), itself included."""
    doc = ast.get_docstring(ast.parse((PACKAGE / name / "__init__.py").read_text(encoding="utf-8"))) or ""
    said = doc.partition("Imports:")[2].split("\n\n")[0]
    named = set(re.findall(r"`(\w+)`", said)) & set(STAGES)
    up_to = re.search(r"every stage up to `(\w+)`", said)
    if up_to:
        named |= set(STAGES[:STAGES.index(up_to.group(1)) + 1])
    elif re.search(r"\bevery stage\b", said):
        named |= set(STAGES)
    return named | {name}


def test_each_stage_imports_only_what_its_docstring_says():
    graph = import_graph()
    beyond = sorted((a, b) for a, deps in graph.items() for b in deps
                    if a not in TOP and b not in TOP and b.split(".")[1] not in allowed(a.split(".")[1]))
    assert beyond == []


def test_no_import_circle():
    assert circles(import_graph()) == []


def test_the_checks_find_an_upward_import_a_type_only_import_and_a_circle():
    source = ("from typing import TYPE_CHECKING\n"
              "def f():\n    from ..engine import state\n"
              "if TYPE_CHECKING:\n    from ..words.screen import table\n")
    found = {n.module for n in _imports(ast.parse(source))}
    assert found == {"typing", "engine", "words.screen"}
    graph = {"interpreter.core.a": {"interpreter.engine.state"}, "interpreter.engine.state": set()}
    assert upward(graph) == [("interpreter.core.a", "interpreter.engine.state")]
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert allowed("phases") == {"core", "phases"}
    assert allowed("players") == set(STAGES[:STAGES.index("players") + 1])


def test_no_long_module():
    long = {str(p.relative_to(ROOT)): n for p in PACKAGE.rglob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert long == {}
