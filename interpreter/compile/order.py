"""The course of a deal through its phases: each phase's successor, and what its order must allow.

Phases follow their order in `phases` unless one names its `next`, so a deal runs one path
from its first phase (a phase whose `when` is false still passes on to its successor).
Checks that depend on that path live here: a phase never reached, a `trump_bid` with no
card turned up before it, contracts that run out before the last deal.
"""

from __future__ import annotations

from ..core.errors import suggest
from ..phases.contract import ChooseContract, ContractPlay
from ..phases.deal import Deal
from ..phases.swap import SwapTurnUp
from ..phases.trump_bid import TrumpBid


def link_phases(owner, names, phases, spec_phases) -> None:
    """Set each phase's successor and report phases that can never be reached."""
    index = {nm: i for i, nm in enumerate(names)}
    for i, (nm, ph) in enumerate(zip(names, phases)):
        p = spec_phases[nm] or {}
        if "next" in p:
            target = p["next"]
            if target == "end":  # the deal ends after this phase
                ph.next_index = None
            elif target not in index:
                owner.error(("phases", nm, "next"), f"`next` names no phase: `{target}`",
                           suggest(str(target), names))
                ph.next_index = None
            else:
                ph.next_index = index[target]
        else:
            ph.next_index = i + 1 if i + 1 < len(phases) else None
        if isinstance(ph, ContractPlay):
            for prog in ph.programs.values():
                prog.next_index = ph.next_index
                prog.when = ph.when
    # reachability from the first phase; a skipped phase (`when`) still passes on to its successor
    seen, todo = set(), [0] if phases else []
    while todo:
        i = todo.pop()
        if i in seen:
            continue
        seen.add(i)
        if phases[i].next_index is not None:
            todo.append(phases[i].next_index)
    for i, nm in enumerate(names):
        if i not in seen:
            owner.error(("phases", nm), f"phase `{nm}` is never reached: no phase before it leads to it",
                       at_key=True)
        elif isinstance(phases[i], TrumpBid) and not any(
                isinstance(ph, Deal) and ph.turn_up for ph in _run_before(phases, i)):
            # `take` would take the suit of a card nobody turned up
            owner.error(("phases", nm), "a `trump_bid` phase bids over a turned-up card, but no deal "
                             "before it turns one up: add `turn_up: offer` to the deal", at_key=True)
    path, i = [], 0 if phases else None  # the deal's course: one successor each, so a loop never ends
    while i is not None and i not in path:
        path.append(i)
        i = phases[i].next_index
    if i is not None:
        nm = names[path[-1]]
        owner.error(("phases", nm, "next"), f"`next: {names[i]}` leads the deal back to a phase it has been "
                    "through already, so it would never end", "a deal goes through its phases once: end it with "
                    "`next: end`, or skip a phase with `when`", at_key=True)
    else:
        _taken_turn_up(owner, [phases[k] for k in path], names)
    kinds = [ph.kind for ph in phases]
    for need in ("deal", "score"):
        if need not in kinds and "play" in kinds:
            owner.error(("phases",), f"the phases have no `{need}` phase", at_key=True)


def _taken_turn_up(owner, course, names) -> None:
    """A deal that gives every card turns up a card cut from a hand (it stays there, shown): a later
    phase may not take it into a hand (`swap_turn_up`, an exchange that takes the turn-up)."""
    cut = False
    for ph in course:
        if isinstance(ph, Deal) and ph.turn_up:
            cut = ph.fixed_size is not None and ph.fixed_size * owner.n == owner.pack.size
        elif cut and (isinstance(ph, SwapTurnUp) or getattr(ph, "take", None) == "turn_up"):
            owner.error(("phases", ph.name), f"phase `{ph.name}` takes the turned-up card into a hand, but the "
                        "deal gives every card: the card turned up is cut from a hand, and stays there",
                        "deal fewer cards, so that the turn-up is the top card left over", at_key=True)


def _run_before(phases, target: int) -> list:
    """The phases a deal runs through before phase `target`, which it reaches (by order and
    `next`, from the first: each phase has one successor, so the path reaches it at once)."""
    out, i = [], 0
    while i != target:
        out.append(phases[i])
        i = phases[i].next_index
    return out


def check_choices(owner, phases, deals) -> None:
    """A `choose_contract` with `once_each` that runs out of contracts before the last deal (for a
    fixed number of deals): each seat names each contract once, so a seat that chooses more
    often than there are contracts would have no choice left. With `by: declarer` (or `dealer`),
    the declarer the dealer, and the deal passing round the table, each seat chooses in turn;
    otherwise only the whole table's contracts are counted."""
    total = owner._constant(deals)
    if not isinstance(total, (int, float)) or total == float("inf"):
        return
    spec = owner.spec
    dealer_moves = str((spec.get("dealer") or {}).get("next", "left(dealer)")).replace(" ", "") in (
        "left(dealer)", "right(dealer)", "next(dealer)")
    for ph in phases:
        if not isinstance(ph, ChooseContract) or not ph.once_each:
            continue
        p = spec["phases"][ph.name] or {}
        base, n, count = ("phases", ph.name), owner.n, len(ph.contracts)
        if p.get("schedule"):
            owner.error(base + ("once_each",), "a `schedule` fixes each deal's contract, so `once_each` "
                        "cannot apply: remove one of them", at_key=True)
            continue
        by = str(p.get("by", "declarer"))
        in_turn = dealer_moves and (by == "dealer" or by == "declarer" and str(spec.get("declarer", "dealer")) == "dealer")
        most = -(-int(total) // n) if in_turn else int(total)  # the choices the busiest chooser makes
        limit = count if in_turn else count * n
        if most > limit:
            who = f"each seat chooses up to {most} times" if in_turn else f"{most} contracts are chosen"
            owner.error(base + ("once_each",), f"the game has {int(total)} deals and {who}, but with `once_each` "
                        f"there are only {limit} to choose{' for each seat' if in_turn else ''}: the "
                        f"choices run out before the last deal", at_key=True)
