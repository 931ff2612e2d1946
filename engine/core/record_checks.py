"""A record is checked whole before it is replayed: nothing is half-played.

`replay` builds a match from what a record says, and a record comes from storage, a file
someone exported and edited, or a bug report. Each field is checked for what the engine
will do with it (the players a game seats, a deck per player with cards the match pinned,
options the game has, each action's shape and seat), and the first thing wrong is a
RecordError that names the field or the action by its number. Whether an action is legal
is found out by playing it: `replay` reports that one with its number too.
"""

from typing import Any

from engine.core.errors import EngineError, OptionError, RecordError
from engine.core.pins import pinned_ruleset
from engine.core.record import MatchRecord
from engine.core.ruleset import Ruleset, get_ruleset

RESIGN = "resign"

#: How deep an action's lists go: ("mulligan", ("card", 3)) is two. Deeper is no action.
ACTION_DEPTH = 4


def checked_ruleset(record: MatchRecord) -> Ruleset:
    """The ruleset to replay `record` with (with its pinned cards in place), once every
    field and every action's shape has been checked; RecordError for the first that is
    wrong."""
    try:
        rules = get_ruleset(record.ruleset)
    except EngineError as exc:
        raise RecordError(
            f"the record's ruleset '{record.ruleset}' is not a game here ({exc})"
        ) from None
    if record.rules_version != rules.version:
        raise RecordError(
            f"record was made with {rules.id} rules {record.rules_version}, "
            f"this engine has {rules.version}"
        )
    if record.scenario is None:
        _check_seats(record, rules)
        rules = pinned_ruleset(rules, record)  # the cards it started with
        _check_decks(record, rules)
    elif record.cards is not None or record.card_digest is not None:
        raise RecordError("a record that starts from a scenario pins no cards ('cards')")
    try:
        rules.check_options(record.options)
    except OptionError as exc:
        raise RecordError(f"the record's option '{exc.option}': {exc}") from None
    check_actions(record.actions, len(record.players))
    return rules


def _check_seats(record: MatchRecord, rules: Ruleset) -> None:
    seats = len(record.players)
    low, high = rules.min_players, rules.max_players
    if not low <= seats <= high:
        takes = f"is played by {low}" if low == high else f"takes {low}-{high}"
        raise RecordError(f"the record's players: {rules.name} {takes} players, not {seats}")
    if len(record.decks) != seats:
        decks = len(record.decks)
        raise RecordError(
            f"the record's decks: {seats} players need {seats} decks, "
            f"it has {decks} deck{'s' if decks != 1 else ''}"
        )


def _check_decks(record: MatchRecord, rules: Ruleset) -> None:
    """Each deck as the match's own cards see it (a card changed or gone since is still the
    card it was), so a deck that was legal when the match began still is, and a card the
    record did not pin is refused as the deck's problem. A deck is not always a list of
    cards (a Mage Wars seat names a Mage, or `random`), so the ruleset judges it."""
    for number, (name, deck) in enumerate(zip(record.players, record.decks, strict=True), 1):
        problems = rules.validate_deck(deck)
        if problems:
            raise RecordError(f"the record's deck {number} ({name}'s): {'; '.join(problems)}")


def check_actions(actions: list[tuple[int, Any]], seats: int) -> None:
    """Each action is for a seat of the match and has an action's shape."""
    for number, (player, action) in enumerate(actions, start=1):
        if not 0 <= player < seats:
            raise RecordError(
                f"the record's action {number} is for seat {player}, and its seats are "
                f"0 to {seats - 1}"
            )
        problem = action_problem(action)
        if problem:
            raise RecordError(f"the record's action {number}: {problem}")


def action_problem(action: Any) -> str | None:
    """What is wrong with the shape of one recorded action (as JSON gives it back or the
    engine keeps it), or None. A resignation is ("resign",) or ("resign", reason); any
    other action is a list of names, whole numbers, nulls and such lists."""
    kind = type(action)
    if kind is not list and kind is not tuple:
        return f"an action is a list, not {action!r}"
    if action and action[0] == RESIGN:
        if len(action) > 2 or (len(action) == 2 and not isinstance(action[1], str)):
            return f"a resignation is ['resign'] or ['resign', reason], not {list(action)!r}"
        return None
    if not _plain(action, ACTION_DEPTH):
        return f"an action is a list of names, whole numbers and such lists, not {action!r}"
    return None


#: The values an action is made of, by exact type: a bool is an int to isinstance.
_ATOMS = frozenset({str, int, type(None)})


def _plain(items: list | tuple, depth: int) -> bool:
    """Every item an atom or a list of them, at most `depth` lists deep (it runs for
    every recorded action of every replay: exact types, no isinstance)."""
    for item in items:
        kind = type(item)
        if kind in _ATOMS:
            continue
        if (kind is list or kind is tuple) and depth > 1 and _plain(item, depth - 1):
            continue
        return False
    return True
