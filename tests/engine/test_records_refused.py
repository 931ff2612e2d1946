"""A damaged record is refused with one RecordError naming the field or the action that is
wrong, before anything is replayed: never a crash, never a half-played match."""

import json
from collections.abc import Callable
from typing import Any

import pytest

from engine.agents import make_agent
from engine.core.card_hashes import card_hash, digest
from engine.core.errors import IllegalAction, RecordError
from engine.core.match import Match, apply_recorded, new_match, replay
from engine.core.record import MatchRecord
from engine.core.ruleset import get_ruleset
from tests.support.fingerprint import fingerprint


def played(game: str = "clash", steps: int = 30, seed: int = 3) -> Match:
    rules = get_ruleset(game)
    decks = rules.preconstructed_decks()
    ids = sorted(decks)
    match = new_match(game, ["ann", "bob"], [decks[ids[0]], decks[ids[-1]]], seed)
    agent = make_agent("random", seed)
    for _ in range(steps):
        if match.over:
            break
        decision = match.pending[0]
        match.apply(decision.player, agent.choose(match, decision))
    return match


Edit = Callable[[dict[str, Any]], object]


def damaged(edit: Edit, game: str = "clash") -> str:
    """The JSON of a real record after `edit` changed its data."""
    data = json.loads(played(game).record.to_json())
    edit(data)
    return json.dumps(data)


def refusal(text: str) -> str:
    with pytest.raises(RecordError) as info:
        replay(MatchRecord.from_json(text))
    return str(info.value)


def test_an_unknown_card_in_a_deck_is_named() -> None:
    text = damaged(lambda data: data["decks"][1].__setitem__(4, "no_such_card"))
    message = refusal(text)
    assert "deck 2" in message and "no_such_card" in message


def test_a_missing_deck_is_refused() -> None:
    message = refusal(damaged(lambda data: data["decks"].pop()))
    assert "2 players" in message and "1 deck" in message


def test_a_third_player_in_a_two_seat_game_is_refused() -> None:
    def third(data: dict[str, Any]) -> None:
        data["players"].append("cid")
        data["decks"].append(data["decks"][0])

    assert "Clash is played by 2 players, not 3" in refusal(damaged(third))
    assert "not 3" in refusal(damaged(lambda data: data["players"].append("cid")))


def test_a_missing_player_is_refused() -> None:
    assert "not 1" in refusal(damaged(lambda data: data["players"].pop()))


def test_a_best_of_that_is_no_number_is_named() -> None:
    message = refusal(damaged(lambda data: data["options"].__setitem__("best_of", "x")))
    assert "option" in message and "'best_of'" in message and "'x'" in message


def test_a_resignation_with_an_extra_word_is_named_with_its_number() -> None:
    def extra(data: dict[str, Any]) -> None:
        data["actions"].append([0, ["resign", "tired", "extra"]])

    text = damaged(extra)
    number = len(json.loads(text)["actions"])
    message = refusal(text)
    assert f"action {number}" in message and "resign" in message


@pytest.mark.parametrize(
    ("action", "why"),
    [
        (["resign", 5], "resign"),
        ("end", "list"),
        (["card", {"uid": 3}], "list"),
        (["card", True], "list"),
        (["card", 2.5], "list"),
    ],
)
def test_an_action_of_the_wrong_shape_is_named_with_its_number(action: Any, why: str) -> None:
    text = damaged(lambda data: data["actions"].insert(2, [1, action]))
    message = refusal(text)
    assert "action 3" in message and why in message


def test_an_action_for_a_seat_that_does_not_exist_is_named() -> None:
    text = damaged(lambda data: data["actions"].insert(0, [2, ["end"]]))
    assert "action 1" in refusal(text) and "seat 2" in refusal(text)


def test_a_record_that_is_no_record_names_the_field() -> None:
    assert "seed" in refusal(damaged(lambda data: data.pop("seed")))
    assert "action 4" in refusal(damaged(lambda data: data["actions"][3].__setitem__(0, "x")))
    assert "seed" in refusal(damaged(lambda data: data.__setitem__("seed", True)))
    with pytest.raises(RecordError, match="not a game"):
        replay(MatchRecord.from_json(damaged(lambda data: data.__setitem__("ruleset", "chess"))))
    with pytest.raises(RecordError, match="JSON"):
        MatchRecord.from_json(played().record.to_json()[:-40])


def test_the_recorded_moves_are_checked_one_by_one_too() -> None:
    """`apply_recorded` (what a replay stepped through applies) refuses a bent resignation
    as an illegal action, so a front end can say which step does not fit."""
    match = played(steps=10)
    with pytest.raises(IllegalAction, match="resign"):
        apply_recorded(match, 0, ("resign", "tired", "extra"))
    assert not match.over


# -- the pinned cards are checked against their own digest, even when the pool is as it was


def test_an_edited_stored_card_with_its_digest_kept_is_refused() -> None:
    record = played().record
    cards = json.loads(json.dumps(record.cards))
    card = sorted(cards)[0]
    cards[card]["name"] = cards[card]["name"] + " (edited)"
    edited = record.model_copy(update={"cards": cards})
    with pytest.raises(RecordError, match="do not match their digest"):
        replay(MatchRecord.from_json(edited.to_json()))


def test_a_dropped_stored_card_with_its_digest_kept_is_refused() -> None:
    record = played().record
    cards = dict(record.cards or {})
    cards.pop(sorted(cards)[0])
    with pytest.raises(RecordError, match="do not match their digest"):
        replay(record.model_copy(update={"cards": cards}))


def test_a_dropped_stored_card_with_a_new_digest_is_refused() -> None:
    """Re-digested after the drop, the pins no longer hold a card the decks play."""
    record = played().record
    cards = dict(record.cards or {})
    dropped = sorted(cards)[0]
    del cards[dropped]
    redigested = digest(cards, {c: card_hash(d) for c, d in cards.items()})
    bent = record.model_copy(update={"cards": cards, "card_digest": redigested})
    with pytest.raises(RecordError, match=dropped):
        replay(bent)


def test_a_digest_without_its_cards_is_refused() -> None:
    record = played().record
    with pytest.raises(RecordError, match="cards"):
        replay(record.model_copy(update={"cards": None}))


def test_an_intact_record_still_replays_exactly() -> None:
    match = played(steps=200)
    assert fingerprint(replay(MatchRecord.from_json(match.record.to_json()))) == fingerprint(match)
