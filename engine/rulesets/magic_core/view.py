"""What a magic-core player may see, and how each legal action reads on a button."""

from typing import TYPE_CHECKING, Any

from cards.magic_core.text import _sentence, keyword
from engine.core.decision import Action
from engine.core.naming import numbered
from engine.core.view import CardView, SeatView, ZoneView
from engine.rulesets.magic_core.cards import MANA, Proto, cost_text
from engine.rulesets.magic_core.objects import Obj, Player, StackItem
from engine.rulesets.magic_core.steps import M_BOTTOM, M_MULLIGAN, M_OPENING, M_STARTER
from engine.rulesets.magic_core.turn_shape import STEP_NAMES

if TYPE_CHECKING:
    from engine.rulesets.magic_core.state import TableState

EVENTS_SHOWN = 14


def proto_view(proto: Proto, uid: int = 0) -> CardView:
    """A card as it reads off the battlefield: in hand, on /card, in a deck list."""
    stats = {"power": proto.power, "toughness": proto.toughness} if proto.is_creature else {}
    text = f"{proto.type_line}\n{proto.text}".strip()
    kind = (
        "land"
        if proto.is_land
        else "creature"
        if proto.is_creature
        else ("spell" if not proto.is_permanent else "permanent")
    )
    tags = tuple(keyword(k) for k in sorted(proto.keywords))
    return CardView(
        uid,
        proto.id,
        proto.name,
        kind,
        None if proto.is_land else proto.mana_value,  # a land has no cost to show
        text,
        stats,
        tags,
        cost_text=cost_text(proto.cost),
    )


def permanent_view(state: "TableState", obj: Obj) -> CardView:
    view = proto_view(obj.proto, obj.uid)
    # keywords are a creature's (an anthem's "trample" does nothing to a land): a
    # non-creature shows only its printed ones
    kept = state.keywords(obj) if obj.proto.is_creature else obj.proto.keywords
    tags = [keyword(k) for k in sorted(kept)]
    if obj.proto.token:
        tags.append("token")
    if obj.tapped:
        tags.append("tapped")
    if obj.proto.is_creature:
        if obj.fresh and "haste" not in tags:
            tags.append("summoning sick")
        if obj.counters:
            tags.append(f"+1/+1 counters {obj.counters}")
        if obj.attacking >= 0:
            tags.append(f"attacking {state.names[obj.attacking]}")
        if obj.blocking:
            tags.append("blocking")
        # a creature reads power/toughness ("3/3"); damage marked on it is a state (tag),
        # as a Magic player says it: "3/3 with 2 damage"
        view.stats = {"power": state.power(obj), "toughness": state.toughness(obj)}
        if obj.damage:
            tags.append(f"damage {obj.damage}")
    view.tags = tuple(tags)
    return view


def seat_view(state: "TableState", seat: int, viewer: int | None) -> SeatView:
    """One player's zones and numbers as `viewer` may see them: a hand only to its owner,
    a library's order to nobody."""
    p = state.players[seat]
    own = viewer == p.seat
    board = board_of(state, p.seat)
    zones = {
        "hand": ZoneView(
            "hand",
            len(p.hand),
            tuple(proto_view(c.proto, c.uid) for c in p.hand) if own else None,
        ),
        "deck": ZoneView("deck", len(p.library), None),  # library order is nobody's business
        "board": ZoneView("board", len(board), tuple(permanent_view(state, o) for o in board)),
        "graveyard": ZoneView(
            "graveyard",
            len(p.graveyard),
            tuple(proto_view(c.proto, c.uid) for c in p.graveyard),
        ),
        "exile": ZoneView(
            "exile", len(p.exile), tuple(proto_view(c.proto, c.uid) for c in p.exile)
        ),
    }
    stats = {
        "health": p.life,
        "poison": p.poison,
        # pool (creature-only mana too, 106.6) plus untapped lands
        "mana": sum(state.available(p.seat, True)),
        "max_mana": sum(p.pool)
        + sum(p.creature_pool)
        + sum(1 for o in state.battlefield if o.controller == p.seat and o.proto.produces),
        "wins": state.series.wins[p.seat],
        "out": int(p.left),  # left the game (104.5)
    }
    return SeatView(p.seat, p.name, stats, zones)


def table_view(state: "TableState") -> dict[str, ZoneView]:
    """The stack, top first: public, like everything on it (405.1)."""
    stack = tuple(
        CardView(
            i.uid,
            i.proto.id,
            i.name + (" (copy)" if i.copy else ""),
            "spell" if i.is_spell else "ability",
            state.mana_value(i) if i.is_spell else None,
            _stack_text(state, i),
        )
        for i in reversed(state.stack)
    )
    return {"stack": ZoneView("stack", len(stack), stack)}


def viewer_notes(state: "TableState", viewer: int | None) -> dict[str, str]:
    """The viewer's own stop setting (docs: the stop setting), shown to them alone."""
    if viewer is None:
        return {}
    stops = "every step" if state.players[viewer].stop_all else "my main phases and combats"
    return {"stops": stops}


