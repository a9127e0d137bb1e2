"""Every link of the README and of docs/ to a file of the repository leads to one that exists, and the
README stays a front page (under 300 lines) that links every page of docs/."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)#\s]+)(#[^)]*)?\)")


def test_every_relative_link_leads_to_a_file():
    broken = []
    for page in PAGES:
        for m in LINK.finditer(page.read_text(encoding="utf-8")):
            target = m.group(1)
            if "://" in target or target.startswith("mailto:"):
                continue
            if not (page.parent / target).exists():
                broken.append(f"{page.relative_to(ROOT)}: {target}")
    assert broken == []


def test_no_link_points_at_a_heading_of_a_page_that_moved():
    stale = [f"{p.relative_to(ROOT)}: {m.group(0)}" for p in PAGES
             for m in re.finditer(r"\]\(#[a-z-]+\)", p.read_text(encoding="utf-8"))
             if f"\n## {m.group(0)[3:-1].replace('-', ' ')}".lower() not in p.read_text(encoding="utf-8").lower()]
    assert stale == []


def test_the_readme_is_a_front_page_that_links_every_doc():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) < 300
    docs = {p.name for p in (ROOT / "docs").glob("*.md")}
    linked = {Path(m.group(1)).name for m in LINK.finditer(text) if m.group(1).startswith("docs/")}
    assert docs - linked == set()
