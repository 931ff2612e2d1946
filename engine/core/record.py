"""The match record: everything needed to rebuild a match exactly, and nothing else.

Ruleset, rules version, seed, players, decks (or a scenario), options, the cards the match
started with (pinned: see engine/core/pins.py) and the list of actions the players took.
Replaying it through the engine reproduces the state, which is what persistence, crash
recovery, replays and bug reports rest on.
"""

from typing import Annotated, Any

from pydantic import BaseModel, Field, Strict, ValidationError

from engine.core.decision import normalize_action
from engine.core.errors import RecordError

#: A whole number as JSON writes one: not `true`, not "3", not 3.0 (the bot writes ints).
Whole = Annotated[int, Strict()]


class MatchRecord(BaseModel):
    """The fields' types are checked when a record is read (`from_json`); what they must
    hold to replay (players, decks, cards, options, each action's shape) is checked by
    engine/core/record_checks.py before `replay` plays anything."""

    ruleset: str
    rules_version: str
    seed: Whole
    players: list[str]
    decks: list[list[str]] = Field(default_factory=list)
    options: dict[str, Any] = Field(default_factory=dict)
    scenario: dict[str, Any] | None = None
    #: The exact definition of every card the match depends on when it started, and one
    #: digest over them (engine/core/pins.py). None in records from before pinning and for
    #: scenarios: those replay with the current card pool.
    cards: dict[str, dict[str, Any]] | None = None
    card_digest: str | None = None
    actions: list[tuple[Whole, Any]] = Field(default_factory=list)

    def moves(self) -> list[tuple[int, Any]]:
        """The actions as the engine compares them (JSON lists turned back into tuples)."""
        return [(player, normalize_action(action)) for player, action in self.actions]

    def to_json(self) -> str:
        return self.model_dump_json()

    @classmethod
    def from_json(cls, text: str | bytes) -> "MatchRecord":
        """The record in `text`, or RecordError naming the first field that is wrong."""
        try:
            return cls.model_validate_json(text)
        except ValidationError as exc:
            err = exc.errors()[0]
            if err["type"].startswith("json_"):
                raise RecordError(f"the record is not valid JSON ({err['msg']})") from None
            raise RecordError(f"the record's {field_name(err['loc'])}: {err['msg']}") from None


def field_name(loc: tuple[int | str, ...]) -> str:
    """A place in a record as a person counts it: `action 5's player`, `deck 2, card 7`."""
    if not loc:
        return "content"
    head, *rest = loc
    if head == "actions" and rest and isinstance(rest[0], int):
        where = f"action {rest[0] + 1}"
        if len(rest) == 1:
            return where
        return f"{where}'s player" if rest[1] == 0 else f"{where}'s move"
    if head in ("decks", "players") and rest and isinstance(rest[0], int):
        where = f"{str(head)[:-1]} {rest[0] + 1}"
        card = rest[1] if len(rest) > 1 and head == "decks" else None
        return f"{where}, card {card + 1}" if isinstance(card, int) else where
    return "field '" + ".".join(str(part) for part in loc) + "'"
