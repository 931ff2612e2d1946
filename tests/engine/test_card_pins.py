"""A record pins the cards its match started with, so a content update (a
balance change, a removed card) never replays a running match into another state."""

import contextlib
import random

import pytest

from engine.agents import make_agent
from engine.core.card_hashes import card_hash, digest
from engine.core.errors import RecordError
from engine.core.match import Match, new_match, replay
from engine.core.record import MatchRecord
from engine.core.ruleset import Ruleset, get_ruleset, ruleset_ids
from tests.support.fingerprint import fingerprint
from tests.support.pools import pool_editor


@pytest.fixture
def edited_pools(monkeypatch):
    yield from pool_editor(monkeypatch)


STATS = ("cost", "attack", "health", "power", "toughness", "life", "armor", "level")


def played(game: str, steps: int, seed: int = 5) -> Match:
    rules = get_ruleset(game)
    decks = rules.preconstructed_decks()
    ids = sorted(decks)
    match = new_match(game, ["a", "b"], [decks[ids[0]], decks[ids[-1]]], seed)
    agents = [make_agent("random", seed), make_agent("random", seed + 1)]
    for _ in range(steps):
        if match.over:
            break
        decision = match.pending[0]
        agent = agents[decision.player]
        match.apply(decision.player, agent.choose(match, decision))
    return match


def play_on(match: Match, steps: int) -> None:
    rng = random.Random(1)
    for _ in range(steps):
        if match.over:
            return
        decision = match.pending[0]
        if decision.multi:
            action = tuple(decision.actions[: decision.min_picks])
        else:
            action = rng.choice(decision.actions)
        match.apply(decision.player, action)


def shown_card(match: Match, rules: Ruleset) -> str:
    """A pinned card whose name the players have seen (so an edit of it would show)."""
    seen = repr(fingerprint(match))
    pinned = sorted(match.record.cards or {})
    return next(c for c in pinned if rules.protos[c].name in seen)  # type: ignore[attr-defined]


def errata(target: str):
    """The card renamed and its first stat raised: what a balance change looks like."""

    def edit(card_id: str, data: dict) -> dict:
        if card_id == target:
            data["name"] = data["name"] + " (errata)"
            for stat in STATS:
                if isinstance(data.get(stat), int) and not isinstance(data[stat], bool):
                    data[stat] += 1
                    break
        return data

    return edit


@pytest.mark.parametrize("game", ruleset_ids())
def test_a_balance_change_does_not_change_a_running_match(game: str, edited_pools) -> None:
    match = played(game, 80)
    before = fingerprint(match)
    rules = get_ruleset(game)
    card = shown_card(match, rules)
    old_name = rules.protos[card].name  # type: ignore[attr-defined]
    text = match.record.to_json()  # what the bot stores

    edited = edited_pools(game, errata(card))
    assert edited.protos[card].name == old_name + " (errata)"  # the content update took
    resumed = replay(MatchRecord.from_json(text))
    assert fingerprint(resumed) == before
    assert resumed.ruleset.protos[card].name == old_name  # played with the pinned card

    # It plays on with the cards it started with, and its record still replays exactly.
    play_on(resumed, 30)
    assert fingerprint(replay(MatchRecord.from_json(resumed.record.to_json()))) == fingerprint(
        resumed
    )
    # Without the pin (a record from before pinning), the edit would have shown.
    unpinned = MatchRecord.from_json(text).model_copy(update={"cards": None, "card_digest": None})
    with contextlib.suppress(RecordError):  # or the log no longer fits: not the match either
        assert fingerprint(replay(unpinned)) != before
    # A new match plays with the edited card, and pins that version.
    fresh = played(game, 0).record
    assert (fresh.cards or {})[card]["name"] == old_name + " (errata)"
    assert fresh.card_digest != match.record.card_digest


@pytest.mark.parametrize("game", ["clash", "battle-mages", "mage-wars"])
def test_a_card_added_since_does_not_reach_a_running_match(game: str, edited_pools) -> None:
    """Mage Wars deals its shared decks from the whole pool and Battle Mages reads its
    cheapest card: their records pin the pool as it was, a new card included."""
    match = played(game, 80)
    before = fingerprint(match)
    text = match.record.to_json()
    rules = get_ruleset(game)
    template = rules.card_definitions()[sorted(rules.card_definitions())[-1]]
    edited = edited_pools(game, add={"newcomer": {**template, "name": "Newcomer"}})
    assert "newcomer" in edited.protos
    resumed = replay(MatchRecord.from_json(text))
    assert fingerprint(resumed) == before
    if edited.pins_whole_pool:
        assert "newcomer" not in resumed.ruleset.protos
        assert list(resumed.ruleset.protos) == list(rules.protos)  # the pool's order too
    else:
        assert resumed.ruleset is edited  # its decks' cards are as they were: nothing rebuilt


