"""The effect vocabulary of Mage Wars cards (cards/mage_wars/schema.py), carried out.

Effects that draw or ask push steps or a prompt on the state's stack; the rest happen at
once. A chosen target that is gone by the time its effect comes does nothing.
"""

from typing import TYPE_CHECKING, Any

from engine.core.decision import Action
from engine.core.events import Note
from engine.rulesets.mage_wars.cards import DECKS
from engine.rulesets.mage_wars.combat import strike
from engine.rulesets.mage_wars.death import heal, lose_health
from engine.rulesets.mage_wars.drawing import Draw, salvage
from engine.rulesets.mage_wars.state import Prompt

if TYPE_CHECKING:
    from engine.rulesets.mage_wars.state import TableState
    from engine.rulesets.mage_wars.table import Seat


def resolve(state: "TableState", e: Any, seat: int, target: Any, source: str) -> None:
    """Carry out one effect for `seat`; `target` is the card's chosen target, if any."""
    side = state.seats[seat]
    k = e.kind
    if k == "damage":
        for ref in refs(state, side, e.target, target):
            strike(state, side, ref, e.amount, pierce=e.pierce, source=source)
    elif k == "drain":
        for ref in refs(state, side, e.target, target):
            lose_health(state, state.seats[int(ref[1:])], e.amount, None, source)
    elif k == "heal":
        if not side.dead:
            heal(state, side, e.amount)
    elif k == "draw":
        if e.deck == "choice":
            state.push(
                DeckPrompt(
                    seat,
                    f"Draw {e.count} from which deck?",
                    [("deck", d) for d in DECKS[1:]],
                    draws=e.count,
                )
            )
        else:
            state.push(*[Draw(seat, e.deck)] * e.count)  # one step object, shared
    elif k == "salvage":  # mw:120 "if desired": the face-up top card, or nothing
        named = DECKS[1:] if e.deck == "choice" else (e.deck,)
        piles = [d for d in named if state.discards[d]]
        if piles:
            state.push(
                DeckPrompt(
                    seat,
                    "Take the top card of a discard pile?",
                    [*[("pile", d) for d in piles], ("pile", None)],
                    draws=0,
                )
            )
    elif k == "sunder":
        for ref in refs(state, side, e.target, target):
            victim = state.seats[int(ref[1:])]
            broken = victim.armor[-e.amount :] if e.amount else []
            del victim.armor[len(victim.armor) - len(broken) :]
            for card in broken:
                state.discard(state.own(card))  # a clone may share the pile's cards
            state.events.append(Note(f"{len(broken)} of {victim.name}'s armor card(s) break."))
    elif k == "meddle":
        work = state.cards.get(target) if isinstance(target, int) else None
        if (
            work is not None
            and work.under
            and (work in state.centre or work.owner not in (None, seat))
        ):
            for _ in range(min(e.count, len(work.under))):
                filler, icon = work.under.pop()
                work.need.append(icon)
                if filler is not None:
                    state.discard(filler)
            state.events.append(Note(f"{source} unravels part of {work.proto.name}."))
    elif k == "ward":
        side.ward += e.amount
    elif k == "haste":
        for other in sides(state, side, e.target):
            other.haste += e.amount
    elif k == "discard":
        for ref in refs(state, side, e.target, target):
            victim = state.seats[int(ref[1:])]
            for _ in range(min(e.count, len(victim.hand))):
                card = victim.hand.pop(state.rng.below(len(victim.hand)))
                state.events.append(Note(f"{victim.name} discards {card.proto.name}."))
                state.discard(card)
    elif k == "skip_turn":
        side.skip += 1
        state.events.append(Note(f"{side.name} will lose a turn."))
    elif k == "lose":
        pool = {"pet": side.pets, "item": list(side.items.values()), "work": side.works}[e.what]
        if pool:
            card = pool[state.rng.below(len(pool))]
            state.events.append(Note(f"{side.name} loses {card.proto.name}."))
            state.remove_from_table(card)
            state.discard(card)
        else:
            state.events.append(Note(f"{side.name} has no {LOSE_WORDS[e.what]} to lose."))
    else:
        raise AssertionError(k)


class DeckPrompt(Prompt):
    """Which deck to draw from (`draws` cards), or which discard pile's top card to take
    (`draws` 0; the pile None takes nothing)."""

    __slots__ = ("draws",)

    def __init__(self, seat: int, text: str, actions: list[Action], *, draws: int) -> None:
        super().__init__("deck", seat, text, actions)
        self.draws = draws

    def answer(self, state: "TableState", action: Action) -> None:
        deck = action[1]
        if self.draws:
            state.push(*[Draw(self.player, deck)] * self.draws)
        elif deck is not None:
            salvage(state, state.seats[self.player], deck)


LOSE_WORDS = {"pet": "pet", "item": "item", "work": "manifestation in the making"}


def sides(state: "TableState", side: "Seat", who: str) -> list["Seat"]:
    if who == "you":
        return [side]
    others = [s for s in state.seats if not s.gone and (who == "each_mage" or s is not side)]
    return others


def refs(state: "TableState", side: "Seat", who: str, chosen: Any) -> list[Any]:
    """The Mage keys or card uids an effect lands on."""
    if who in ("enemy_mage", "enemy_card", "enemy", "enemy_work"):
        return [] if chosen is None else [chosen]
    return [s.key for s in sides(state, side, who) if not s.dead]
