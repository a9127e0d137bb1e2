"""`cardspec show` and `cardspec diff`: a resolved spec, and what a variant changes.

`show` prints the spec the interpreter runs: every `extends` merged, the options
applied. `diff` compares two resolved specs and says, section by section and in the
rulebook's words (contracts by their names, "who may double whom", "play rules"),
what the second adds, removes and changes.
"""

from __future__ import annotations

import yaml

from ..compile.game import load_game
from ..load.pipeline import read_spec

SECTIONS = [  # (top-level key, heading)
    ("game", "Game"), ("title", "Title"), ("description", "Description"), ("seats", "Players"),
    ("direction", "Direction of play"), ("pack", "Pack"), ("dealer", "Dealer"), ("declarer", "Declarer"),
    ("phases", "Steps of a deal"), ("play", "Play (every contract)"), ("play_rules", "Play rules"),
    ("functions", "Definitions"), ("contracts", "Contracts"), ("match", "Length and end of the game"),
    ("options", "Options"),
]

WORDS = {  # the last key of a path, in a card player's words
    "hand_size": "cards per player", "packets": "dealt in packets of", "first": "first to receive / to act",
    "by": "chosen by", "once_each": "each contract once per player", "schedule": "fixed order of contracts",
    "may_double": "who may double whom", "must_double": "compulsory doubles", "settle": "settlement of doubles",
    "redouble": "must redouble all or none", "leader": "leader of the first trick", "rules": "play rules",
    "stop_when": "play stops early when", "layout": "layout", "start": "start rank",
    "show_hand_on_pass": "hand shown on a pass", "ends_when_out": "ends when this many are out",
    "score": "score", "total": "declared total", "announce": "announcement", "name": "name", "keep": "keeps",
    "when": "applies when", "deals": "number of deals", "ends_when": "ends when", "winner": "winner",
    "remove": "cards removed", "copies": "copies of each card", "suits": "suits", "ranks": "ranks", "extra": "extra cards", "points": "card points",
    "next": "next", "value": "value", "description": "description", "default": "default", "choices": "choices",
}


def resolved(path, options=None):
    """The resolved spec document (bases merged, options applied), checked in structure and meaning."""
    return _resolved(path, options)


def _resolved(path, options):
    doc = read_spec(path, options)
    load_game(path, options=options)  # the meaning must check too
    return doc


class _Expanded(yaml.SafeDumper):
    """Writes a part the spec shares through a YAML alias out in full, where it is used."""

    def ignore_aliases(self, data):
        return True


def show(path, options=None) -> str:
    """The fully resolved spec as YAML, with the chain of files and the options chosen."""
    doc = _resolved(path, options)
    head = [f"# {path}: resolved from " + " <- ".join(reversed(doc.chain))]
    if doc.options:
        head.append("# options: " + ", ".join(f"{k}={v}" for k, v in doc.options.items()))
    body = yaml.dump(doc.data, Dumper=_Expanded, sort_keys=False, width=100, allow_unicode=True)
    return "\n".join(head) + "\n" + body.rstrip()


def diff(base_path, variant_path, options=None) -> str:
    """What `variant_path` changes compared with `base_path`, section by section."""
    base = _resolved(base_path, None).data
    var = _resolved(variant_path, options).data
    out = [f"{base.get('title', base.get('game'))}  ->  {var.get('title', var.get('game'))}"]
    for key, heading in SECTIONS:
        if key in ("game", "title"):
            continue
        lines: list[str] = []
        old, new = base.get(key), var.get(key)
        if key in NAMED:
            _named(NAMED[key], old or {}, new or {}, lines)
        else:
            _walk(old, new, (key,), 1, lines)
        if lines:
            out += ["", heading] + ["  " + ln for ln in lines]
    facts = [f"{what}: {a}  ->  {b}" for what, a, b in zip(*_facts(base_path, None), _facts(variant_path, options)[1])
             if a != b]
    if facts:
        out += ["", "In play"] + ["  " + ln for ln in facts]
    if len(out) == 1:
        same = base.get("title") == var.get("title") and base.get("game") == var.get("game")
        out.append("(no differences)" if same else "(only the title differs)")
    return "\n".join(out)


def _facts(path, options):
    """(labels, values) of what a game comes to once compiled: players, cards, deals."""
    g = load_game(path, options=options)
    st = g.new_state(0)
    return (("players", "cards in the pack", "contracts", "deals in a game"),
            (g.n, g.pack.size, len(g.contracts), _deals(g.deals(st))))


def _deals(n) -> str:
    return "until the game's end condition" if n == float("inf") else str(n)


NAMED = {"contracts": "contract", "phases": "phase", "play_rules": "play rule", "options": "option",
         "functions": "definition"}  # sections whose entries the author names


def _named(kind: str, old: dict, new: dict, lines: list) -> None:
    """Entries added, removed or changed, each by its name."""
    def title(key, entry):
        entry = entry if isinstance(entry, dict) else {}
        return f"{entry['name']} (`{key}`)" if "name" in entry else f"`{key}`"

    for key, entry in new.items():
        if key not in old:
            lines.append(f"+ new {kind} {title(key, entry)}" + _summary(entry))
            if kind == "contract":
                for k, v in (entry or {}).items():
                    if k not in ("name", "description"):
                        lines.append(f"    {_word(k)}: {_text(v)}")
        else:
            sub: list[str] = []
            _walk(old[key], entry, (key,), 1, sub)
            lines.extend(f"{title(key, entry)}: {ln}" for ln in sub)
    for key, entry in old.items():
        if key not in new:
            lines.append(f"- no {kind} {title(key, entry)}" + _summary(entry))


def _summary(entry) -> str:
    if isinstance(entry, dict) and entry.get("description"):
        return f": {' '.join(str(entry['description']).split())}"
    return ""


def _walk(old, new, path, depth, lines) -> None:
    """Append one line per difference between `old` and `new`; labels skip `depth` keys."""
    if old == new:
        return
    label = " / ".join(_word(k) for k in path[depth:]) or _word(path[0])
    if isinstance(old, dict) and isinstance(new, dict):
        for k in new:
            if k in old:
                _walk(old[k], new[k], path + (k,), depth, lines)
            else:
                _walk(None, new[k], path + (k,), depth, lines)
        for k in old:
            if k not in new:
                _walk(old[k], None, path + (k,), depth, lines)
    elif old is None:
        lines.append(f"+ {label}: {_text(new)}")
    elif new is None:
        lines.append(f"- {label} (was {_text(old)})")
    else:
        lines.append(f"{label}: {_text(old)}  ->  {_text(new)}")


def _word(key) -> str:
    return WORDS.get(str(key), str(key).replace("_", " "))


def _text(value) -> str:
    if value is None:
        return "(nothing)"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(_text(v) for v in value) if value else "(none)"
    if isinstance(value, dict):
        inner = "; ".join(f"{_word(k)}: {_text(v)}" for k, v in value.items())
        return inner if inner else "(nothing)"
    return " ".join(str(value).split())
