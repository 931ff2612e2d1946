"""What every rule system provides, and the registry that finds one by id."""

import importlib
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any

from engine.core.decision import Action, Decision
from engine.core.errors import EngineError
from engine.core.events import Event
from engine.core.rng import MatchRng
from engine.core.view import CardView, MatchView


class GameState(ABC):
    """A ruleset's mutable state. The match validates actions before calling `apply`."""

    events: list[Event]
    names: list[str]
    winner: int | None
    over: bool

    @abstractmethod
    def decisions(self) -> list[Decision]:
        """The open decisions (several only for simultaneous choices); [] when over."""

    @abstractmethod
    def apply(self, player: int, action: Action) -> None:
        """Carry out a legal action and advance to the next decision."""

    @abstractmethod
    def view(self, viewer: int | None) -> MatchView:
        """What `viewer` may see (None: the public)."""

    @abstractmethod
    def clone(self) -> "GameState":
        """An independent copy, for agents that look ahead."""

    def concede(self, player: int, reason: str) -> None:
        """The player leaves; rulesets with more than two players override this."""
        raise NotImplementedError


class Ruleset(ABC):
    id: str
    name: str
    version: str
    min_players: int = 2
    max_players: int = 2
    #: How to play in a few lines of Discord markdown, for /rules (docs/rules/ has the rest).
    help_text: str = ""

    @abstractmethod
    def validate_deck(self, cards: Sequence[str]) -> list[str]:
        """Every problem with the deck, worded for a player; [] when legal."""

    @abstractmethod
    def new_game(
        self, players: list[str], decks: list[list[str]], rng: MatchRng, options: dict[str, Any]
    ) -> GameState: ...

    @abstractmethod
    def from_scenario(self, data: dict[str, Any], rng: MatchRng) -> GameState:
        """A mid-game state described by data, so one rule can be tested in a few lines."""

    @abstractmethod
    def preconstructed_decks(self) -> dict[str, list[str]]: ...

    @abstractmethod
    def evaluate(self, state: GameState, player: int) -> float:
        """A score of the position for `player` from what that player may know (for AI)."""

    def card_catalog(self) -> dict[str, CardView]:
        """Every card a player can look up (/card, /deck), by id, as it reads off the board.

        A ruleset without a card list (or whose cards are not chosen by players) returns {}.
        """
        return {}

    def choose_many(self, state: GameState, decision: Decision) -> Action:
        """A sensible multi-pick for the computer; by default the fewest picks allowed."""
        return tuple(decision.actions[: decision.min_picks])


#: Every game, in the order menus list them; modules load on first use.
_MODULES = {
    "clash": "engine.rulesets.clash",
    "battle-mages": "engine.rulesets.battle_mages",
    "enchantoria": "engine.rulesets.enchantoria",
    "magic-core": "engine.rulesets.magic_core",
    "mage-wars": "engine.rulesets.mage_wars",
}
_LOADED: dict[str, Ruleset] = {}


def ruleset_ids() -> list[str]:
    return list(_MODULES)


def get_ruleset(ruleset_id: str) -> Ruleset:
    if ruleset_id not in _MODULES:
        raise EngineError(f"unknown game '{ruleset_id}' (known: {', '.join(_MODULES)})")
    if ruleset_id not in _LOADED:
        _LOADED[ruleset_id] = importlib.import_module(_MODULES[ruleset_id]).RULESET
    return _LOADED[ruleset_id]
