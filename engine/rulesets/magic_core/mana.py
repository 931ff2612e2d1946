"""Paying mana costs: can a cost be paid, how big can X be, and the auto-tapper.

Every land makes one kind of mana, so whether a cost can be paid is a matter of counting:
each coloured (and {C}) symbol needs its own kind, generic mana takes any kind (107.4a-c).

A hybrid symbol (107.4e) is paid with either of its colours: a cost with hybrid symbols is
payable if one of its plain forms (each hybrid symbol replaced by one of its colours) is.

The auto-tapper (our ruling, docs/rules/magic-core.md) pays a cost the same way every time:
mana already in the pool first, then untapped lands, lowest object number first. Coloured
and colourless symbols are paid first; generic mana is paid from the pool (colourless
first, then the kind the pool holds most of), then from the lands of the kind its
controller has most untapped lands of, so the rarer colours stay available.
"""

from typing import TYPE_CHECKING

from engine.rulesets.magic_core.cards import Cost

if TYPE_CHECKING:
    from engine.rulesets.magic_core.objects import Obj
    from engine.rulesets.magic_core.state import TableState

KINDS = "WUBRGC"


def forms(cost: tuple, avail: list[int]) -> list[tuple]:
    """The plain forms of a cost, the auto-tapper's choice first (ruling R5): each hybrid
    symbol in the colour of which more mana is available, WUBRG order on a tie."""
    if not cost[8]:
        return [cost]
    out: list[tuple] = []
    options = [sorted(pair, key=lambda i: (-avail[i], i)) for pair in cost[8]]
    picks: list[tuple[int, ...]] = [()]
    for pair in options:
        picks = [(*p, i) for p in picks for i in pair]
    for pick in picks:
        flat = list(cost[:8])
        for i in pick:
            flat[1 + i] += 1
        form = (*flat, ())
        if form not in out:
            out.append(form)
    return out


def can_pay(cost: tuple, x: int, avail: list[int]) -> bool:
    return any(_can_pay(form, x, avail) for form in forms(cost, avail))


def _can_pay(cost: tuple, x: int, avail: list[int]) -> bool:
    spare = 0
    for i in range(6):
        left = avail[i] - cost[1 + i]
        if left < 0:
            return False
        spare += left
    return spare >= cost[0] + x * cost[7]


def affordable_x(cost: Cost, avail: list[int]) -> int:
    """The largest X this mana pays for (107.3a); the cost must be payable with X = 0."""
    if not cost[7]:
        return 0
    best = 0
    for form in forms(cost, avail):
        if _can_pay(form, 0, avail):
            spare = sum(avail[i] - form[1 + i] for i in range(6)) - form[0]
            best = max(best, spare // form[7])
    return best


def pay(state: "TableState", seat: int, cost: tuple, x: int, creature_spell: bool = False) -> None:
    """Pay `cost` with X = x for `seat` (legal actions only offer payable costs). For a
    creature spell, mana that may pay only for one (106.6) is spent first (ruling R5)."""
    if cost[8]:
        avail = state.available(seat, creature_spell)
        cost = next(f for f in forms(cost, avail) if _can_pay(f, x, avail))
    player = state.players[seat]
    pools = [player.creature_pool, player.pool] if creature_spell else [player.pool]
    lands: dict[str, list[Obj]] = {k: [] for k in KINDS}
    for obj in state.battlefield:
        if obj.controller == seat and not obj.tapped and obj.proto.produces:
            lands[obj.proto.produces].append(obj)
    pool: list[int] | None  # None below once every pool is empty
    for i, kind in enumerate(KINDS):
        need = cost[1 + i]
        for pool in pools:
            from_pool = min(need, pool[i])
            pool[i] -= from_pool
            need -= from_pool
        for land in lands[kind][:need]:
            land.tapped = True
        lands[kind] = lands[kind][need:]
    generic = cost[0] + x * cost[7]
    while generic > 0:
        pool = next((p for p in pools if any(p)), None)
        if pool is None:
            kind = max(KINDS, key=lambda k: (len(lands[k]), -KINDS.index(k)))
            lands[kind].pop(0).tapped = True
        elif pool[5]:
            pool[5] -= 1
        else:
            pool[max(range(5), key=lambda i: (pool[i], -i))] -= 1
        generic -= 1
