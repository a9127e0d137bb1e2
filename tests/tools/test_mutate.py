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


def test_a_mutant_the_first_stage_passes_is_tried_with_the_next_and_again_tries_only_earlier_survivors(
        tmp_path, monkeypatch):
    """Stages: the narrow tests first, the wider ones only for the mutants they leave; `--again`:
    only the survivors an earlier run printed are tried, the others counted as killed."""
    import io
    import random

    module = ROOT / "interpreter" / "expr" / "memo.py"
    rel = module.relative_to(ROOT).as_posix()
    (tmp_path / rel).parent.mkdir(parents=True)
    (tmp_path / rel).write_text(module.read_text(encoding="utf-8"), encoding="utf-8")
    original = module.read_text(encoding="utf-8")
    runs = []

    def run_tests(copy, tests, timeout):  # the wide stage kills the mutants of odd lines
        changed = (copy / rel).read_text(encoding="utf-8") != original
        site = mutant_now[0]
        runs.append((tests[0], site.line if changed else None))
        return (not changed or tests[0] == "narrow" or site.line % 2 == 0), 0.1

    mutant_now = [None]
    real_source = mutate.mutant_source
    monkeypatch.setattr(mutate, "mutant_source", lambda source, site: mutant_now.__setitem__(0, site) or
                        real_source(source, site))
    monkeypatch.setattr(mutate, "run_tests", run_tests)
    stages = [["narrow"], ["wide"]]
    killed, tried, survivors = mutate.mutate_module(module, tmp_path, 6, random.Random(f"1:{rel}"), stages,
                                                    io.StringIO())
    even = [s for s, _ in survivors]
    assert tried == 6 and killed + len(survivors) == 6 and 0 < len(even) < 6 and all(s.line % 2 == 0 for s in even)
    assert [t for t, line in runs if line is not None].count("wide") == 6  # every mutant reached the wide stage
    log = tmp_path / "earlier.log"
    log.write_text(f"{rel}: {killed} of 6 mutants killed\n" + "".join(
        f"  survived: {rel}:{s.line}: {s.what}\n" for s in even), encoding="utf-8")
    only = mutate.earlier_survivors(log)[rel]
    runs.clear()
    again = mutate.mutate_module(module, tmp_path, 6, random.Random(f"1:{rel}"), stages, io.StringIO(), only)
    assert again[:2] == (killed, 6) and [s for s, _ in again[2]] == even
    assert sorted({line for _, line in runs if line is not None}) == sorted({s.line for s in even})
    assert (tmp_path / rel).read_text(encoding="utf-8") == original  # the module is put back
