"""The main phase: what the active player may do, laying and filling manifestations
(their costs), spending health, and how a completed card is used (mw:30, mw:42-64, mw:84)."""

from typing import Any

from cards.mage_wars.text import ICON_WORDS
from engine.core import events as ev
from engine.core.decision import Action
from engine.core.events import Note
from engine.rulesets.mage_wars.cards import use_effects
from engine.rulesets.mage_wars.combat import attack_with, use_charge
from engine.rulesets.mage_wars.death import heal, kill
from engine.rulesets.mage_wars.drawing import into_hand
from engine.rulesets.mage_wars.state import Prompt, TableState, resource_of
from engine.rulesets.mage_wars.steps import Eff, Settle
from engine.rulesets.mage_wars.table import Card, Seat

END: Action = ("end",)
SPEND: Action = ("spend",)


def main_actions(state: TableState) -> list[Action]:
    side = state.seats[state.active]
    actions: list[Action] = []
    works = fillable(state, side)
    # R32: a fill that would complete a work with no use (a spell with no legal
    # target) is not offered: it would only discard the work and its resources
    hand_works = tap_works = works  # what a hand card, and a permanent resource, may fill
    memo: dict[str, bool] | None = None  # what has_use finds about the table
    for work in works:
        if len(work.need) == 1 and work.proto.chosen is not None:
            if memo is None:
                memo = {}
                hand_works, tap_works = list(works), list(works)
            if not has_use(state, side, work, True, memo):  # then not by a resource either
                hand_works.remove(work)
                tap_works.remove(work)
            elif not has_use(state, side, work, False, memo):
                tap_works.remove(work)
    for card in side.hand:
        if can_play(state, side, card):
            actions.append(("play", card.uid))
        icons = card.proto.resources
        if icons:
            for work in hand_works:
                if _fits(icons, work.need):
                    actions.append(("fill", card.uid, work.uid))
    for source in perm_sources(state, side):
        icon = resource_of(source)
        for work in tap_works:
            if _fits((icon,), work.need):
                actions.append(("tap", source.uid, work.uid))
    if side.health:
        actions.append(SPEND)
    found = None
    for source in attackers(state, side):
        if found is None:
            found = targets(state, side, "enemy")
        actions += [("attack", source.uid, t) for t in found]
    for card in side.board:
        if card.proto.type == "magic" and card.used != state.turn:
            kind = card.proto.chosen
            if kind is None:
                actions.append(("use", card.uid, None))
            else:
                actions += [("use", card.uid, t) for t in targets(state, side, kind)]
    actions.append(END)
    return actions


def can_play(state: TableState, side: Seat, card: Card) -> bool:
    if card.used == state.turn:  # R20: taken from a discard pile this turn
        return False
    proto = card.proto
    t = proto.type
    if t in ("creature", "item", "magic"):
        if proto.chosen is not None and len(proto.requires) <= card.discount:
            return has_use(state, side, card, False)  # R32: complete at once: of use now?
        return True
    if t in ("structure", "challenge"):
        return True
    if t == "level":  # mw:74 — exactly one above the current level, one at a time (R10)
        return card.proto.data.level == side.level + 1 and not any(
            w.proto.type == "level" for w in side.works
        )
    if t in ("resource", "blessing"):  # only their permanent / crafted forms are laid
        return bool(card.proto.requires)
    return False


def fillable(state: TableState, side: Seat) -> list[Card]:
    """Own manifestations in the making, and structures in the centre (mw:68)."""
    return [w for w in side.works if w.need] + [w for w in state.centre if w.need]


def perm_sources(state: TableState, side: Seat) -> list[Card]:
    """mw:84 — permanent resources, and pets/items that give one, once a turn each."""
    found = [c for c in side.board if c.proto.type == "resource"]
    found += [c for c in side.pets if c.proto.data.bonus.resource]
    found += [c for c in side.items.values() if c.proto.data.bonus.resource]
    return [c for c in found if c.tapped != state.turn]


def attackers(state: TableState, side: Seat) -> list[Card]:
    """Pets and items with power that have not attacked this turn."""
    found = [c for c in side.pets if c.proto.data.power and c.used != state.turn]
    found += [c for c in side.items.values() if c.proto.data.power and c.used != state.turn]
    return found


def targets(state: TableState, side: Seat, kind: str | None) -> list[Any]:
    """Legal chosen targets: enemy Mages as "p#", cards by uid (mw:105-110); none for
    a card that chooses no target (kind None)."""
    found: list[Any] = []
    if kind in ("enemy_mage", "enemy"):
        found += [s.key for s in state.seats if s is not side and not s.gone and not s.dead]
    if kind in ("enemy_card", "enemy"):
        for other in state.seats:
            if other is not side:
                found += [c.uid for c in other.pets]
                found += [c.uid for c in other.items.values()]
        found += [c.uid for c in state.centre if not c.need]  # built structures
    if kind == "enemy_work":
        for other in state.seats:
            if other is not side:
                found += [w.uid for w in other.works if w.under]
        found += [w.uid for w in state.centre if w.need and w.under]
    return found


