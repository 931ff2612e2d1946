"""Mage Wars: turns, the six decks, manifestations, combat, curses, death and resurrection.

References `mw:NN` point at lines of shared/rules/mage-wars.md; rulings where the text is
silent are numbered in docs/rules/mage-wars.md and named here as `R#`.

The turn is a queue of steps (begin, upkeep, fate cards, draws, effects, main, end ...)
run until one needs a player's answer (`state.prompt`) or the main phase is reached
(turn.py). This module is the engine contract over the table (state.py); the rules live
in turn.py, casting.py, combat.py, death.py, drawing.py, winning.py and effects.py.

Actions (main phase of the active player):
    ("play", uid)                 lay a card from hand as a manifestation / play it   mw:42-46
    ("fill", uid, work)           a hand card as a resource for one requirement      mw:40,42,44
    ("tap", uid, work)            a permanent resource fills one requirement a turn  mw:84
    ("spend",)                    a health card taken into hand                      mw:30
    ("attack", uid, target)       a pet or weapon attacks a Mage ("p1") or a card    mw:97-110
    ("use", uid, target)          a charged spell on the board                       mw:114
    ("end",)                      end the turn                                       mw:124
Prompts: ("deck", d), ("pile", d), ("accept",), ("negate", b), ("deflect", b, seat),
("pet", uid[, old]), ("slot", uid[, old]), ("once", uid, target), ("cast", uid, target),
("fizzle", uid), ("card", uid) for discards, ("deck", d)* for a dead Mage's draws,
("resurrect",) / ("wait",).
"""

from typing import Any

from engine.core import events as ev
from engine.core.decision import Action, Decision, Label
from engine.core.events import Note
from engine.core.view import MatchView
from engine.rulesets.mage_wars.casting import main_action, main_actions
from engine.rulesets.mage_wars.death import strip
from engine.rulesets.mage_wars.state import TableState
from engine.rulesets.mage_wars.table import Card, Prompt
from engine.rulesets.mage_wars.turn import answer, run
from engine.rulesets.mage_wars.view import build_view, describe_action
from engine.rulesets.mage_wars.winning import win

#: Prompts asked whenever the table says the player might answer (a card in hand, a ward),
#: even when their hand holds no answer: asking only then would show the others what the
#: hand holds (no tells, docs/architecture.md; ruling R31).
ASKED_BY_WHAT_IS_PUBLIC = ("curse", "rise")


