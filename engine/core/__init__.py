"""The engine contract shared by every rule system: matches, decisions, views, records."""

from engine.core.decision import Action, Decision, Option
from engine.core.errors import (
    DeckError,
    EngineError,
    IllegalAction,
    NotYourDecision,
    OptionError,
    RecordError,
    ScenarioError,
)
from engine.core.events import Event
from engine.core.match import Match, from_scenario, new_match, replay
from engine.core.record import MatchRecord
from engine.core.rng import MatchRng
from engine.core.ruleset import GameState, Ruleset, get_ruleset, ruleset_ids
from engine.core.view import CardView, MatchView, SeatView, ZoneView

__all__ = [
    "Action",
    "CardView",
    "Decision",
    "DeckError",
    "EngineError",
    "Event",
    "GameState",
    "IllegalAction",
    "Match",
    "MatchRecord",
    "MatchRng",
    "MatchView",
    "NotYourDecision",
    "Option",
    "OptionError",
    "RecordError",
    "Ruleset",
    "ScenarioError",
    "SeatView",
    "ZoneView",
    "from_scenario",
    "get_ruleset",
    "new_match",
    "replay",
    "ruleset_ids",
]
