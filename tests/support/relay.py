"""Relay: a tiny 2-4 player game that exists only to test the generic parts of cardhost
(bot, terminal, simulate) with more than two seats, independently of any real ruleset.

Each player holds a private hand of numbered cards. In turn (to the left), a player adds
one card to a shared pile, whose total is public (with no card left, they add 1); whoever
brings the total to LIMIT or more is out and the pile restarts. The last player in wins.
A player who leaves (resigns) is out and the game goes on.
"""

from dataclasses import dataclass
from typing import Any

from engine.core.clone import LIST, LIST_OF_LISTS
from engine.core.decision import Action, Decision, Label
from engine.core.errors import IllegalAction, ScenarioError
from engine.core.events import Event
from engine.core.hidden import HiddenZones
from engine.core.rng import MatchRng
from engine.core.ruleset import GameState, Ruleset
from engine.core.steps import WAIT, Step, StepResult, Steps
from engine.core.view import CardView, SeatView, ZoneView

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


class Turn(Step):
    """The active player adds a card (or 1 with an empty hand); the one step of Relay,
    shared by every game (it holds nothing)."""

    __slots__ = ()
    name = "play"

    def decisions(self, state: "RelayState") -> list[Decision]:
        hand = state.hands[state.active]
        actions = [("add", i) for i in range(len(hand))] or [("one",)]
        prompt = f"The pile is at {state.total}; add a card."
        return [Decision(state.active, "add", prompt, actions)]

    def apply(self, state: "RelayState", player: int, action: Action) -> StepResult:
        if action[0] == "add":
            played = state.hands[player].pop(action[1])
            state.total += CARDS[played]
            state.events.append(Added(state.names[player], card(played).name, state.total))
            if state.decks[player]:
                state.hands[player].append(state.decks[player].pop())
        else:
            state.total += 1
            state.events.append(Added(state.names[player], "1", state.total))
        if state.total >= LIMIT:
            state.total = 0
            state._out(player, f"the pile reached {LIMIT}")
        if not state.over:
            state._pass_turn()
        return WAIT


TURN = Turn()


class RelayState(GameState):
    ruleset_id = "relay"
    events_shown = 8
    clone_plan = {"decks": LIST_OF_LISTS, "hands": LIST_OF_LISTS, "alive": LIST}

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
        self.steps = Steps()
        self.steps.push(TURN)
        self.run()

    def describe(self, action: Action) -> Label:
        if action[0] == "one":
            return "Add 1", "", None, None
        return f"Add {card(self.hands[self.active][action[1]]).name}", "", None, None

    def concede(self, player: int, reason: str) -> None:
        if not self.alive[player]:
            raise IllegalAction(f"{self.names[player]} is already out")
        self._decisions = None
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

    def _header(self) -> tuple[int, str, int | None, dict[str, str]]:
        return self.turn, "play", None if self.over else self.active, {}

    def _seat_view(self, seat: int, viewer: int | None) -> SeatView:
        hand = self.hands[seat]
        shown = (
            tuple(card(c, 100 * seat + i) for i, c in enumerate(hand)) if seat == viewer else None
        )
        zones = {
            "hand": ZoneView("hand", len(hand), shown),
            "deck": ZoneView("deck", len(self.decks[seat]), None),
        }
        return SeatView(seat, self.names[seat], {"health": int(self.alive[seat])}, zones)

    def _table_view(self, viewer: int | None) -> dict[str, ZoneView]:
        return {"pile": ZoneView("pile", self.total, None)}


class RelayRuleset(Ruleset):
    id = "relay"
    name = "Relay"
    version = "1"
    min_players = 2
    max_players = 4
    help_text = "Add a card to the pile in turn; whoever brings it to 15 is out."
    glossary = {"the pile": f"shared and face up; whoever brings it to {LIMIT} or more is out"}

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

    def hidden_zones(self, state: GameState, seat: int) -> HiddenZones:
        """A hand, seen by its owner alone, drawn from a face-down deck."""
        assert isinstance(state, RelayState)
        return HiddenZones(hand=state.hands[seat], draw_piles=(state.decks[seat],))

    def evaluate(self, state: GameState, player: int) -> float:
        assert isinstance(state, RelayState)
        return float(state.alive[player]) - state.total / LIMIT * (state.active == player)


RULESET = RelayRuleset()