class MageWarsState(TableState):
    def start(self) -> None:
        """mw:28 — health and armor piles face down; a random player starts (R2)."""
        for side in self.seats:
            mage = side.mage.proto.data
            decks = mage.health_decks
            for i in range(mage.health):
                self.put_health(side, decks[i % len(decks)])
            for i in range(mage.armor):
                card = self.take(decks[(i + mage.health) % len(decks)])
                if card is not None:
                    side.armor.append(card)
        self.starter = self.rng.below(len(self.seats))
        self.events.append(ev.GameStarted(1, self.starter, self.names[self.starter]))
        self.queue = [("begin", self.starter)]
        self.run()

    def run(self) -> None:
        """Run the queued steps until a prompt or the main phase (turn.run)."""
        run(self)

    # -- the engine contract -------------------------------------------------------

    def decisions(self) -> list[Decision]:
        if self._decisions is None:
            self._decisions = self._build_decisions()
        return self._decisions

    def _build_decisions(self) -> list[Decision]:
        if self.over:
            return []
        p = self.prompt
        if p is not None:
            return [
                Decision(
                    p.player,
                    p.kind,
                    p.text,
                    p.actions,
                    min_picks=p.min_picks,
                    max_picks=p.max_picks,
                    private=True,
                    always_ask=p.kind in ASKED_BY_WHAT_IS_PUBLIC,
                )
            ]
        if self.phase == "main":
            return [
                Decision(
                    self.active,
                    "main",
                    "Play, fill, attack, or end your turn.",
                    main_actions(self),
                    private=True,
                )
            ]
        return []

    def apply(self, player: int, action: Action) -> None:
        self._decisions = None
        p = self.prompt
        if p is not None:
            self.prompt = None
            answer(self, p, action)
        else:
            main_action(self, player, action)
        run(self)

    def concede(self, player: int, reason: str) -> None:
        """R16: a leaving player's cards go to the discard piles; the rest play on."""
        self._decisions = None
        side = self.seats[player]
        if side.gone:
            return
        side.gone = True
        self.events.append(Note(f"{side.name} leaves the game ({reason})."))
        stripped = strip(self, side, everything=True)
        for card in stripped:
            self.discard(card)
        left = [s for s in self.seats if not s.gone]
        if len(left) < 2:
            win(self, left[0].seat, "the last player at the table")
            return
        if self.prompt is not None and self.prompt.player != player:
            self.drop_stale_choices(player, {c.uid for c in stripped})
        if self.active == player:
            self.prompt = None
            for card in self.limbo:
                self.discard(card)
            self.limbo = []
            self.queue = [("next", player)]
            self.phase = "ending"
        run(self)

    def drop_stale_choices(self, seat: int, gone: set[int]) -> None:
        """An open prompt no longer offers the leaver, or its cards, as a target (R16)."""
        p = self.prompt
        assert p is not None  # asked only while a prompt is open
        key = f"p{seat}"

        def stale(a: Action) -> bool:
            if a[0] == "deflect":
                return a[2] == seat
            return a[0] in ("once", "cast") and len(a) > 2 and (a[2] == key or a[2] in gone)

        kept = [a for a in p.actions if not stale(a)]
        p.actions = kept or [("fizzle", p.actions[0][1])]

    def view(self, viewer: int | None) -> MatchView:
        return build_view(self, viewer)

    def describe(self, action: Action) -> Label:
        return describe_action(self, action)

    def clone(self) -> "MageWarsState":
        """An independent copy. Cards lying in a deck, a discard pile or a health or armor
        pile are shared, not copied: no rule changes a card while it lies there, and every
        way out of a pile (`take`, `salvage`, `spend`, `hurt`, `strip`, a sunder) gives the
        state its own copy first (`own`). Most of the ~200 cards lie in piles, so a
        look-ahead copy costs the table, not the whole game (docs/ai.md, "cheaper
        copies")."""
        twin = MageWarsState.__new__(MageWarsState)
        memo = dict(self.cards)  # pile cards stay shared; the rest are replaced below
        owned = self._table_cards()
        piled = sum(len(pile) for pile in self.decks.values())
        piled += sum(len(pile) for pile in self.discards.values())
        piled += sum(len(side.health) + len(side.armor) for side in self.seats)
        if len(owned) + piled != len(self.cards):  # a card elsewhere: copy all but piles
            kept = {c.uid for pile in self.decks.values() for c in pile}
            for pile in (*self.discards.values(), *(s.health for s in self.seats)):
                kept.update(c.uid for c in pile)
            kept.update(c.uid for side in self.seats for c in side.armor)
            owned = [card for uid, card in self.cards.items() if uid not in kept]
        for card in owned:  # first empty cards, then what refers to them
            memo[card.uid] = Card.__new__(Card)
        for card in owned:
            card.copy_into(memo[card.uid], memo)
        twin.cards = memo
        twin.names, twin.rng = self.names, self.rng.clone()
        twin.seats = [s.copy(memo) for s in self.seats]
        twin.decks = {d: list(cs) for d, cs in self.decks.items()}
        twin.discards = {d: list(cs) for d, cs in self.discards.items()}
        twin.centre = [memo[c.uid] for c in self.centre]
        twin.limbo = [memo[c.uid] for c in self.limbo]
        twin.next_uid, twin.events = self.next_uid, list(self.events)
        twin.queue = [_copy_step(step, memo) for step in self.queue]
        p = self.prompt
        twin.prompt = (
            None
            if p is None
            else Prompt(
                p.kind,
                p.player,
                p.text,
                p.actions,
                data=_copy_step(p.data, memo) if isinstance(p.data, tuple) else p.data,
                min_picks=p.min_picks,
                max_picks=p.max_picks,
            )
        )
        for slot in ("phase", "active", "starter", "turn", "round", "winner", "over"):
            setattr(twin, slot, getattr(self, slot))
        twin._decisions = None
        return twin


def _copy_step(step: Any, memo: dict[int, Card]) -> Any:
    if isinstance(step, Card):
        return memo[step.uid]
    if isinstance(step, tuple):
        return tuple(_copy_step(x, memo) for x in step)
    return step
