"""Damaged records, made by Hypothesis from real ones: every outcome is a replay identical
to what the engine's live calls make of the same record, or one RecordError naming what
is wrong; never another exception.

A real record of every game (random agents, a seed: one finished, one cut mid-game) is
read as JSON and bent: fields and actions dropped, duplicated, retyped, reordered, lists
cut short, the text itself truncated. The reference is the live API: `new_match` with the
record's players, decks, seed and options, then each recorded move through
`apply_recorded`, which check everything as they go. If that plays the record, `replay`
must give the same match (and its record must replay to it again); if it refuses,
`replay` must refuse too. `replay` may refuse more only for what the live calls do not
read: the rules version and the pinned cards.

The sample runs in every tier (a few examples per game, derandomized, so a failure comes
back the same); the long run (`slow` + `long`) tries many more.
"""

import copy
import json
import re
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.agents import make_agent
from engine.core.errors import EngineError, RecordError
from engine.core.match import Match, apply_recorded, from_scenario, new_match, replay
from engine.core.record import MatchRecord
from engine.core.ruleset import get_ruleset, ruleset_ids
from tests.support.fingerprint import fingerprint

SAMPLE_EXAMPLES = 25  # per game, in every tier
LONG_EXAMPLES = 2000  # per game, with -m slow / -m long
FINISHED_CAP = 400  # actions: a game still running by then is recorded as it stands
MID_GAME = 40

#: What a retyped value becomes (besides itself in a list and as text).
ODD_VALUES: list[Any] = [None, True, False, 0, 1, 2, -1, 7, 2.5, "", "x", "resign", [], {}]

#: The fields the live calls do not read: `replay` alone checks them.
REPLAY_ONLY = ("rules_version", "cards", "card_digest")

#: A refusal names what is wrong: a field of the record, an action by number, a card.
NAMES_SOMETHING = re.compile(r"record|action \d+|card '")


@cache
def originals(game: str) -> tuple[str, str]:
    """The JSON of a finished and of a mid-game record of `game`."""
    rules = get_ruleset(game)
    decks = rules.preconstructed_decks()
    ids = sorted(decks)
    match = new_match(game, ["ann", "bob"], [decks[ids[0]], decks[ids[-1]]], seed=11)
    agents = [make_agent("random", 11), make_agent("random", 12)]
    mid = ""
    for step in range(FINISHED_CAP):
        if match.over:
            break
        if step == MID_GAME:
            mid = match.record.to_json()
        decision = match.pending[0]
        match.apply(decision.player, agents[decision.player].choose(match, decision))
    return match.record.to_json(), mid or match.record.to_json()


# -- bending a record -------------------------------------------------------------


def _items(node: Any) -> list[Any]:
    return list(node) if isinstance(node, dict) else list(range(len(node)))


@st.composite
def bent(draw: st.DrawFn, text: str) -> str:
    """`text` (a record's JSON) with one to three changes, or cut short."""
    doc = json.loads(text)
    for _ in range(draw(st.integers(1, 3))):
        _bend_once(draw, doc)
    out = json.dumps(doc)
    if draw(st.integers(0, 9)) == 5:  # not 0: Hypothesis tries bounds first
        out = out[: draw(st.integers(0, len(out) - 1))]
    return out


