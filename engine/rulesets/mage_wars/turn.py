"""Rounds and phases: the steps a turn is made of, from its beginning to the next
player's, and the prompts on the way (mw:23, mw:34, mw:124, mw:137-139, R12-R15, R28).

A turn begins with `Begin`, which pushes the upkeep, one `Fate` a fate card and `Main`,
the main phase, which waits for the active player's actions until one ends the turn.
Ending it pushes the end-of-turn steps; once they are done the stack is empty in the
phase "ending", and the next player's turn comes (`NextTurn`, pushed by game.py: a Mage
dying on its own turn ends it the same way, R12).
"""

from typing import Any

from engine.core import events as ev
from engine.core.decision import Action, Decision
from engine.core.events import Note
from engine.core.steps import AGAIN, WAIT, Step, StepResult
from engine.rulesets.mage_wars.casting import main_action, main_actions
from engine.rulesets.mage_wars.death import lose_health, payment, resurrect
from engine.rulesets.mage_wars.drawing import Draw, curse_drawn, curse_line
from engine.rulesets.mage_wars.state import (
    ROUND_LIMIT,
    WANE_FROM,
    WANE_STEP,
    WIN_FROM,
    WOUNDS_PER_WANE,
    Prompt,
    Rule,
    TableState,
)
from engine.rulesets.mage_wars.steps import Eff
from engine.rulesets.mage_wars.table import TALLIES
from engine.rulesets.mage_wars.winning import last_light

RESURRECTION_DECKS = ("enchanted", "mystic", "arcane")  # mw:137


class Begin(Rule):
    """mw:34,124 — a new turn; a dead Mage's turn is the resurrection turn (mw:137)."""

    __slots__ = ("seat",)

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def act(self, state: TableState) -> None:
        seat = self.seat
        side = state.seats[seat]
        state.active = seat
        state.turn += 1
        side.tally = dict.fromkeys(TALLIES, 0)
        side.ward = 0  # a ward lasts until the start of your next turn
        state.events.append(ev.TurnStarted(seat, side.name, state.turn))
        state.phase = "turn"
        if side.skip > 0:
            side.skip -= 1
            state.events.append(Note(f"{side.name} loses this turn."))
            state.replace_steps(NextTurn(seat))
            return
        if side.dead:
            state.replace_steps(Dead(seat))
            return
        fates = state.fate_count(side)
        side.haste = 0
        state.replace_steps(Upkeep(seat), *[Fate(seat)] * fates, Main())  # one step, shared


class Upkeep(Rule):
    """mw:70 — structures whose aura drains the player."""

    __slots__ = ("seat",)

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def act(self, state: TableState) -> None:
        side = state.seats[self.seat]
        loss = 0
        for card in state.centre:
            if not card.need and state.aura_applies(card, side):
                loss += card.proto.data.aura.drain
        if loss:
            lose_health(state, side, loss, None, "a structure's aura")


class Fate(Rule):
    """mw:34 — a fate card is drawn and played at once."""

    __slots__ = ("seat",)

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def act(self, state: TableState) -> None:
        seat = self.seat
        side = state.seats[seat]
        card = state.take("fate")
        if card is None:
            return
        if card.proto.type == "curse":  # mw:88 — curses hide in the fate deck too
            state.events.append(Note(f"{side.name} draws the curse {curse_line(card.proto)}"))
            curse_drawn(state, side, card)
            return
        state.events.append(ev.CardPlayed(seat, side.name, card.proto.name, None))
        state.discard(card)
        state.push(*[Eff(e, seat, None, card.proto.name) for e in card.proto.data.effects])


class Main(Step):
    """The main phase: the active player plays, fills, attacks ... until they end the
    turn (mw:38-124). It stays on the stack for the whole phase; what an action pushes
    (a prompt, a card's effects) runs above it."""

    __slots__ = ()

    def advance(self, state: TableState) -> StepResult:
        if state.phase != "main":  # the phase begins: the checks follow the change
            state.phase = "main"
            state.after_change()
            if state.steps.items[-1] is not self:
                return AGAIN
        return WAIT

    def decisions(self, state: TableState) -> list[Decision]:
        return [
            Decision(
                state.active,
                "main",
                "Play, fill, attack, or end your turn.",
                main_actions(state),
                private=True,
            )
        ]

    def apply(self, state: TableState, player: int, action: Action) -> None:
        if action[0] == "end":
            end_turn(state, player)
        else:
            main_action(state, player, action)
        state.after_change()


def end_turn(state: TableState, seat: int) -> None:
    """mw:124 — the active player ends the turn: challenges, then the hand size."""
    state.phase = "ending"
    state.replace_steps(TrialsEnd(seat), HandCheck(seat))


class TrialsEnd(Rule):
    """mw:80 — a challenge not won this turn is lost; its consequence follows."""

    __slots__ = ("seat",)

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def act(self, state: TableState) -> None:
        seat = self.seat
        side = state.seats[seat]
        for card, _ in side.trials:
            state.events.append(Note(f"{side.name} fails the challenge {card.proto.name}."))
            state.push(*[Eff(e, seat, None, card.proto.name) for e in card.proto.data.consequence])
            state.discard(card)
        side.trials = []


class HandCheck(Rule):
    """mw:23 — at the end of the turn the hand is cut to the Mage's maximum (R6)."""

    __slots__ = ("seat",)

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def act(self, state: TableState) -> None:
        seat = self.seat
        side = state.seats[seat]
        excess = len(side.hand) - state.max_hand(side)
        if excess > 0:
            state.push(
                DiscardPrompt(
                    "discard",
                    seat,
                    f"You hold {len(side.hand)} cards and your hand keeps "
                    f"{state.max_hand(side)}: discard {excess}.",
                    [("card", c.uid) for c in side.hand],
                    min_picks=excess,
                    max_picks=excess,
                )
            )


