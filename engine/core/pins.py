"""Card versions pinned in records: a running match replays with the cards it started with.

A match depends on some of its ruleset's cards: those in its decks, and for some rulesets
more (`Ruleset.match_cards`: magic-core's tokens, Battle Mages' pool-wide cheapest cost,
Mage Wars' shared decks of the whole pool). `new_match` stores in the record the exact
definition of each of those cards (the card as its schema reads it from TOML, defaults
left out) and one digest over them. `replay` compares that digest with the current pool's
(cached per-card hashes: microseconds, so restoring every running match stays fast):

* equal, with stored definitions equal to the pool's, or an old record without pinned
  cards: replay with the current pool;
* different (a card changed, was removed, or - where the whole pool is pinned - added or
  moved): replay with a copy of the ruleset whose pool holds the stored definitions
  (`Ruleset.with_cards`), so the match rebuilds exactly and plays on with the cards it
  started with;
* the stored definitions cannot be used (they do not match their own digest, a digest
  comes without them, they no longer fit the card schema, or the ruleset cannot pin):
  RecordError saying so; never a replay with different cards.
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

#: Stored definitions found equal to today's, by object (and the object itself, so its id
#: is not reused while remembered). The bot reads one shared, read-only dict per content
#: version for all its running matches (bot/storage/matches.py), so a restart compares
#: each version once: a whole pool compares in about a millisecond.
_SAME: dict[int, tuple[dict, dict]] = {}
_SAME_MAX = 256


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
    they are now (or it pins none), else a copy with the stored definitions in place.

    The stored definitions are always held to the record's digest: a record whose
    digest still matches today's pool but whose stored cards were edited or dropped is
    refused, not replayed (it would keep its damaged pins until the next card change)."""
    stored = record.cards
    if stored is None:
        if record.card_digest is not None:
            raise RecordError(
                "the record has a card digest but no stored card definitions ('cards')"
            )
        return rules  # a record from before pinning: the current pool (docs/architecture.md)
    # What a match with these decks would pin today (remembered per deck list): the same
    # cards with the same content? A dict compare, far cheaper than hashing them again.
    today, definitions = pin(rules, record.decks)
    if today == record.card_digest and _same(stored, definitions):
        return rules
    hashes = {card_id: card_hash(data) for card_id, data in stored.items()}
    if record.card_digest != digest(stored, hashes):
        raise RecordError(
            "the record's stored card definitions do not match their digest "
            "(edited or damaged): refusing to replay with cards it did not start with"
        )
    # A card the decks play that today's pin would hold must be among the stored ones:
    # otherwise the replay would quietly take today's definition of it.
    unpinned = sorted(
        {card for deck in record.decks for card in deck if card in (definitions or {})}
        - set(stored)
    )
    if unpinned:
        raise RecordError(f"the record's decks hold card(s) it did not pin: {', '.join(unpinned)}")
    key = (id(rules), record.card_digest or "")
    twin = _PINNED.get(key)
    if twin is None:
        twin = rules.with_cards(stored)
        if len(_PINNED) >= _PINNED_MAX:
            _PINNED.clear()
        _PINNED[key] = twin
    return twin


def _same(stored: dict, definitions: dict | None) -> bool:
    """True when the stored definitions are today's, content for content."""
    if stored is definitions:
        return True  # a record of this process: the pin's own dict
    known = _SAME.get(id(stored))
    if known is not None and known[0] is stored and known[1] is definitions:
        return True
    if stored != definitions:
        return False
    if len(_SAME) >= _SAME_MAX:
        _SAME.clear()
    _SAME[id(stored)] = (stored, definitions)
    return True