def _bend_once(draw: st.DrawFn, doc: Any) -> None:
    node = doc
    while True:  # walk down from the top, stopping anywhere
        inner = [k for k in _items(node) if isinstance(node[k], list | dict)]
        if node is doc and "actions" in inner:
            inner += ["actions"] * 3  # the longest part of a record, and the most varied
        if not inner or draw(st.booleans()):
            break
        node = node[draw(st.sampled_from(inner))]
    keys = _items(node)
    if not keys:
        node_insert(node, copy.deepcopy(draw(st.sampled_from(ODD_VALUES))))
        return
    key = draw(st.sampled_from(keys))
    how = draw(st.sampled_from(["drop", "duplicate", "retype", "reorder", "truncate"]))
    if how == "drop":
        del node[key]
    elif how == "duplicate":
        twin = copy.deepcopy(node[key])
        if isinstance(node, list):
            node.insert(draw(st.integers(0, len(node))), twin)
        else:
            node[f"{key}_2"] = twin
    elif how == "retype":
        value = node[key]
        odd = draw(st.sampled_from([*ODD_VALUES, [value], str(value)]))
        node[key] = copy.deepcopy(odd)  # never the shared value itself: it may be bent next
    elif how == "reorder":
        if isinstance(node, list):
            other = draw(st.integers(0, len(node) - 1))
            node[key], node[other] = node[other], node[key]
        else:
            node[key] = node.pop(key)  # the field moves to the end
    elif isinstance(node, list):
        del node[key:]
    else:
        for later in keys[keys.index(key) :]:
            del node[later]


def node_insert(node: Any, value: Any) -> None:
    if isinstance(node, list):
        node.append(value)
    else:
        node["extra"] = value


# -- what becomes of it -------------------------------------------------------------


def live(record: MatchRecord) -> Match | None:
    """The record played through the live calls, or None where they refuse it."""
    try:
        if record.scenario is not None:
            match = from_scenario(record.ruleset, record.scenario, record.seed)
        else:
            match = new_match(
                record.ruleset, record.players, record.decks, record.seed, record.options
            )
        for player, action in record.moves():
            apply_recorded(match, player, action)
    except EngineError:
        return None
    return match


def check(original: str, text: str) -> None:
    try:
        record = MatchRecord.from_json(text)
    except RecordError as exc:
        assert NAMES_SOMETHING.search(str(exc)), exc
        return
    reference = live(record)
    try:
        replayed = replay(record)
    except RecordError as exc:
        assert NAMES_SOMETHING.search(str(exc)), exc
        if reference is not None:  # refused for what only a replay reads
            first = MatchRecord.from_json(original)
            changed = [f for f in REPLAY_ONLY if getattr(record, f) != getattr(first, f)]
            assert changed or record.scenario is not None, (
                f"the live calls play it, replay refuses: {exc}"
            )
        return
    assert reference is not None, "replay plays a record the live calls refuse"
    assert fingerprint(replayed) == fingerprint(reference)
    again = replay(MatchRecord.from_json(replayed.record.to_json()))
    assert fingerprint(again) == fingerprint(replayed)


def fuzz(game: str, examples: int) -> None:
    finished, mid = originals(game)

    @settings(
        max_examples=examples,
        derandomize=True,
        database=None,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(st.data())
    def run(data: st.DataObject) -> None:
        original = data.draw(st.sampled_from([finished, mid]), label="record")
        check(original, data.draw(bent(original), label="bent"))

    run()


@pytest.mark.parametrize("game", ruleset_ids())
def test_a_bent_record_replays_identically_or_is_refused_by_name(game: str) -> None:
    fuzz(game, SAMPLE_EXAMPLES)


@pytest.mark.slow
@pytest.mark.long
@pytest.mark.parametrize("game", ruleset_ids())
def test_many_bent_records_replay_identically_or_are_refused_by_name(game: str) -> None:
    fuzz(game, LONG_EXAMPLES)


def test_the_fuzzer_bends_records_into_both_outcomes() -> None:
    """A control: the bent records include ones that replay and ones that are refused
    (a fuzzer whose every record failed to parse would check nothing)."""
    finished, _ = originals("clash")
    outcomes: set[str] = set()

    @settings(max_examples=40, derandomize=True, database=None, deadline=None)
    @given(bent(finished))
    def run(text: str) -> None:
        try:
            replay(MatchRecord.from_json(text))
            outcomes.add("replayed")
        except RecordError as exc:
            outcomes.add("parse" if "JSON" in str(exc) or "field" in str(exc) else "refused")

    run()
    assert outcomes == {"replayed", "parse", "refused"}
