"""A content update in a test: the card loader returns an edited copy of a ruleset's pool.

`edit_pool(monkeypatch, ruleset_id, edit)` patches `load_pool` where the ruleset's pool
is loaded, empties the caches built from it and registers a fresh ruleset object, as a
restarted process would see edited TOML. The shipped files are never touched. `edit(card_id,
data)` gets every card as plain data and returns it changed, unchanged, or None to remove it.
Use it through the `edited_pools` fixture: after the test the patches are undone and the
caches emptied again, so the next reader loads the shipped pool.
"""

import dataclasses
import importlib
from collections.abc import Callable
from typing import Any

import pytest

from engine.core import ruleset as registry
from engine.core.ruleset import Ruleset, get_ruleset

#: ruleset id -> (module holding the pool loader, the cached functions built from the pool)
_LOADERS = {
    "clash": ("cards.loader", ["clash_pool"]),
    "battle-mages": (
        "engine.rulesets.battle_mages.cards",
        ["battle_mages_pool", "protos", "engine.rulesets.battle_mages.game:cheapest_card_cost"],
    ),
    "enchantoria": ("engine.rulesets.enchantoria.cards", ["enchantoria_pool", "protos"]),
    "magic-core": (
        "engine.rulesets.magic_core.pool",
        ["pool", "engine.rulesets.magic_core.cards:protos"],
    ),
    "mage-wars": ("engine.rulesets.mage_wars.cards", ["mage_wars_pool", "protos"]),
}

Edit = Callable[[str, dict[str, Any]], dict[str, Any] | None]


def _clear(module_name: str, cached: list[str]) -> None:
    for name in cached:
        where, _, attr = name.rpartition(":")
        getattr(importlib.import_module(where or module_name), attr).cache_clear()


def edit_pool(
    monkeypatch: pytest.MonkeyPatch,
    ruleset_id: str,
    edit: Edit,
    add: dict[str, dict[str, Any]] | None = None,
) -> Ruleset:
    """The ruleset as it loads after `edit`, with the cards of `add` (id -> data) added;
    get_ruleset returns it until the test ends."""
    module_name, cached = _LOADERS[ruleset_id]
    module = importlib.import_module(module_name)
    original = module.load_pool

    def load_pool(ruleset, adapter, folder=None):
        pool = original(ruleset, adapter, folder)
        cards = {}
        for card_id, card in pool.cards.items():
            data = edit(card_id, card.model_dump(mode="json"))
            if data is not None:
                cards[card_id] = adapter.validate_python(data)
        for card_id, data in (add or {}).items():
            cards[card_id] = adapter.validate_python({**data, "id": card_id})
        return dataclasses.replace(pool, cards=cards)

    old = get_ruleset(ruleset_id)
    _clear(module_name, cached)
    monkeypatch.setattr(module, "load_pool", load_pool)
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
        _clear(*_LOADERS[ruleset_id])
