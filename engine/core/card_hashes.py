"""Content hashes of card definitions, the ground both sides of card pinning stand on.

`Ruleset` hashes its own pool with `card_hash`; engine/core/pins.py compares a record's
stored cards with the pool through `digest`. Both live here, below either of them, so
the ruleset and the pinning logic need not import each other.
"""

import hashlib
import json
from collections.abc import Iterable
from typing import Any


def card_hash(definition: dict[str, Any]) -> str:
    text = json.dumps(definition, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def digest(card_ids: Iterable[str], hashes: dict[str, str]) -> str:
    """One digest over the named cards' hashes, in the order given (a missing card counts
    as '-'). Order counts: Mage Wars deals its shared decks in pool order."""
    lines = "\n".join(f"{card_id}={hashes.get(card_id, '-')}" for card_id in card_ids)
    return hashlib.blake2b(lines.encode(), digest_size=16).hexdigest()
