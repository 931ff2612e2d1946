"""What every rule system provides, and the registry that finds one by id.

`GameState` lives in engine/core/state.py; it is imported here too, where code has
always found it."""

import dataclasses
import importlib
import pkgutil
import random
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from pydantic import TypeAdapter, ValidationError

from engine.core.card_hashes import card_hash
from engine.core.decision import Action, Decision
from engine.core.errors import EngineError, RecordError
from engine.core.hidden import HiddenZones
from engine.core.options import NoOptions, check_options
from engine.core.rng import MatchRng
from engine.core.state import GameState
from engine.core.view import CardView

if TYPE_CHECKING:
    from cards.loader import CardPool


#: The state class a ruleset makes and reads: `Ruleset[ClashState]` has `evaluate` and
#: `choose_many` take a `ClashState`, so an override's narrower argument type is the
#: ruleset's own contract rather than a break of the base's (Liskov).
S = TypeVar("S", bound=GameState)


class Ruleset(ABC, Generic[S]):
    id: str
    name: str
    version: str
    min_players: int = 2
    max_players: int = 2
    #: How to play in a few lines of Discord markdown, for /rules (docs/rules/ has the rest).
    help_text: str = ""
    #: The words the game's cards and board use, each with what it does, as the rulings in
    #: docs/rules/ decide them: /rules and the terminal's `?` list them after `help_text`.
    glossary: Mapping[str, str] = {}
    #: The match options this ruleset supports, as a pydantic model with extra="forbid"
    #: (engine/core/options.py); `new_match` validates through it.
    options_model: type[NoOptions] = NoOptions

    # -- tuning of the computer players and the balance check, measured per game ------
    #: The playouts the search agent (engine/agents/search.py) gives a decision when the
    #: caller names no budget. A game sets more where more measured stronger against
    #: greedy at an acceptable time a decision (docs/ai.md).
    search_playouts: int = 40
    #: Where the search agent's rollouts stop: (turns, actions), after `turns` more turns
    #: of the state's public `turn` counter (None: no turn limit) and at most `actions`
    #: actions. Stopping at the same moment of the game for every root action compares
    #: them fairly (six actions after "end turn" are the other player's, six after "play
    #: a card" mostly the player's own, which flatters every action but ending the turn);
    #: a game sets what measured best for it (docs/ai.md).
    search_turns: tuple[int | None, int] = (None, 6)
    #: Turns each player must have begun before a game may end: the balance check counts
    #: a game decided sooner as an early end (engine/balance.py; the game's thresholds are
    #: in docs/rules/<game>.md, "Fairness").
    early_turns: int = 3

    def check_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        """`options` as the record stores them; OptionError for one this game lacks."""
        return check_options(self.name, self.options_model, options)

    def supports_option(self, option: str) -> bool:
        return option in self.options_model.model_fields

    def validate_deck(self, cards: Sequence[str]) -> list[str]:
        """Every problem with the deck, worded for a player; [] when legal.

        Memoised per ruleset object: every new match and every replay checks its decks,
        and they are the same few decks again and again (preconstructed ones, a player's
        saved one). A pinned copy (`with_cards`) starts with an empty memo."""
        key = tuple(cards)
        known = self._checked_decks.get(key)
        if known is None:
            known = self.deck_problems(key)
            if len(self._checked_decks) < DECKS_REMEMBERED:
                self._checked_decks[key] = known
        return list(known)

    @cached_property
    def _checked_decks(self) -> dict[tuple[str, ...], list[str]]:
        return {}

    @abstractmethod
    def deck_problems(self, cards: tuple[str, ...]) -> list[str]:
        """The hook behind `validate_deck`: every problem, worded for a player."""

    @abstractmethod
    def new_game(
        self, players: list[str], decks: list[list[str]], rng: MatchRng, options: dict[str, Any]
    ) -> S: ...

    @abstractmethod
    def from_scenario(self, data: dict[str, Any], rng: MatchRng) -> S:
        """A mid-game state described by data, so one rule can be tested in a few lines."""

    @abstractmethod
    def preconstructed_decks(self) -> dict[str, list[str]]: ...

    @abstractmethod
    def evaluate(self, state: S, player: int) -> float:
        """A score of the position for `player` from what that player may know (for AI)."""

    def score_action(self, state: S, player: int, action: Action) -> float:
        """The greedy agent's score of one legal action: by default the position it leads
        to, tried on a copy, as `evaluate` sees it. A ruleset overrides it where that
        position is not comparable between actions (Mage Wars: "end turn" would be
        scored after the next player's chance events, every other action before)."""
        twin = state.clone()
        twin.apply(player, action)
        return self.evaluate(twin, player)

    def for_people(self, action: Action) -> bool:
        """True for an action that exists for people only (take back a secret step, a
        setting): look-ahead agents leave it out, as it leads back to a position already
        weighed and would let a search go round in circles."""
        return False

    @abstractmethod
    def hidden_zones(self, state: S, seat: int) -> HiddenZones:
        """What `seat` holds out of the other players' sight: its hand, the face-down
        piles (engine/core/hidden.py). The one declaration of the game's hidden
        information: `determinize` re-deals from it, and the contract suite checks every
        view and every other player's prompt against it (tests/contract/)."""

    def determinize(self, state: S, viewer: int, rng: random.Random) -> S:
        """A copy of `state` as `viewer` might believe it to be: every card they cannot see
        re-dealt from the cards that could be there (engine/core/hidden.py), the others'
        secret choices not yet revealed taken back, the random generator reseeded from
        `rng` (the future shuffles are unknown too). What the search agent plays in; it
        must depend on nothing `viewer` cannot see."""
        raise NotImplementedError(f"{self.name} cannot be searched: no determinize")

    def card_catalog(self) -> dict[str, CardView]:
        """Every card a player can look up (/card, /deck), by id, as it reads off the board.

        A ruleset without a card list (or whose cards are not chosen by players) returns {}.
        """
        return {}

    def choose_many(self, state: S, decision: Decision) -> Action:
        """A sensible multi-pick for the computer; by default the fewest picks allowed."""
        return tuple(decision.actions[: decision.min_picks])

    # -- card versions (engine/core/pins.py) ----------------------------------------
    #: The pydantic type of one card. A ruleset whose cards come from a pool sets it and
    #: provides `pool` (a cards.loader.CardPool) and `protos` (card id → what the game
    #: plays with, built by `make_proto`) as cached properties: that is what lets its
    #: records pin their cards and replay with the stored definitions.
    card_type: Any = None

    if TYPE_CHECKING:  # declared for the type checker; see card_type above

        @property
        def pool(self) -> "CardPool[Any]": ...

        @property
        def protos(self) -> dict[str, Any]: ...

    def make_proto(self, card: Any) -> Any:
        raise NotImplementedError

    #: True for a ruleset whose matches read the whole pool (which cards exist, in which
    #: order): its records pin every card, and a replay with pinned cards plays with
    #: exactly those, a card added since included.
    pins_whole_pool: bool = False

    def match_cards(self, decks: Sequence[Sequence[str]]) -> Iterable[str]:
        """The cards a match with these decks depends on, pinned in its record. By
        default its decks' cards (or the whole pool); a ruleset whose rules read other
        cards adds those."""
        if self.pins_whole_pool:
            return self.pool.cards
        return {card for deck in decks for card in deck}

    def card_definitions(self) -> dict[str, dict[str, Any]]:
        """Every card of the current pool as plain data ({} without a pool)."""
        return self._card_definitions

    def card_hashes(self) -> dict[str, str]:
        """A short content hash of each card's definition, computed once."""
        return self._card_hashes

    def card_pins(self) -> dict[tuple, tuple]:
        """pins.pin's memory of the pins it made, by deck list."""
        return self._card_pins

    @cached_property
    def _card_pins(self) -> dict[tuple, tuple]:
        return {}

    @cached_property
    def _card_definitions(self) -> dict[str, dict[str, Any]]:
        if self.card_type is None:
            return {}
        return {
            card_id: card.model_dump(mode="json", exclude_defaults=True)
            for card_id, card in self.pool.cards.items()
        }

    @cached_property
    def _card_hashes(self) -> dict[str, str]:
        return {card_id: card_hash(data) for card_id, data in self.card_definitions().items()}

    def with_cards(self, stored: dict[str, dict[str, Any]]) -> "Ruleset":
        """A copy of this ruleset whose pool holds the `stored` definitions (card id →
        data, in the order the pool had them), for replaying a match that started before
        some of its cards changed or went. With `pins_whole_pool` the pool is exactly
        those cards; otherwise the current pool's other cards follow them (the match does
        not read those). RecordError when it cannot be done."""
        if self.card_type is None:
            raise RecordError(f"{self.name} cannot replay with stored card definitions")
        adapter = TypeAdapter(self.card_type)
        pool = self.pool
        current = self.protos
        hashes = self.card_hashes()
        cards: dict[str, Any] = {}
        protos: dict[str, Any] = {}
        for card_id, data in stored.items():
            if hashes.get(card_id) == card_hash(data):  # unchanged: reuse it as it is
                cards[card_id], protos[card_id] = pool.cards[card_id], current[card_id]
                continue
            try:
                cards[card_id] = adapter.validate_python(data)
            except ValidationError as exc:
                err = exc.errors()[0]
                where = ".".join(str(p) for p in err["loc"])
                raise RecordError(
                    f"the match started with another version of {self.name} card "
                    f"'{card_id}', and that version no longer fits the card schema "
                    f"({where}: {err['msg']}): it cannot be replayed exactly"
                ) from None
            try:
                protos[card_id] = self.make_proto(cards[card_id])
            except Exception as exc:  # a stored card that refers to what is gone, say
                raise RecordError(
                    f"the stored version of {self.name} card '{card_id}' cannot be rebuilt "
                    f"({type(exc).__name__}: {exc}): the match cannot be replayed exactly"
                ) from exc
        if not self.pins_whole_pool:
            for card_id, card in pool.cards.items():
                if card_id not in cards:
                    cards[card_id], protos[card_id] = card, current[card_id]
        twin = type(self).__new__(type(self))  # fresh caches, rebuilt from the new pool
        twin.__dict__["pool"] = dataclasses.replace(pool, cards=cards)
        twin.__dict__["protos"] = protos
        return twin


