"""The engine's public API, in one place.

A front end (the Discord bot, the terminal, the CLI) imports what it needs from here and
never has to know which submodule holds it: matches and their records, decisions and
views, the registry of rulesets, match options, the errors, the agents and the
simulator. What is not listed in `__all__` is the engine's own business and may move.

The engine's own modules (the core, the agents, each ruleset) import from their
submodules directly: `engine` itself imports all of them, so a ruleset importing from
`engine` would import itself half-made.
"""

from engine.agents import Agent, GreedyAgent, RandomAgent, SearchAgent, make_agent
from engine.agents.search import DEFAULT_PLAYOUTS, playouts_for
from engine.balance import BalanceReport, GamePlayed, balance, pool
from engine.core.decision import Action, Decision, Label, Option, action_id, normalize_action
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
from engine.core.match import RESIGN, Match, apply_recorded, from_scenario, new_match, replay
from engine.core.options import NoOptions, SeriesOptions, allowed_values, option_names
from engine.core.record import MatchRecord
from engine.core.record_checks import check_actions
from engine.core.rng import MatchRng
from engine.core.ruleset import GameState, Ruleset, get_ruleset, ruleset_ids
from engine.core.view import CardView, DecisionView, MatchView, SeatView, ZoneView
from engine.simulate import SimulationResult, play_out, simulate

__all__ = [
    "DEFAULT_PLAYOUTS",
    "RESIGN",
    "Action",
    "Agent",
    "BalanceReport",
    "CardView",
    "Decision",
    "DecisionView",
    "DeckError",
    "EngineError",
    "Event",
    "GamePlayed",
    "GameState",
    "GreedyAgent",
    "IllegalAction",
    "Label",
    "Match",
    "MatchRecord",
    "MatchRng",
    "MatchView",
    "NoOptions",
    "NotYourDecision",
    "Option",
    "OptionError",
    "RandomAgent",
    "RecordError",
    "Ruleset",
    "ScenarioError",
    "SearchAgent",
    "SeatView",
    "SeriesOptions",
    "SimulationResult",
    "ZoneView",
    "action_id",
    "allowed_values",
    "apply_recorded",
    "balance",
    "check_actions",
    "from_scenario",
    "get_ruleset",
    "make_agent",
    "new_match",
    "normalize_action",
    "option_names",
    "play_out",
    "playouts_for",
    "pool",
    "replay",
    "ruleset_ids",
    "simulate",
]
