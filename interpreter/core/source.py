"""Python source made from a checked spec: the compile layer of the play loop.

The closures that `interpreter/expr/` and the phase modules build are the reference semantics. For
the steps a game repeats thousands of times per second (the legal cards of a trick, the
loop of a random playout) this layer writes specialised Python source, compiles it with
`compile()` and runs it instead; `tests/compile/test_emit.py` plays the same seeds through both
and asserts identical records.

THE RULE, which makes this safe by construction and which every generator here keeps:

* the generator emits only code it builds itself from checked, compiled parts of the spec
  (phase objects, compiled expressions), never text read from a spec file;
* every identifier in the source is one of: a Python keyword or builtin the generator
  writes itself, a local variable name the generator chose, a namespace name made by
  `Source.bind` (`_` + a fixed stem + a number), or an attribute of the engine's `State`
  from `ENGINE_FIELDS` (engine vocabulary, resolved by the scope, never a spec word);
* every literal is a validated value (an int, a bool or None) written with `repr`;
  anything else a generated function needs (a table, a compiled closure) is passed in
  the namespace under a bound name, never written into the source;
* no text of a spec (a name, a description, an expression's source) is ever pasted into
  the source, not even in a comment.

`Source.check()` re-reads the finished source with `tokenize` and refuses any token the
rule does not allow (a string literal, an unknown name), so a mistake in a generator is
an error at compile time, not a hole. Generated functions are cached per compiled game
(the game is built once per spec text and options); each keeps its text where tests read
it: a trick phase's `source`, the table plan's `source` (`interpreter/engine/table.py`).
"""

from __future__ import annotations

import io
import keyword
import re
import tokenize

from .errors import GameError

# the State attributes generated code may read or write: the engine's own vocabulary
ENGINE_FIELDS = frozenset({
    "hands", "to_play", "leading", "led_suit", "trick_best", "trick_winner", "best_power", "trick_cards",
    "tricks", "won", "tricks_won", "leader", "player", "suit", "trump", "deal", "actions", "current",
    "_legal", "dealer", "declarer", "contract_key", "target", "totals", "deal_number", "turn_up", "place",
    "power", "trump_power", "trick_size", "after", "trick_order", "_fault", "maker", "called_card", "called_holder",
    "dead", "bidder", "high_bid",
    # the per-deal lists and maps a deal makes new (interpreter/engine/table.py)
    "sitting_out", "out_of_play", "in_auction", "calls", "callers", "said", "unseen", "passing", "passed", "pass_plan",
    "call_extras", "vars", "doubles", "turns", "layout", "out", "laid", "raw", "talon", "discards", "shown_later",
    "shown_discards",
    "to_draw", "talon_seen", "exchanges", "declarations", "declaration_totals", "shown",
})
# names the generators write themselves: their locals, and the builtins and methods they call
GENERATOR_WORDS = frozenset({
    "st", "c", "x", "p", "w", "s", "v", "hand", "cands", "kept", "cards", "best", "choice", "legal", "suit",
    "actions", "hands", "order", "number", "remove", "append", "extend", "len", "Trick", "playout", "apply",
    "trump", "power", "tp", "pw", "tuple", "True", "False", "None", "groups", "gp", "get", "setdefault", "value", "Exception",
    "BaseException", "leading", "led", "winner", "bpw", "leader", "size", "after", "tricks", "won", "tw", "pairs",
    "tpower", "wb", "sw", "ls", "top", "beats", "gv", "start", "copy", "set", "b", "k", "ci", "g", "ValueError", "KeyError",
    "drawn", "draw", "n", "width", "r", "bit_length", "shuffle", "items", "y", "j", "divmod", "insert", "type",
    "isdisjoint",
})
# the locals of generated expressions: loop variables by depth, a spec function's parameters
LOOP_VARIABLES = tuple(f"x{i}" for i in range(8))
PARAMETERS = tuple(f"a{i}" for i in range(8))
# values a generated expression computes once for all the turns of its loops (emit/expressions.py)
ONCE = tuple(f"h{i}" for i in range(16))
# an unrolled trick's cards, in playing order (interpreter/compile/emit/tricks.py): at most this many seats
CARD_LOCALS = tuple(f"c{i}" for i in range(8))
# where a sorted hand is cut into the runs of a table's values (interpreter/compile/emit/tricks.py)
BOUNDS = tuple(f"b{i}" for i in range(15))
GENERATOR_WORDS = GENERATOR_WORDS | set(LOOP_VARIABLES) | set(PARAMETERS) | set(ONCE) | set(CARD_LOCALS) | set(BOUNDS)
_BOUND = re.compile(r"_[a-z]+[0-9]+\Z")