def test_a_removed_card_still_replays_from_its_stored_definition(edited_pools) -> None:
    match = played("clash", 60)
    before = fingerprint(match)
    card = shown_card(match, get_ruleset("clash"))
    text = match.record.to_json()
    edited = edited_pools("clash", lambda card_id, data: None if card_id == card else data)
    assert card not in edited.protos
    assert fingerprint(replay(MatchRecord.from_json(text))) == before


def test_an_unchanged_pool_replays_without_rebuilding_anything(monkeypatch) -> None:
    """The fast path: restoring every running match compares one digest per record."""
    match = played("mage-wars", 40)
    rules = get_ruleset("mage-wars")

    def refuse(self, definitions):
        raise AssertionError("with_cards called for an unchanged pool")

    monkeypatch.setattr(type(rules), "with_cards", refuse)
    resumed = replay(MatchRecord.from_json(match.record.to_json()))
    assert resumed.ruleset is rules
    assert fingerprint(resumed) == fingerprint(match)


def test_pins_hold_the_cards_the_rules_read() -> None:
    clash = played("clash", 0).record
    assert set(clash.cards or {}) == {c for deck in clash.decks for c in deck}
    for game in ("battle-mages", "mage-wars"):  # pool-wide reads: every card
        record = played(game, 0).record
        assert set(record.cards or {}) == set(get_ruleset(game).card_definitions())
    magic = played("magic-core", 0).record
    tokens = {c for c, p in get_ruleset("magic-core").protos.items() if p.token}
    assert tokens and tokens <= set(magic.cards or {})


def test_pinned_data_that_cannot_be_honoured_is_refused_clearly(edited_pools) -> None:
    match = played("clash", 40)
    record = match.record
    card = sorted(record.cards or {})[0]
    edited_pools("clash", errata(card))
    # A stored definition that no longer fits the card schema (say, after a schema change).
    cards = dict(record.cards or {})
    cards[card] = {**cards[card], "cost": "a lot"}
    unfit = record.model_copy(
        update={
            "cards": cards,
            "card_digest": digest(cards, {c: card_hash(d) for c, d in cards.items()}),
        }
    )
    with pytest.raises(RecordError, match=f"card '{card}'.*cannot be replayed exactly"):
        replay(unfit)
    # Stored definitions that are not the ones the digest was taken of.
    tampered = record.model_copy(update={"cards": cards})
    with pytest.raises(RecordError, match="do not match their digest"):
        replay(tampered)


def test_a_ruleset_that_cannot_pin_refuses_instead_of_replaying_wrongly(monkeypatch) -> None:
    record = played("enchantoria", 20).record
    rules = get_ruleset("enchantoria")
    monkeypatch.setattr(type(rules), "card_type", None)  # as a ruleset without a pool
    for cache in ("_card_definitions", "_card_hashes", "_card_pins"):
        monkeypatch.setattr(rules, cache, {})
    with pytest.raises(RecordError, match="cannot replay with stored card definitions"):
        replay(record)


def test_an_old_record_without_pins_replays_with_the_current_pool() -> None:
    match = played("clash", 50)
    data = match.record.model_dump(mode="json")
    del data["cards"], data["card_digest"]  # written before pinning existed
    old = MatchRecord.model_validate(data)
    assert old.cards is None and old.card_digest is None
    assert fingerprint(replay(old)) == fingerprint(match)


def test_a_match_pinned_with_a_retired_win_kind_plays_on(edited_pools) -> None:
    """Mage Wars R34 made Cinder Archon win by wounds; a match that began while she won by
    two kills replays with that card and still counts its kills (the kind stays readable)."""

    before_r34 = [True]

    def old_cinder(card_id: str, data: dict) -> dict:
        if card_id == "cinder_archon" and before_r34[0]:
            data["win"] = {"kind": "kills", "amount": 2}
        return data

    edited_pools("mage-wars", old_cinder)
    match = played("mage-wars", 80)
    assert match.ruleset.protos["cinder_archon"].data.win.kind == "kills"  # type: ignore[attr-defined]
    before = fingerprint(match)
    text = match.record.to_json()

    before_r34[0] = False
    shipped = edited_pools("mage-wars")  # the update lands: a fresh load, the shipped card
    assert shipped.protos["cinder_archon"].data.win.kind == "wounds"  # type: ignore[attr-defined]
    resumed = replay(MatchRecord.from_json(text))
    assert fingerprint(resumed) == before
    state = resumed.state
    cinder = next(s for s in state.seats if s.mage.proto.id == "cinder_archon")  # type: ignore[attr-defined]
    play_on(resumed, 60)
    cinder.kills, cinder.wounds = 1, 5
    assert state.progress(cinder)[0] == 1  # type: ignore[attr-defined]
