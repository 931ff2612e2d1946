"""Cards coming into a hand — draws, salvage from a discard pile — and the curses that
strike as they are drawn, with the blessings that answer them (mw:36, mw:88-91, mw:120)."""

from cards.mage_wars.text import DECK_NAMES
from engine.core.decision import Action
from engine.core.events import Note
from engine.rulesets.mage_wars.cards import Proto
from engine.rulesets.mage_wars.events import DrewFrom
from engine.rulesets.mage_wars.state import Prompt, Rule, TableState
from engine.rulesets.mage_wars.steps import Eff
from engine.rulesets.mage_wars.table import Card, Seat


class Draw(Rule):
    """One card drawn from a deck into a seat's hand."""

    __slots__ = ("deck", "seat")

    def __init__(self, seat: int, deck: str) -> None:
        self.seat, self.deck = seat, deck

    def act(self, state: TableState) -> None:
        draw(state, state.seats[self.seat], self.deck)


def draw(state: TableState, side: Seat, deck: str) -> None:
    """mw:36 — into the hand; a curse strikes as it is drawn (mw:88)."""
    card = state.take(deck)
    if card is None:
        state.events.append(Note(f"The {DECK_NAMES[deck]} deck and its discard pile are empty."))
        return
    into_hand(state, side, card, DECK_NAMES[deck] + " deck")


def into_hand(
    state: TableState, side: Seat, card: Card, source: str, *, public: bool = False
) -> None:
    if card.proto.type == "curse":
        state.events.append(Note(f"{side.name} draws the curse {curse_line(card.proto)}"))
        curse_drawn(state, side, card)
        return
    side.hand.append(card)
    if public:  # a card from a face-up discard pile: everyone saw it
        state.events.append(Note(f"{side.name} takes {card.proto.name} from the {source}."))
    else:
        state.events.append(DrewFrom(side.seat, side.name, source, card.proto.name))


def salvage(state: TableState, side: Seat, deck: str) -> None:
    """mw:120 — the top card of a discard pile, into the hand."""
    pile = state.discards[deck]
    if not pile:
        return
    card = state.own(pile.pop())
    card.used = state.turn  # R20: not played again this turn (no endless salvage loops)
    into_hand(state, side, card, DECK_NAMES[deck] + " discard pile", public=True)


# -- curses and blessings (mw:88-91) ----------------------------------------------------


def curse_drawn(state: TableState, side: Seat, card: Card) -> None:
    state.discard(card)
    blessings = [c for c in side.hand if c.proto.type == "blessing"] + side.wards
    if not blessings and not side.hand:  # R31: visibly nothing to answer with
        state.push(*[Eff(e, side.seat, None, card.proto.name) for e in card.proto.data.effects])
        return
    actions: list[Action] = [("accept",)]
    others = [s.seat for s in state.seats if s is not side and not s.gone]
    for b in blessings:
        if b.proto.data.mode == "negate":
            actions.append(("negate", b.uid))
        else:
            actions += [("deflect", b.uid, o) for o in others]
    state.push(CursePrompt(side.seat, card.proto, actions))


class CursePrompt(Prompt):
    """mw:88-91 — accept a drawn curse, or answer it with a blessing."""

    __slots__ = ("curse",)
    always_ask = True  # R31: asked by what is public (a hand, a ward), not by the blessings

    def __init__(self, seat: int, curse: Proto, actions: list[Action]) -> None:
        super().__init__("curse", seat, f"A curse strikes you — {curse_line(curse)}", actions)
        self.curse = curse

    def answer(self, state: TableState, action: Action) -> None:
        answer_curse(state, state.seats[self.player], self.curse, action)


def answer_curse(state: TableState, side: Seat, curse: Proto, action: Action) -> None:
    head = action[0]
    if head == "accept":
        state.push(*[Eff(e, side.seat, None, curse.name) for e in curse.data.effects])
        return
    blessing = state.cards[action[1]]
    if blessing in side.hand:
        side.hand.remove(blessing)
    else:
        side.wards.remove(blessing)
    state.discard(blessing)
    if head == "negate":
        state.events.append(Note(f"{blessing.proto.name} cancels {curse.name}."))
        return
    other = state.seats[action[2]]  # R8: a deflected curse cannot be turned again
    state.events.append(Note(f"{blessing.proto.name} turns {curse.name} onto {other.name}."))
    state.push(*[Eff(e, other.seat, None, curse.name) for e in curse.data.effects])


def curse_line(proto: Proto) -> str:
    return f"{proto.name}: {proto.text[:1].lower()}{proto.text[1:]}"