DECKS_REMEMBERED = 1024  # distinct decks whose check a ruleset keeps

# -- the registry: every game under engine/rulesets/, found by looking ---------------

#: The package whose sub-packages are the games, one each.
GAMES_PACKAGE = "engine.rulesets"


def _discover() -> dict[str, str]:
    """Every game package under engine/rulesets/, as ruleset id -> the module holding its
    `RULESET`, in the order menus list them.

    A game's package `__init__` is light on purpose: it names the game (`ID`) and where
    menus list it (`MENU_POSITION`), and the rules load from `<package>.ruleset` on first
    use. So adding a game is adding its folder, and finding every game costs a directory
    listing and a few tiny imports, not the games themselves."""
    games = importlib.import_module(GAMES_PACKAGE)
    found = []
    for info in pkgutil.iter_modules(games.__path__, f"{GAMES_PACKAGE}."):
        if not info.ispkg:
            continue
        game = importlib.import_module(info.name)
        found.append((game.MENU_POSITION, game.ID, f"{info.name}.ruleset"))
    return {ruleset_id: module for _, ruleset_id, module in sorted(found)}


#: ruleset id -> module holding its RULESET; a test adds a test-only game here.
_MODULES: dict[str, str] = _discover()
_LOADED: dict[str, Ruleset[Any]] = {}


def ruleset_ids() -> list[str]:
    return list(_MODULES)


def get_ruleset(ruleset_id: str) -> Ruleset[Any]:
    if ruleset_id not in _MODULES:
        raise EngineError(f"unknown game '{ruleset_id}' (known: {', '.join(_MODULES)})")
    if ruleset_id not in _LOADED:
        rules = importlib.import_module(_MODULES[ruleset_id]).RULESET
        if rules.id != ruleset_id:
            raise EngineError(f"{_MODULES[ruleset_id]} plays '{rules.id}', not '{ruleset_id}'")
        _LOADED[ruleset_id] = rules
    return _LOADED[ruleset_id]