# sources checked and compiled, by (title, text, bound names): at most MAX_CODES, the oldest dropped first
_CODE: dict = {}
MAX_CODES = 4096


class Source:
    """Python source under construction, with the namespace its bound names refer to."""

    def __init__(self, title: str):
        self.title = title  # for the code object's file name: engine words only, checked below
        self.lines: list[str] = []
        self.namespace: dict[str, object] = {}
        self._bound: dict[int, str] = {}

    def bind(self, obj, stem: str) -> str:
        """The name under which generated code reaches `obj` (a table, a closure)."""
        if not re.fullmatch(r"[a-z]+", stem):
            raise GameError(f"generator bug: a bound name's stem must be lowercase letters, not {stem!r}")
        name = self._bound.get(id(obj))
        if name is None:
            name = self._bound[id(obj)] = f"_{stem}{len(self._bound)}"
            self.namespace[name] = obj
        return name

    @staticmethod
    def literal(value) -> str:
        """A validated value as source: ints, bools and None only."""
        if value is None or isinstance(value, bool) or type(value) is int:
            return repr(value)
        raise GameError(f"generator bug: {type(value).__name__} is not a literal generated code may contain")

    @staticmethod
    def field(name: str) -> str:
        """`st.NAME` for an engine attribute of the state."""
        if name not in ENGINE_FIELDS:
            raise GameError(f"generator bug: `{name}` is not a state field generated code may use")
        return f"st.{name}"

    def add(self, depth: int, text: str) -> None:
        self.lines.append("    " * depth + text)

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"

    def check(self) -> None:
        """Refuse any token THE RULE does not allow (see the module docstring)."""
        allowed = ENGINE_FIELDS | GENERATOR_WORDS | set(self.namespace)
        for tok in tokenize.generate_tokens(io.StringIO(self.text()).readline):
            if tok.type == tokenize.STRING or tok.type == tokenize.COMMENT:
                raise GameError(f"generator bug: generated source may not contain {tok.string!r}")
            if tok.type == tokenize.NAME and not (keyword.iskeyword(tok.string) or tok.string in allowed):
                raise GameError(f"generator bug: generated source names `{tok.string}`, which nothing resolved")
            if tok.type == tokenize.NAME and tok.string.startswith("_") and not (
                    tok.string in ENGINE_FIELDS or _BOUND.match(tok.string)):
                raise GameError(f"generator bug: `{tok.string}` is not a bound name")

    def build(self, *names: str) -> tuple:
        """Check, compile and run the source; the functions it defined under `names`.

        The same text over the same bound names is checked and compiled once per process
        (`_CODE`): a spec compiled again (another option value, another worker) writes the same
        sources, and only runs them in a namespace of its own."""
        text = self.text()
        key = (self.title, text, frozenset(self.namespace))
        code = _CODE.get(key)
        if code is None:
            self.check()
            if not re.fullmatch(r"[a-z ]+", self.title):
                raise GameError(f"generator bug: a source title must be plain words, not {self.title!r}")
            code = compile(text, f"<cardspec: {self.title}>", "exec")
            if len(_CODE) >= MAX_CODES:
                _CODE.pop(next(iter(_CODE)))  # the oldest
            _CODE[key] = code
        scope = dict(self.namespace)
        exec(code, scope)  # noqa: S102 - the source was built and checked above, under THE RULE
        return tuple(scope[n] for n in names)
