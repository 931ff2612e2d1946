"""magic-core's card pool as loaded from cards/magic_core, once per process.

A module of its own so that the card text (text.py) and the prototypes (cards.py) can both
read it without importing each other.
"""

from functools import cache

from pydantic import TypeAdapter

from cards.loader import CardPool, load_pool
from cards.schema import magic_core as schema


@cache
def pool() -> CardPool:
    return load_pool("magic_core", TypeAdapter(schema.Card))