def header(state: "TableState") -> tuple[int, str, int | None, dict[str, str]]:
    """(turn, phase, active seat, notes) for a view's header: the game, the step and the
    mana pools, public (106.4)."""
    # before the first turn there is no step yet: the game is being set up (103)
    mode = state.mode
    if mode is M_STARTER:
        phase = "choosing the starting player"
    elif mode is M_MULLIGAN or mode is M_BOTTOM:
        phase = "mulligans"
    elif mode is M_OPENING:
        phase = "opening hands"
    else:
        phase = STEP_NAMES[state.step]
    notes = {"game": str(state.game_no), "step": phase}
    # 106.4: mana in a pool is public, like mana abilities: everyone sees every pool.
    pools = [f"{p.name} {_pool_text(p)}" for p in state.players if any(p.pool + p.creature_pool)]
    if pools:
        notes["pool"] = " · ".join(pools)
    return state.turn, phase, state.active if state.turn else None, notes


def board_of(state: "TableState", seat: int) -> list[Obj]:
    """A player's permanents as views show them: creatures, then other permanents, then
    lands, each group in the order it came into play (lands are not mixed in
    among creatures). Labels number a card by its place here."""
    creatures: list[Obj] = []
    others: list[Obj] = []
    lands: list[Obj] = []
    for obj in state.battlefield:
        if obj.controller == seat:
            proto = obj.proto
            (lands if proto.is_land else creatures if proto.is_creature else others).append(obj)
    return creatures + others + lands


def label_name(state: "TableState", ref: Any) -> str:
    """How an option names a player, a permanent or a stack item: a permanent or an item
    with a twin of the same name where it is gets its position (`Spark #2`)."""
    if isinstance(ref, str):
        return state.ref_name(ref)
    obj = state.objs.get(ref)
    if obj is not None and obj in state.battlefield:
        return numbered(obj.name, board_of(state, obj.controller), obj, _name)
    item = state.find_item(ref)
    if item is not None:
        return numbered(item.name, state.stack[::-1], item, _name)
    return state.ref_name(ref)


def _name(thing: Any) -> str:
    return thing.name


def _pool_text(player: "Player") -> str:
    """A pool as mana symbols; 106.6 mana for creature spells only is named apart."""
    text = "".join(f"{{{MANA[i]}}}" * n for i, n in enumerate(player.pool))
    if any(player.creature_pool):
        only = "".join(f"{{{MANA[i]}}}" * n for i, n in enumerate(player.creature_pool))
        text += f" + {only} for creature spells only"
    return text


def _stack_text(state: "TableState", item: "StackItem") -> str:
    bits = [f"controlled by {state.names[item.controller]}"]
    if (item.proto.cost[7] and item.is_spell) or item.x:
        bits.append(f"X={item.x}")
    if item.target is not None:
        bits.append(f"target: {label_name(state, item.target)}")
    return ", ".join(bits)


def describe_action(state: "TableState", action: Action) -> tuple[str, str, int | None, Any]:
    """(label, group, card uid, target) for one legal action."""
    head = action[0] if action else None
    objs = state.objs
    if head == "pass":
        label = "Pass (let it resolve)" if state.stack else "Pass"
        if len(action) > 1:
            label += (
                "; stop at every step"
                if action[1] == "all"
                else "; stop only in my main phases and combats"
            )
            return label, "setting", None, None
        return label, "pass", None, None
    if head == "land":
        return f"Play {objs[action[1]].name}", "land", action[1], None
    if head in ("cast", "free"):
        card = objs[action[1]]
        x = action[2] if head == "cast" else 0
        target = action[3] if head == "cast" else action[2]
        label = f"Cast {card.name}" + (f" X={x}" if card.proto.cost[7] else "")
        if head == "free":
            label += " for free"
        if target is not None:
            label += f" → {label_name(state, target)}"
        return label, "cast", action[1], target
    if head == "act":
        obj = objs[action[1]]
        ability = obj.proto.abilities[action[2]]
        label = f"{label_name(state, obj.uid)}: {ability.text}" + (
            f" X={action[3]}" if ability.cost[7] else ""
        )
        if action[4] is not None:
            label += f" → {label_name(state, action[4])}"
        return label, "ability", action[1], action[4]
    if head == "mana":
        return f"{objs[action[1]].name}: add {{{action[3]}}}", "mana", action[1], None
    if head == "attack":
        return (
            f"{label_name(state, action[1])} attacks {state.names[action[2]]}",
            "attack",
            action[1],
            action[2],
        )
    if head == "attack_done":
        return "Done attacking", "done", None, None
    if head == "block":
        label = f"{label_name(state, action[1])} blocks {label_name(state, action[2])}"
        return label, "block", action[1], action[2]
    if head == "block_done":
        return "Done blocking", "done", None, None
    if head == "target":
        return f"Target {label_name(state, action[1])}", "target", None, action[1]
    if head == "x":
        return f"X = {action[1]}", "x", None, None
    if head == "first":
        trig = state.pending[action[1]]
        label = f"{trig.source.name}: {_sentence(trig.effects, trig.source.name)}"
        return label, "order", trig.source.uid, None
    if head == "card":  # a permanent (sacrifice) is numbered, a card in hand is not
        return label_name(state, action[1]), "card", action[1], None
    if head == "keep":
        return "Keep", "mulligan", None, None
    if head == "mulligan":
        return "Mulligan", "mulligan", None, None
    if head == "decline":
        return "Cast nothing", "done", None, None
    if head == "starter":
        return f"{state.names[action[1]]} goes first", "starter", None, None
    return str(action), "", None, None
