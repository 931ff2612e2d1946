"""A content update in a test: the card loader returns an edited copy of a ruleset's pool.

`edit_pool(monkeypatch, ruleset_id, edit)` patches `cards.loader.load_pool` (every game's
pool is loaded through it), empties the caches built from the pool and registers a fresh
ruleset object, as a restarted process would see edited TOML. The shipped files are never
touched. `edit(card_id, data)` gets every card as plain data and returns it changed,
unchanged, or None to remove it. Use it through the `edited_pools` fixture: after the test
the patches are undone and the caches emptied again, so the next reader loads the shipped
pool.
"""

import dataclasses
import sys
from collections.abc import Callable
from typing import Any

import pytest

from cards import loader
from engine.core import ruleset as registry
from engine.core.ruleset import Ruleset, get_ruleset

Edit = Callable[[str, dict[str, Any]], dict[str, Any] | None]


def forget_pool(ruleset_id: str) -> None:
    """Empty every cache built from a game's pool: the loader's, and each functools cache
    the game's own modules define (its prototypes, what its rules read off the whole
    pool). Found by looking, so a new game needs no entry here."""
    loader.game_pool.cache_clear()
    package = registry._MODULES[ruleset_id].rpartition(".")[0]
    for name, module in list(sys.modules.items()):
        if name != package and not name.startswith(package + "."):
            continue
        for value in list(vars(module).values()):
            if callable(getattr(value, "cache_clear", None)) and value.__module__ == name:
                value.cache_clear()


def edit_pool(
    monkeypatch: pytest.MonkeyPatch,
    ruleset_id: str,
    edit: Edit,
    add: dict[str, dict[str, Any]] | None = None,
) -> Ruleset:
    """The ruleset as it loads after `edit`, with the cards of `add` (id -> data) added;
    get_ruleset returns it until the test ends."""
    original = loader.load_pool
    edited = {ruleset_id, ruleset_id.replace("-", "_")}

    def load_pool(game, folder=None):
        pool = original(game, folder)
        if game not in edited:
            return pool
        adapter = loader.card_adapter(game)
        cards = {}
        for card_id, card in pool.cards.items():
            data = edit(card_id, card.model_dump(mode="json"))
            if data is not None:
                cards[card_id] = adapter.validate_python(data)
        for card_id, data in (add or {}).items():
            cards[card_id] = adapter.validate_python({**data, "id": card_id})
        return dataclasses.replace(pool, cards=cards)

    old = get_ruleset(ruleset_id)
    forget_pool(ruleset_id)
    monkeypatch.setattr(loader, "load_pool", load_pool)
    monkeypatch.setitem(registry._LOADED, ruleset_id, type(old)())
    return get_ruleset(ruleset_id)


def pool_editor(monkeypatch: pytest.MonkeyPatch):
    """The body of an `edited_pools` fixture: `edit_pool` bound to the test, and after it
    the patches undone and every edited ruleset's caches emptied."""
    touched: list[str] = []

    def edit(ruleset_id: str, change: Edit = lambda card_id, data: data, add=None) -> Ruleset:
        touched.append(ruleset_id)
        return edit_pool(monkeypatch, ruleset_id, change, add)

    yield edit
    monkeypatch.undo()
    for ruleset_id in touched:
        forget_pool(ruleset_id)
