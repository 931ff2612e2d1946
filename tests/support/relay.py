"""Relay: a tiny 2-4 player game that exists only to test the generic parts of cardhost
(bot, terminal, simulate) with more than two seats, independently of any real ruleset.

Each player holds a private hand of numbered cards. In turn (to the left), a player adds
one card to a shared pile, whose total is public (with no card left, they add 1); whoever
brings the total to LIMIT or more is out and the pile restarts. The last player in wins.
A player who leaves (resigns) is out and the game goes on.
"""

from dataclasses import dataclass
from typing import Any

from engine.core.decision import Action, Decision, Label
from engine.core.errors import IllegalAction, ScenarioError
from engine.core.events import Event
from engine.core.rng import MatchRng
from engine.core.ruleset import GameState, Ruleset
from engine.core.view import CardView, DecisionView, MatchView, SeatView, ZoneView

LIMIT = 15
HAND = 3
CARDS = {f"r{n}": n for n in range(1, 7)}


@dataclass(slots=True)
class Added(Event):
    player_name: str
    card: str
    total: int

    @property
    def text(self) -> str:
        return f"{self.player_name} adds {self.card}: the pile is at {self.total}."


@dataclass(slots=True)
class Out(Event):
    player_name: str
    why: str

    @property
    def text(self) -> str:
        return f"{self.player_name} is out ({self.why})."


def card(card_id: str, uid: int = 0) -> CardView:
    return CardView(uid, card_id, f"Relay {CARDS[card_id]}", "number", CARDS[card_id])


class RelayState(GameState):
    def __init__(self, names: list[str], decks: list[list[str]], rng: MatchRng):
        self.names = names
        self.events: list[Event] = []
        self.winner: int | None = None
        self.over = False
        self.decks = [list(deck) for deck in decks]
        for deck in self.decks:
            rng.shuffle(deck)
        self.hands = [[deck.pop() for _ in range(HAND)] for deck in self.decks]
        self.alive = [True] * len(names)
        self.active = 0
        self.total = 0
        self.turn = 1

    def decisions(self) -> list[Decision]:
        if self.over:
            return []
        hand = self.hands[self.active]
        actions = [("add", i) for i in range(len(hand))] or [("one",)]
        return [Decision(self.active, "add", f"The pile is at {self.total}; add a card.", actions)]

    def describe(self, action: Action) -> Label:
        if action[0] == "one":
            return "Add 1", "", None, None
        return f"Add {card(self.hands[self.active][action[1]]).name}", "", None, None

    def apply(self, player: int, action: Action) -> None:
        if action[0] == "add":
            played = self.hands[player].pop(action[1])
            self.total += CARDS[played]
            self.events.append(Added(self.names[player], card(played).name, self.total))
            if self.decks[player]:
                self.hands[player].append(self.decks[player].pop())
        else:
            self.total += 1
            self.events.append(Added(self.names[player], "1", self.total))
        if self.total >= LIMIT:
            self.total = 0
            self._out(player, f"the pile reached {LIMIT}")
        if not self.over:
            self._pass_turn()

    def concede(self, player: int, reason: str) -> None:
        if not self.alive[player]:
            raise IllegalAction(f"{self.names[player]} is already out")
        self._out(player, reason)
        if not self.over and player == self.active:
            self._pass_turn()

    def _out(self, player: int, why: str) -> None:
        self.alive[player] = False
        self.events.append(Out(self.names[player], why))
        left = [p for p, alive in enumerate(self.alive) if alive]
        if len(left) == 1:
            self.winner, self.over = left[0], True

    def _pass_turn(self) -> None:
        n = len(self.names)
        self.active = next(
            (self.active + k) % n for k in range(1, n + 1) if self.alive[(self.active + k) % n]
        )
        self.turn += 1

    def view(self, viewer: int | None) -> MatchView:
        seats = []
        for p, name in enumerate(self.names):
            hand = self.hands[p]
            shown = tuple(card(c, 100 * p + i) for i, c in enumerate(hand)) if p == viewer else None
            zones = {
                "hand": ZoneView("hand", len(hand), shown),
                "deck": ZoneView("deck", len(self.decks[p]), None),
            }
            seats.append(SeatView(p, name, {"health": int(self.alive[p])}, zones))
        decisions = tuple(
            DecisionView(
                d.player,
                self.names[d.player],
                d.kind,
                d.prompt,
                d.seq,
                tuple(o.label for o in self.options(d)) if d.player == viewer else None,
            )
            for d in self.decisions()
        )
        return MatchView(
            "relay", viewer, self.turn, "play", None if self.over else self.active,
            tuple(seats), tuple(e.seen_by(viewer) for e in self.events[-8:]), decisions,
            self.winner, self.over, table={"pile": ZoneView("pile", self.total, None)},
        )  # fmt: skip

    def clone(self) -> "RelayState":
        copy = object.__new__(RelayState)
        copy.__dict__.update(self.__dict__)
        copy.events = list(self.events)
        copy.decks = [list(d) for d in self.decks]
        copy.hands = [list(h) for h in self.hands]
        copy.alive = list(self.alive)
        return copy


class RelayRuleset(Ruleset):
    id = "relay"
    name = "Relay"
    version = "1"
    min_players = 2
    max_players = 4
    help_text = "Add a card to the pile in turn; whoever brings it to 15 is out."

    def deck_problems(self, cards: tuple[str, ...]) -> list[str]:
        problems = [f"unknown card {c}" for c in cards if c not in CARDS]
        return problems + ([] if len(cards) == 6 else ["a deck has 6 cards"])

    def new_game(
        self, players: list[str], decks: list[list[str]], rng: MatchRng, options: dict[str, Any]
    ) -> RelayState:
        return RelayState(players, decks, rng)

    def from_scenario(self, data: dict[str, Any], rng: MatchRng) -> RelayState:
        raise ScenarioError("Relay has no scenarios")

    def preconstructed_decks(self) -> dict[str, list[str]]:
        return {"low": ["r1", "r1", "r2", "r2", "r3", "r3"], "high": list(CARDS)}

    def card_catalog(self) -> dict[str, CardView]:
        return {c: card(c) for c in CARDS}

    def evaluate(self, state: GameState, player: int) -> float:
        assert isinstance(state, RelayState)
        return float(state.alive[player]) - state.total / LIMIT * (state.active == player)


RULESET = RelayRuleset()
