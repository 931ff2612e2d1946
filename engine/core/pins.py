"""Card versions pinned in records: a running match replays with the cards it started with.

A match depends on some of its ruleset's cards: those in its decks, and for some rulesets
more (`Ruleset.match_cards`: magic-core's tokens, Battle Mages' pool-wide cheapest cost,
Mage Wars' shared decks of the whole pool). `new_match` stores in the record the exact
definition of each of those cards (the card as its schema reads it from TOML, defaults
left out) and one digest over them. `replay` compares that digest with the current pool's
(cached per-card hashes: microseconds, so restoring every running match stays fast):

* equal, or an old record without pinned cards: replay with the current pool;
* different (a card changed, was removed, or - where the whole pool is pinned - added or
  moved): replay with a copy of the ruleset whose pool holds the stored definitions
  (`Ruleset.with_cards`), so the match rebuilds exactly and plays on with the cards it
  started with;
* the stored definitions cannot be used (they do not match their own digest, no longer
  fit the card schema, or the ruleset cannot pin): RecordError saying so; never a replay
  with different cards.
"""

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.core.card_hashes import card_hash, digest
from engine.core.errors import RecordError

if TYPE_CHECKING:
    from engine.core.record import MatchRecord
    from engine.core.ruleset import Ruleset

#: Rulesets with stored definitions in place, by (ruleset object, changed cards' hashes):
#: after a balance change every running match started before it shares one.
_PINNED: dict[tuple[int, str], "Ruleset"] = {}
_PINNED_MAX = 64


def pin(rules: "Ruleset", decks: Sequence[Sequence[str]]) -> tuple[str | None, dict | None]:
    """(digest, definitions) of the cards a new match depends on; (None, None) for a
    ruleset without a card pool. Remembered per deck list (simulations deal the same
    decks again and again); the definitions dict is shared, and never changed."""
    definitions = rules.card_definitions()
    if not definitions:
        return None, None
    known = rules.card_pins()
    key = tuple(map(tuple, decks))
    found = known.get(key)
    if found is None:
        wanted = set(rules.match_cards(decks))
        ids = [c for c in definitions if c in wanted]  # in pool order
        found = digest(ids, rules.card_hashes()), {c: definitions[c] for c in ids}
        if len(known) >= 256:
            known.clear()
        known[key] = found
    return found


def pinned_ruleset(rules: "Ruleset", record: "MatchRecord") -> "Ruleset":
    """The ruleset to replay `record` with: `rules` itself when its pinned cards are as
    they are now (or it pins none), else a copy with the stored definitions in place."""
    stored = record.cards
    if stored is None:
        return rules  # a record from before pinning: the current pool (docs/architecture.md)
    # What a match with these decks would pin today (remembered per deck list): the same
    # cards, in the same order, with the same content?
    if pin(rules, record.decks)[0] == record.card_digest:
        return rules
    hashes = {card_id: card_hash(data) for card_id, data in stored.items()}
    if record.card_digest != digest(stored, hashes):
        raise RecordError(
            "the record's stored card definitions do not match their digest "
            "(edited or damaged): refusing to replay with cards it did not start with"
        )
    key = (id(rules), record.card_digest or "")
    twin = _PINNED.get(key)
    if twin is None:
        twin = rules.with_cards(stored)
        if len(_PINNED) >= _PINNED_MAX:
            _PINNED.clear()
        _PINNED[key] = twin
    return twin