class NextTurn(Rule):
    """mw:124 — the player to the left (the next seat) takes the turn."""

    __slots__ = ("seat",)

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def act(self, state: TableState) -> None:
        seat = self.seat
        side = state.seats[seat]
        state.events.append(ev.TurnEnded(side.name))
        count = len(state.seats)
        nxt = (seat + 1) % count
        while state.seats[nxt].gone:
            nxt = (nxt + 1) % count
        if (nxt - state.starter) % count <= (seat - state.starter) % count:
            state.round += 1
            if state.round > ROUND_LIMIT:
                last_light(state)
                return
            line = f"Round {state.round} of {ROUND_LIMIT} begins."  # R14-R15 hang on it
            if state.round == WIN_FROM:
                line += " The Opening is over: a Mage that meets its win condition now wins."
            if state.round >= WANE_FROM and (state.round - WANE_FROM) % WANE_STEP == 0:
                line += " The Waning eases every win condition by one more"
                if any(s.mage.proto.data.win.kind == "wounds" for s in state.seats):
                    line += f" (a wounds condition by {WOUNDS_PER_WANE})"  # R34
                line += "."
            state.events.append(Note(line))
        state.replace_steps(Begin(nxt))


class DiscardPrompt(Prompt):
    """Cards chosen from the hand to discard: at the end of a turn ("discard"), or among
    the cards a dead Mage drew ("keep")."""

    __slots__ = ()

    def answer(self, state: TableState, action: Action) -> None:
        side = state.seats[self.player]
        head = action[0] if action and not isinstance(action[0], tuple) else None
        picks = (action,) if head == "card" else action  # a 1-of-1 pick is a plain action
        for _, uid in picks:
            card = state.cards[uid]
            side.hand.remove(card)
            state.events.append(Note(f"{side.name} discards {card.proto.name}."))
            state.discard(card)


# -- a dead Mage's turn (mw:137-139) ------------------------------------------------------


class Dead(Rule):
    """mw:137 — the player *may* draw 1 card from each of Enchanted, Mystic and Arcane:
    any of the three, all, or none (a curse may lie on top)."""

    __slots__ = ("seat",)

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def act(self, state: TableState) -> None:
        state.push(
            ReachPrompt(
                "reach",
                self.seat,
                "Your Mage is dead. Draw 1 card from which decks? (any, all or none)",
                [("deck", d) for d in RESURRECTION_DECKS],
                min_picks=0,
                max_picks=len(RESURRECTION_DECKS),
            )
        )


class ReachPrompt(Prompt):
    """The decks a dead Mage draws from; then the drawn cards are cut (`Keep`) and the
    Mage may rise (`Rise`)."""

    __slots__ = ()

    def answer(self, state: TableState, action: Action) -> None:
        side = state.seats[self.player]
        head = action[0] if action and not isinstance(action[0], tuple) else None
        picks: tuple[Any, ...] = (action,) if head == "deck" else action
        before = frozenset(c.uid for c in side.hand)
        chosen = {deck for _, deck in picks}
        draws = [Draw(side.seat, d) for d in RESURRECTION_DECKS if d in chosen]
        state.replace_steps(*draws, Keep(side.seat, before), Rise(side.seat))


class Keep(Rule):
    """mw:137 — drawn cards are kept up to the maximum hand, the rest discarded (R28):
    the player chooses which only when some, not all, must go."""

    __slots__ = ("before", "seat")

    def __init__(self, seat: int, before: frozenset[int]) -> None:
        self.seat, self.before = seat, before

    def act(self, state: TableState) -> None:
        seat = self.seat
        side = state.seats[seat]
        drawn = [c for c in side.hand if c.uid not in self.before]
        excess = min(len(drawn), max(0, len(side.hand) - state.max_hand(side)))
        if not excess:
            return
        if excess == len(drawn):
            for card in drawn:
                side.hand.remove(card)
                state.events.append(Note(f"{side.name} discards {card.proto.name}."))
                state.discard(card)
            return
        state.push(
            DiscardPrompt(
                "keep",
                seat,
                f"You hold {len(side.hand)} cards and your hand keeps {state.max_hand(side)}: "
                f"discard {excess} of the cards you drew.",
                [("card", c.uid) for c in drawn],
                min_picks=excess,
                max_picks=excess,
            )
        )


class Rise(Rule):
    """mw:139 — once the hand pays the Resurrect resources, the Mage may return."""

    __slots__ = ("seat",)

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def act(self, state: TableState) -> None:
        seat = self.seat
        side = state.seats[seat]
        if side.dead and not side.gone and side.hand:  # R31: asked by the public hand size
            can = payment(side) is not None
            state.push(
                RisePrompt(
                    "rise",
                    seat,
                    "Resurrect your Mage now?",  # public: the paying cards are named in it
                    [("resurrect",), ("wait",)] if can else [("wait",)],
                )
            )
            return
        state.replace_steps(NextTurn(seat))


class RisePrompt(Prompt):
    """Resurrect now (and take a turn at once, mw:139), or wait for a later turn."""

    __slots__ = ()
    always_ask = True  # R31: asked by the public hand size, not by what the hand pays

    def answer(self, state: TableState, action: Action) -> None:
        if action[0] == "resurrect":
            resurrect(state, state.seats[self.player])
            state.replace_steps(Begin(self.player))
        else:
            state.replace_steps(NextTurn(self.player))
