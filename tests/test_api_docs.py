"""Every example of docs/api.md runs as written, each in a fresh namespace from the repository's top."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BLOCKS = re.findall(r"```python\n(.*?)```", (ROOT / "docs" / "api.md").read_text(encoding="utf-8"), re.S)


def test_the_api_page_has_examples():
    assert len(BLOCKS) >= 5


@pytest.mark.parametrize("code", BLOCKS, ids=[f"example {i + 1}" for i in range(len(BLOCKS))])
def test_each_example_runs(code, monkeypatch, capsys):
    monkeypatch.chdir(ROOT)
    exec(compile(code, "docs/api.md", "exec"), {"__name__": "__example__"})  # noqa: S102 - the docs' own text
    assert capsys.readouterr().out.strip()  # each example prints what it shows
