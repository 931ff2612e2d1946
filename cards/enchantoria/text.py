"""Enchantoria's rules text, written from the card data so text and behaviour agree."""

from typing import Any

from cards.enchantoria.schema import Card, Counter, Draw, Heal, Protect, Status, Summon

_TARGET_WORDS = {
    "any": "any player, creature or construct",
    "enemy": "the enemy or one of their beings",
    "friend": "you or one of your beings",
    "player": "a player",
    "enemy_player": "the enemy player",
    "being": "a creature or construct",
    "enemy_being": "an enemy creature or construct",
    "friendly_being": "one of your creatures or constructs",
}
_SCOPE_WORDS = {
    "target": "the target",
    "you": "you",
    "enemy_player": "the enemy player",
    "each_enemy": "the enemy and each of their beings",
    "each_friend": "you and each of your beings",
    "enemy_beings": "each enemy being",
    "friendly_beings": "each of your beings",
}
_STATUS_WORDS = {
    "burn": "burns for {n} damage each turn",
    "regen": "heals {n} each turn",
    "ward": "blocks {n} damage each turn",
    "stun": "cannot attack",
    "weaken": "has {n} less power",
}
_PICK_WORDS = {
    "costliest": "Counter the costliest spell the enemy casts in this window.",
    "costliest_damage": "Counter the costliest damage spell the enemy casts in this window.",
    "up_to_x": "Counter every spell of mana value X or less the enemy casts in this window.",
}


def _n(amount: int | str) -> str:
    return "X" if amount == "x" else str(amount)


def effect_text(e: Any) -> str:
    """One effect in words; typed Any: it reads the fields each kind has."""
    who = _SCOPE_WORDS[getattr(e, "to", "you" if isinstance(e, Draw) else "target")]
    n = _n(getattr(e, "amount", 0))
    if e.kind == "damage":
        return f"Deal {n} damage to {who}."
    if isinstance(e, Heal):
        more = f" Raise the maximum by {e.raise_max} first." if e.raise_max else ""
        return f"Heal {who} by {n}, up to the maximum.{more}"
    if e.kind == "block":
        return f"Block {n} damage for {who} this turn."
    if isinstance(e, Protect):
        span = f" for {e.turns} turns" if e.turns else ""
        return f"Provide {n} protection to {who}{span}."
    if isinstance(e, Status):
        what = _STATUS_WORDS[e.status].format(n=n)
        return f"For {e.turns} turns, {who} {what}."
    if isinstance(e, Counter):
        return _PICK_WORDS[e.pick]
    if e.kind == "cleanse":
        return f"End every timed effect on {who}."
    if e.kind == "shatter":
        return f"Remove the protection of {who}."
    if isinstance(e, Draw):
        return f"Draw {e.count} card{'s' if e.count > 1 else ''}."
    raise ValueError(e.kind)


def card_text(card: Card) -> str:
    if isinstance(card, Summon):
        b = card.being
        parts = [f"Summon a {b.kind}"]
        if b.power:
            parts.append(f"power {b.power}")
        parts.append(f"health {b.health}")
        text = ", ".join(parts) + "."
        if b.ward:
            text += f" Blocks {b.ward} damage for you each turn."
        if b.aura:
            text += f" Heals you {b.aura} each turn."
        if b.pulse:
            text += f" Deals {b.pulse} damage to the enemy player each turn."
        if b.well:
            text += f" Gives you {b.well} extra mana each Preparation Phase."
        return text
    head = f"Target: {_TARGET_WORDS[card.target]}. " if card.target != "none" else ""
    if card.swift:
        head = "Swift: happens before the other spells of its window. " + head
    return head + " ".join(effect_text(e) for e in card.effects)
