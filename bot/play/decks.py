"""Which cards a player brings: a preconstructed deck, one of their own, or their active one."""

from bot.storage import Storage
from engine import EngineError, get_ruleset


class DeckChoiceError(EngineError):
    """The named deck does not exist or is not legal; the message says which and why."""


async def resolve_deck(
    storage: Storage, user_id: int, ruleset: str, name: str | None
) -> tuple[str, list[str]]:
    """(deck label, cards) for `user_id`: the named deck, else their active deck, else the
    first preconstructed deck. The deck is checked against the ruleset's deck rules."""
    rules = get_ruleset(ruleset)
    presets = rules.preconstructed_decks()
    label, cards = None, None
    if name:
        if name in presets:
            label, cards = name, presets[name]
        else:
            row = await storage.decks.get_deck(user_id, ruleset, name)
            if row is None:
                known = ", ".join(sorted(presets))
                raise DeckChoiceError(
                    f"you have no {rules.name} deck called '{name}' (preconstructed: {known})"
                )
            label, cards = row.name, list(row.cards)
    else:
        active = await storage.decks.get_active_deck(user_id, ruleset)
        if active is not None and active.deck is not None:
            label, cards = active.deck.name, list(active.deck.cards)
        elif active is not None and active.preset in presets:
            label, cards = active.preset, presets[active.preset]
        else:
            label = sorted(presets)[0]
            cards = presets[label]
    problems = rules.validate_deck(cards)
    if problems:
        raise DeckChoiceError(f"deck '{label}' is not legal: " + "; ".join(problems))
    return label, list(cards)
