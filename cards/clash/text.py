"""Rules text for Clash cards, written from their effects so text and behaviour agree."""

from cards.clash.schema import (
    AtEndOfTurn,
    Damage,
    Destroy,
    Draw,
    Effect,
    Equipment,
    Heal,
    Mana,
    MaxHealth,
    Monster,
    Spell,
    Stats,
    Summon,
    Target,
)

_TARGET_WORDS = {
    Target.CHOSEN_MONSTER: "a monster",
    Target.CHOSEN_ENEMY_MONSTER: "an enemy monster",
    Target.CHOSEN_FRIENDLY_MONSTER: "a friendly monster",
    Target.CHOSEN_CHARACTER: "any monster or player",
    Target.CHOSEN_ENEMY: "an enemy monster or the enemy player",
    Target.THIS: "this monster",
    Target.YOU: "you",
    Target.OPPONENT: "your opponent",
    Target.EACH_PLAYER: "each player",
    Target.ALL_MONSTERS: "all monsters",
    Target.ENEMY_MONSTERS: "all enemy monsters",
    Target.FRIENDLY_MONSTERS: "all friendly monsters",
    Target.OTHER_FRIENDLY_MONSTERS: "your other monsters",
    Target.RANDOM_ENEMY_MONSTER: "a random enemy monster",
    Target.RANDOM_ENEMY: "a random enemy",
}


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


def _words(target: Target, named: set[str]) -> str:
    """A chosen target is named once; later effects on the same target say "it"."""
    if target.chosen:
        if "chosen" in named:
            return "it"
        named.add("chosen")
    return _TARGET_WORDS[target]


def effect_text(effect: Effect, named: set[str] | None = None) -> str:
    named = set() if named is None else named
    words = lambda t: _words(t, named)  # noqa: E731
    match effect:
        case Damage(amount=n, target=t):
            return f"deal {n} damage to {words(t)}"
        case Heal(amount=n, target=t):
            return f"restore {n} health to {words(t)}"
        case Draw(count=n, target=t):
            who = {"you": "you draw", "opponent": "your opponent draws"}.get(t, "each player draws")
            return f"{who} {n} card{'s' if n > 1 else ''}"
        case Stats(power=p, toughness=tg, target=t):
            parts = [f"{_signed(p)} power" if p else "", f"{_signed(tg)} toughness" if tg else ""]
            return f"give {words(t)} {' and '.join(x for x in parts if x)}"
        case MaxHealth(amount=n, target=t):
            return f"give {words(t)} +{n} maximum health"
        case Destroy(target=t):
            return f"destroy {words(t)}"
        case Summon(token=tok, count=n, target=t):
            side = "your" if t == Target.YOU else "your opponent's"
            many = f"{n} " if n > 1 else "a "
            stats = f"{tok.power}/{tok.toughness}/{tok.health}"
            return f"summon {many}{stats} {tok.name} on {side} side"
        case Mana(amount=n):
            return f"gain {n} mana this turn"
        case AtEndOfTurn(effects=inner):
            return "when this turn ends, " + ", then ".join(effect_text(e, named) for e in inner)
    raise TypeError(f"no text for {effect!r}")


def _sentence(effects: list) -> str:
    named: set[str] = set()
    text = ", then ".join(effect_text(e, named) for e in effects)
    return text[:1].upper() + text[1:] + "."


def card_text(card: Monster | Spell | Equipment) -> str:
    if isinstance(card, Spell):
        return _sentence(card.effects)
    if isinstance(card, Equipment):
        boosts = [f"+{card.power} power" if card.power else "", ""]
        boosts[1] = f"+{card.toughness} toughness" if card.toughness else ""
        return f"Equip a monster (either side): {' and '.join(b for b in boosts if b)}."
    parts = []
    if "haste" in card.keywords:
        parts.append("Haste (can attack the turn it is summoned).")
    for label, effects in (
        ("Summon", card.on_summon),
        ("Death", card.on_death),
        ("Turn end", card.on_turn_end),
    ):
        if effects:
            parts.append(f"{label}: {_sentence(effects)}")
    return " ".join(parts)
