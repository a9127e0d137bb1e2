"""Loading YAML, where mutation testing found it unchecked: the values written after an alias
count as written, not as reached through aliases (whose limit is far lower)."""

from __future__ import annotations

from interpreter.load import loading
from interpreter.load.loading import load


def test_values_written_after_an_alias_count_against_the_written_limit_only(monkeypatch):
    monkeypatch.setattr(loading, "MAX_VALUES", 1000)  # what aliases may add
    doc = load("t.yaml", text="a: &x [1, 2]\nb: *x\nc: [" + ", ".join(["0"] * 2000) + "]\n")
    assert doc.data["b"] == [1, 2] and len(doc.data["c"]) == 2000
    assert (doc.marks[("b", 1)].line, doc.marks[("b", 1)].column) == (1, 11)  # where the value was written
