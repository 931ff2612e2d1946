"""Mage Wars: turns, the six decks, manifestations, combat, curses, death and resurrection.

References `mw:NN` point at lines of shared/rules/mage-wars.md; rulings where the text is
silent are numbered in docs/rules/mage-wars.md and named here as `R#`.

The turn is a stack of steps on the core's driver (begin, upkeep, fate cards, draws,
effects, main, end ...: turn.py, steps.py) run until one waits for a player's answer (a
prompt) or the main phase is reached. This module gives the core its hooks; the rules
live in turn.py, casting.py, combat.py, death.py, drawing.py, effects.py and winning.py,
the table in state.py.

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

from engine.core.decision import Action, Label
from engine.core.events import GameStarted, Note
from engine.core.view import SeatView, ZoneView
from engine.rulesets.mage_wars import effects
from engine.rulesets.mage_wars.death import strip
from engine.rulesets.mage_wars.state import TableState
from engine.rulesets.mage_wars.turn import Begin, NextTurn
from engine.rulesets.mage_wars.view import EVENTS_SHOWN, describe_action, seat_view, table_zones
from engine.rulesets.mage_wars.winning import check_levels, check_trials, check_win, win


class MageWarsState(TableState):
    ruleset_id = "mage-wars"
    events_shown = EVENTS_SHOWN
    #: Set on a greedy agent's look-ahead copy only: the copy stops once the turn has
    #: ended, before the next player's upkeep and fate cards (never on a played state).
    stop_at_turn_end = False

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
        self.events.append(GameStarted(1, self.starter, self.names[self.starter]))
        self.push(Begin(self.starter))
        self.play_on()

    def play_on(self) -> None:
        """The checks, then the core's driver: how play goes on from a new position (a
        new game, a scenario, a player leaving)."""
        self.after_change()
        self.run()

    # -- the rules the low modules reach through the state -----------------------------

    def check(self) -> None:
        check_levels(self)
        if self.seats[self.active].trials:  # (check_trials' own first test, saving a call)
            check_trials(self)
        check_win(self)

    def resolve(self, effect: Any, seat: int, target: Any, source: str) -> None:
        effects.resolve(self, effect, seat, target, source)

    # -- the core's hooks --------------------------------------------------------------

    def _next_steps(self) -> bool:
        """With nothing pending at the end of a turn, the next player's turn comes; a
        look-ahead copy marked `stop_at_turn_end` waits there instead (ai.score_action)."""
        if self.phase == "ending":
            if self.stop_at_turn_end:
                return False
            self.push(NextTurn(self.active))
            return True
        return False

    def _header(self) -> tuple[int, str, int | None, dict[str, str]]:
        notes = {"round": str(self.round), "waning": str(self.waning())}
        return self.turn, self.phase, None if self.over else self.active, notes

    def _seat_view(self, seat: int, viewer: int | None) -> SeatView:
        return seat_view(self, self.seats[seat], viewer)

    def _table_view(self, viewer: int | None) -> dict[str, ZoneView]:
        return table_zones(self)

    def describe(self, action: Action) -> Label:
        return describe_action(self, action)

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
            self.steps.clear()  # what was waiting, an open prompt included
            for card in self.limbo:
                self.discard(card)
            self.limbo = []
            self.phase = "ending"  # the next turn comes once the stack is empty
        self.play_on()

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