def main_action(state: TableState, seat: int, action: Action) -> None:
    side = state.seats[seat]
    head = action[0]
    if head == "play":
        play(state, side, state.cards[action[1]])
    elif head == "fill":
        card = state.cards[action[1]]
        side.hand.remove(card)
        fill(state, side, state.cards[action[2]], card, card.proto.resources)
    elif head == "tap":
        source = state.cards[action[1]]
        source.tapped = state.turn  # R29: apart from its attack
        fill(state, side, state.cards[action[2]], None, (resource_of(source),), source)
    elif head == "spend":
        spend(state, side)
    elif head == "attack":
        source = state.cards[action[1]]
        source.used = state.turn
        attack_with(state, side, source, action[2])
    elif head == "use":
        use_charge(state, side, state.cards[action[1]], action[2])
    else:  # "end" is the turn's (turn.end_turn)
        raise AssertionError(f"unhandled action {action!r}")


def play(state: TableState, side: Seat, card: Card) -> None:
    """mw:42 — lay a card to fill over turns; with nothing to fill it activates now."""
    side.hand.remove(card)
    proto = card.proto
    if proto.type == "challenge":  # mw:80 — its conditions count from now, this turn
        state.events.append(ev.CardPlayed(side.seat, side.name, proto.name, None))
        side.trials.append((card, dict(side.tally)))
        return
    need = list(proto.requires)
    for _ in range(min(card.discount, len(need))):  # R5: "any" requirements first
        need.remove("any" if "any" in need else need[-1])
    card.need = need
    card.owner = None if proto.type == "structure" else side.seat
    if not need:
        state.events.append(ev.CardPlayed(side.seat, side.name, proto.name, None))
        complete(state, side, card)
        return
    where = "in the centre" if proto.type == "structure" else "on the table"
    needs = ", ".join(ICON_WORDS[i] for i in need)
    state.events.append(Note(f"{side.name} lays {proto.name} {where} (needs {needs})."))
    if proto.type == "structure":
        state.centre.append(card)
    else:
        side.works.append(card)


def fill(
    state: TableState,
    side: Seat,
    work: Card,
    card: Card | None,
    icons: tuple[str, ...],
    source: Card | None = None,
) -> None:
    """mw:44 — one resource card fills exactly one requirement (R3)."""
    icon = next((i for i in icons if i in work.need), None)
    need = icon if icon is not None else "any"
    work.need.remove(need)
    work.under.append((card, need))
    side.tally["fill"] += 1
    if card is not None:
        what = card.proto.name
    else:
        assert source is not None  # no card: a tapped source gives the resource
        what = f"{source.proto.name}'s resource"
    state.events.append(Note(f"{side.name} fills {work.proto.name} with {what}."))
    if not work.need and work.proto.type != "level":
        if work in side.works:
            side.works.remove(work)
        else:
            state.centre.remove(work)
        complete(state, side, work)


def spend(state: TableState, side: Seat) -> None:
    """mw:30 — a health card taken into hand, at the Mage's discount; health drops."""
    card = state.own(side.health.pop())
    card.discount = side.mage.proto.data.discount
    side.tally["spend"] += 1
    state.events.append(Note(f"{side.name} spends a health card ({len(side.health)} left)."))
    into_hand(state, side, card, "health pile")
    if not side.health and not side.dead:
        kill(state, side, None)


# -- activation (mw:46) ---------------------------------------------------------------


def complete(state: TableState, side: Seat, card: Card) -> None:
    proto = card.proto
    t = proto.type
    side.tally["complete"] += 1
    state.events.append(Note(f"{proto.name} is complete."))
    collected = [c for c, _ in card.under if c is not None]
    card.under = []
    card.need = []
    charged = getattr(proto.data, "charged", False) and bool(collected)
    if charged:  # mw:114 — the resources turn into charges (R17: none, then used once)
        card.charges = collected
    else:
        for spent in collected:
            state.discard(spent)
    if t == "structure":  # mw:68
        card.owner = None
        if card not in state.centre:
            state.centre.append(card)
        side.built += 1
        state.events.append(ev.Triggered(proto.name, "construction"))
        state.push(*[Eff(e, side.seat, None, proto.name) for e in proto.data.on_build])
    elif t == "level":  # mw:76
        side.levels.append(card)
        side.level = proto.data.level
        state.events.append(Note(f"{side.name}'s Mage reaches level {side.level}."))
        if proto.data.buffs.health:
            heal(state, side, proto.data.buffs.health)
    elif t == "resource":
        side.board.append(card)
    elif t == "blessing":
        side.wards.append(card)
    elif t == "magic" and charged:
        side.board.append(card)
    else:
        state.limbo.append(card)
        state.push(activation_prompt(state, side, card))


