"""tools/mutate.py: each kind of mutation finds its sites and makes exactly its change."""

from __future__ import annotations

import ast
import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("mutate", ROOT / "tools" / "mutate.py")
mutate = sys.modules["mutate"] = importlib.util.module_from_spec(spec)
spec.loader.exec_module(mutate)

SOURCE = '''def f(xs, k):
    """Doc."""
    total = 0
    for x in xs:
        if x in k and not x == 3:
            total += x + 1
    return total
'''


def mutants():
    return {site.what: mutate.mutant_source(SOURCE, site) for site in mutate.sites(ast.parse(SOURCE))}


def test_every_site_of_a_small_function_is_found_once():
    whats = sorted(site.what for site in mutate.sites(ast.parse(SOURCE)))
    assert whats == sorted(["statement deleted", "statement deleted", "in -> not in", "and -> or", "`not x` -> `x`",
                            "== -> !=", "3 -> 4", "0 -> 1", "1 -> 2", "+ -> -", "`return x` -> `return None`"])


def same_code(a: str, b: str) -> bool:
    return ast.dump(ast.parse(a)) == ast.dump(ast.parse(b))


def test_each_mutant_changes_exactly_its_site():
    out = mutants()
    expected = {
        "in -> not in": SOURCE.replace("x in k", "x not in k"),
        "and -> or": SOURCE.replace(" and ", " or "),
        "`not x` -> `x`": SOURCE.replace("not x == 3", "x == 3"),
        "== -> !=": SOURCE.replace("x == 3", "x != 3"),
        "3 -> 4": SOURCE.replace("== 3", "== 4"),
        "0 -> 1": SOURCE.replace("total = 0", "total = 1"),
        "1 -> 2": SOURCE.replace("x + 1", "x + 2"),
        "+ -> -": SOURCE.replace("x + 1", "x - 1"),
        "`return x` -> `return None`": SOURCE.replace("return total", "return"),
    }
    for what, source in expected.items():
        assert same_code(out[what], source), what


def test_a_deleted_statement_becomes_pass_and_the_docstring_is_never_deleted():
    deleted = [mutate.mutant_source(SOURCE, s) for s in mutate.sites(ast.parse(SOURCE)) if s.what == "statement deleted"]
    assert sorted(deleted) == sorted([ast.unparse(ast.parse(SOURCE.replace("total = 0", "pass"))),
                                      ast.unparse(ast.parse(SOURCE.replace("total += x + 1", "pass")))])
