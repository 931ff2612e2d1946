"""Decks: CRUD, per-owner unique names, the active deck, and persistence across reopen."""

from collections.abc import AsyncIterator

import pytest

from bot.storage import DeckNameTaken, DeckNotFound, Storage
from tests.storage.conftest import Backend

ALICE, BOB = 1001, 1002
CARDS = ["spark", "spark", "wall"]


@pytest.fixture
async def storage(backend: Backend) -> AsyncIterator[Storage]:
    store = await Storage.open(backend.url())
    yield store
    await store.close()


async def test_create_read_update_delete(storage: Storage) -> None:
    decks = storage.decks
    deck = await decks.create_deck(ALICE, "clash", "  Aggro ", CARDS)
    assert (deck.owner_id, deck.ruleset, deck.name, deck.cards) == (ALICE, "clash", "Aggro", CARDS)
    assert await decks.get_deck(ALICE, "clash", "aggro") == deck  # names ignore case
    assert await decks.get_deck(BOB, "clash", "Aggro") is None

    updated = await decks.save_cards(deck.id, ["wall"])
    assert updated.cards == ["wall"] and updated.updated_at >= deck.updated_at
    renamed = await decks.rename_deck(deck.id, "Walls")
    assert renamed.name == "Walls" and renamed.cards == ["wall"]

    await decks.create_deck(ALICE, "clash", "Burn", CARDS)
    assert [d.name for d in await decks.list_decks(ALICE, "clash")] == ["Burn", "Walls"]
    assert await decks.list_decks(ALICE, "other") == []

    assert await decks.delete_deck(deck.id) is True
    assert await decks.delete_deck(deck.id) is False
    assert await decks.get_deck_by_id(deck.id) is None
    with pytest.raises(DeckNotFound):
        await decks.save_cards(deck.id, CARDS)


async def test_names_are_unique_per_owner_and_ruleset(storage: Storage) -> None:
    decks = storage.decks
    first = await decks.create_deck(ALICE, "clash", "Aggro", CARDS)
    with pytest.raises(DeckNameTaken):
        await decks.create_deck(ALICE, "clash", "AGGRO", CARDS)
    await decks.create_deck(BOB, "clash", "Aggro", CARDS)  # another owner
    await decks.create_deck(ALICE, "other", "Aggro", CARDS)  # another ruleset
    second = await decks.create_deck(ALICE, "clash", "Control", CARDS)
    with pytest.raises(DeckNameTaken):
        await decks.rename_deck(second.id, "aggro")
    assert (await decks.get_deck_by_id(first.id)).name == "Aggro"
    with pytest.raises(ValueError):
        await decks.create_deck(ALICE, "clash", "   ", CARDS)
    with pytest.raises(ValueError):
        await decks.create_deck(ALICE, "clash", "Bad", "spark")  # type: ignore[arg-type]


async def test_active_deck(storage: Storage) -> None:
    decks = storage.decks
    assert await decks.get_active_deck(ALICE, "clash") is None
    await decks.set_active_deck(ALICE, "clash", "ember_rush")
    active = await decks.get_active_deck(ALICE, "clash")
    assert (active.preset, active.deck) == ("ember_rush", None)

    own = await decks.create_deck(ALICE, "clash", "Mine", CARDS)
    await decks.set_active_deck(ALICE, "clash", own.id)
    active = await decks.get_active_deck(ALICE, "clash")
    assert (active.preset, active.deck) == (None, own)

    bobs = await decks.create_deck(BOB, "clash", "His", CARDS)
    with pytest.raises(DeckNotFound):
        await decks.set_active_deck(ALICE, "clash", bobs.id)
    with pytest.raises(DeckNotFound):
        await decks.set_active_deck(ALICE, "other", own.id)

    await decks.delete_deck(own.id)  # the choice goes with the deck
    assert await decks.get_active_deck(ALICE, "clash") is None


async def test_decks_survive_close_and_reopen(backend: Backend) -> None:
    path = backend.url("bot")
    store = await Storage.open(path)
    deck = await store.decks.create_deck(ALICE, "clash", "Aggro", CARDS)
    await store.decks.set_active_deck(ALICE, "clash", deck.id)
    await store.users.upsert_user(ALICE, "alice")
    await store.close()

    store = await Storage.open(path)
    try:
        assert await store.decks.get_deck(ALICE, "clash", "Aggro") == deck
        assert (await store.decks.get_active_deck(ALICE, "clash")).deck == deck
        assert (await store.users.get_user(ALICE)).name == "alice"
    finally:
        await store.close()