def has_use(
    state: TableState,
    side: Seat,
    work: Card,
    filled_from_hand: bool,
    memo: dict[str, bool] | None = None,
) -> bool:
    """R32: whether `work`, completed now, could be used at all rather than only
    discarded (mw:46-64): `filled_from_hand` says whether the last requirement is met
    by a card (which becomes a charge of a charged card) or by a permanent resource.
    Structures, levels, resources and blessings always have a use."""
    proto = work.proto
    t = proto.type
    if t not in ("creature", "item", "magic") or proto.chosen is None:
        return True  # no target to want: it is cast or used at once (cheap checks first)
    charged = getattr(proto.data, "charged", False) and (
        filled_from_hand or any(c is not None for c, _ in work.under)
    )
    if t == "magic" and charged:
        return True
    memo = {} if memo is None else memo
    if t == "creature":
        pets = memo.get("pets")
        if pets is None:
            pets = memo["pets"] = state.max_pets(side) > 0
        if pets:
            return True
    if t == "item" and (charged or not proto.data.charged):
        return True
    found = memo.get(proto.chosen)
    if found is None:
        found = memo[proto.chosen] = has_target(state, side, proto.chosen)
    return found


def has_target(state: TableState, side: Seat, kind: str) -> bool:
    """Whether `targets` would find one, without listing them: a living enemy Mage
    is the usual answer, found first."""
    if kind in ("enemy_mage", "enemy"):
        for other in state.seats:
            if other is not side and not other.gone and not other.dead:
                return True
        if kind == "enemy_mage":
            return False
    return bool(targets(state, side, kind))


class ActivatePrompt(Prompt):
    """mw:46-64 — how a completed card is used: as a pet, in an item slot, cast once on
    a target, or discarded when it has no use."""

    __slots__ = ()

    def __init__(self, seat: int, text: str, actions: list[Action]) -> None:
        super().__init__("activate", seat, text, actions)

    def answer(self, state: TableState, action: Action) -> None:
        answer_activate(state, state.seats[self.player], action)


def activation_prompt(state: TableState, side: Seat, card: Card) -> ActivatePrompt:
    proto = card.proto
    uid = card.uid
    actions: list[Action] = []
    if proto.type == "creature" and state.max_pets(side) > 0:  # mw:52
        if len(side.pets) < state.max_pets(side):
            actions.append(("pet", uid))
        else:
            actions += [("pet", uid, old.uid) for old in side.pets]
    if proto.type == "item":  # mw:58
        old = side.items.get(proto.data.slot)
        if card.charges or not proto.data.charged:
            actions.append(("slot", uid) if old is None else ("slot", uid, old.uid))
    if proto.chosen is None:
        actions.append(("cast" if proto.type == "magic" else "once", uid, None))
    elif proto.type == "magic":
        actions += [("cast", uid, t) for t in targets(state, side, proto.chosen)]
    elif targets(state, side, proto.chosen):  # the way first, the target after (R18)
        actions.append(("once", uid))
    if not actions:
        actions.append(("fizzle", uid))
    return ActivatePrompt(side.seat, f"{proto.name} is complete: how is it used?", actions)


def answer_activate(state: TableState, side: Seat, action: Action) -> None:
    card = state.cards[action[1]]
    head = action[0]
    if head == "once" and len(action) == 2:
        found = targets(state, side, card.proto.chosen)
        state.push(
            ActivatePrompt(
                side.seat,
                f"{card.proto.name}: choose the target.",
                [("once", card.uid, t) for t in found],
            )
        )
        return
    state.limbo.remove(card)
    if head == "pet":
        if len(action) > 2:
            old = state.cards[action[2]]
            side.pets.remove(old)
            state.events.append(Note(f"{side.name} releases {old.proto.name}."))
            state.discard(old)
        card.owner = side.seat
        side.pets.append(card)
        state.events.append(ev.Summoned(card.proto.name, side.name))
    elif head == "slot":
        slot = card.proto.data.slot
        held = side.items.get(slot)
        if held is not None:
            state.discard(held)
        card.owner = side.seat
        side.items[slot] = card
        state.events.append(Note(f"{side.name} puts {card.proto.name} in the {slot} slot."))
    elif head in ("once", "cast"):  # R19: discarded once its effects are over
        target = action[2]
        state.limbo.append(card)
        steps = [Eff(e, side.seat, target, card.proto.name) for e in use_effects(card.proto)]
        state.push(*steps, Settle(card.uid))
    else:  # fizzle
        state.events.append(Note(f"{card.proto.name} has no use and is discarded."))
        state.discard(card)


def _fits(icons: tuple[str, ...], need: list[str]) -> bool:
    return "any" in need or any(icon in need for icon in icons)
