"""The match record: everything needed to rebuild a match exactly, and nothing else.

Ruleset, rules version, seed, players, decks (or a scenario), options, the cards the match
started with (pinned: see engine/core/pins.py) and the list of actions the players took.
Replaying it through the engine reproduces the state, which is what persistence, crash
recovery, replays and bug reports rest on.
"""

from typing import Any

from pydantic import BaseModel, Field

from engine.core.decision import normalize_action


class MatchRecord(BaseModel):
    ruleset: str
    rules_version: str
    seed: int
    players: list[str]
    decks: list[list[str]] = Field(default_factory=list)
    options: dict[str, Any] = Field(default_factory=dict)
    scenario: dict[str, Any] | None = None
    #: The exact definition of every card the match depends on when it started, and one
    #: digest over them (engine/core/pins.py). None in records from before pinning and for
    #: scenarios: those replay with the current card pool.
    cards: dict[str, dict[str, Any]] | None = None
    card_digest: str | None = None
    actions: list[tuple[int, Any]] = Field(default_factory=list)

    def moves(self) -> list[tuple[int, Any]]:
        """The actions as the engine compares them (JSON lists turned back into tuples)."""
        return [(player, normalize_action(action)) for player, action in self.actions]

    def to_json(self) -> str:
        return self.model_dump_json()

    @classmethod
    def from_json(cls, text: str | bytes) -> "MatchRecord":
        return cls.model_validate_json(text)
