"""magic-core's rules text written from card data, so a card says exactly what it does."""

from collections.abc import Iterable
from typing import Any

from cards.loader import game_pool
from cards.magic_core import schema
from cards.magic_core.schema import TARGETED, UNTARGETED

KEYWORD_NAMES = {"first_strike": "first strike"}
WHEN = {
    "enters": "When {name} enters the battlefield",
    "dies": "When {name} dies",
    "upkeep": "At the beginning of your upkeep",
    "end_step": "At the beginning of your end step",
    "attacks": "Whenever {name} attacks",
    "you_cast": "Whenever you cast a spell",
}


def keyword(word: str) -> str:
    return KEYWORD_NAMES.get(word, word)


def _who(word: str, name: str) -> str:
    if word == "self":
        return name
    return TARGETED.get(word) or UNTARGETED[word]


def _verb(word: str, singular: str, plural: str) -> str:
    """'you draw' / 'each opponent draws' / 'target player draws'."""
    return plural if word == "you" else singular


def effect_text(e: Any, name: str) -> str:
    """One effect model in words; typed Any: it branches on `kind`, which the type checker
    does not narrow the effect union by."""
    kind = e.kind
    target = getattr(e, "target", "you")
    who = _who(target, name)
    n = getattr(e, "amount", 1)
    if n == "half_X":
        n = "half X (rounded down)"  # 107.1a: the card says which way it rounds
    if kind == "damage":
        return f"{name} deals {n} damage to {who}"
    if kind == "gain_life":
        return f"{who} {_verb(target, 'gains', 'gain')} {n} life"
    if kind == "lose_life":
        return f"{who} {_verb(target, 'loses', 'lose')} {n} life"
    if kind == "draw":
        return f"{who} {_verb(target, 'draws', 'draw')} {n} card{'s' if n != 1 else ''}"
    if kind == "mill":
        return f"{who} {_verb(target, 'mills', 'mill')} {n} card{'s' if n != 1 else ''}"
    if kind == "poison":
        return f"{who} {_verb(target, 'gets', 'get')} {n} poison counter{'s' if n != 1 else ''}"
    if kind == "discard":
        return f"{who} {_verb(target, 'discards', 'discard')} {n} card{'s' if n != 1 else ''}"
    if kind == "sacrifice":
        return f"{who} {_verb(target, 'sacrifices', 'sacrifice')} a creature"
    if kind == "destroy":
        return f"destroy {who}"
    if kind == "exile":
        return f"exile {who}"
    if kind == "bounce":
        return f"return {who} to its owner's hand"
    if kind in ("tap", "untap"):
        return f"{kind} {who}"
    if kind == "pump":
        parts = [f"gets +{e.power}/+{e.toughness}"] if e.power or e.toughness else []
        if e.keywords:
            parts.append(f"gains {', '.join(keyword(k) for k in e.keywords)}")
        if e.lose_keywords:
            parts.append(f"loses {', '.join(keyword(k) for k in e.lose_keywords)}")
        return f"{who} {' and '.join(parts)} until end of turn"
    if kind == "counters":
        return f"put {n} +1/+1 counter{'s' if n != 1 else ''} on {who}"
    if kind == "create_token":
        token = game_pool("magic-core").cards[e.token]
        stats = f"{token.power}/{token.toughness} " if token.power is not None else ""
        return f"create {n} {stats}{token.name} token{'s' if n != 1 else ''}"
    if kind == "add_mana":
        text = "add one mana of any color" if e.mana == "any" else f"add {_symbols(e.mana)}"
        if e.creature_spells_only:
            text += ". Spend this mana only to cast creature spells"
        return text
    if kind == "counter":
        return f"counter {who}"
    if kind == "copy_spell":
        return f"copy {who}"
    if kind == "win_game":
        return f"{who} {_verb(target, 'wins', 'win')} the game"
    if kind == "lose_game":
        return f"{who} {_verb(target, 'loses', 'lose')} the game"
    if kind == "draw_game":
        return "the game is a draw"
    if kind == "return_self":
        return f"return {name} from your graveyard to your hand"
    if kind == "free_cast":
        return (
            "you may cast an instant or sorcery card with mana value "
            f"{e.amount} or less from your hand without paying its mana cost"
        )
    raise ValueError(kind)


def _symbols(mana: str) -> str:
    return "".join(f"{{{m}}}" for m in mana)


def _sentence(effects: Iterable[Any], name: str, capital: bool = True) -> str:
    text = ", then ".join(effect_text(e, name) for e in effects) + "."
    return text[0].upper() + text[1:] if capital else text


def ability_text(data: schema.Activated, name: str) -> str:
    costs = [data.cost] if data.cost else []
    if data.tap:
        costs.append("{T}")
    if data.untap:
        costs.append("{Q}")
    if data.life:
        costs.append(f"Pay {data.life} life")
    if data.sacrifice:
        costs.append(f"Sacrifice {name}")
    text = f"{', '.join(costs) or '{0}'}: {_sentence(data.effects, name)}"
    return text + " Activate only as a sorcery." if data.sorcery_speed else text


def card_text(card: schema.Card) -> str:
    lines = []
    if card.opening_hand:
        lines.append(
            "If this card is in your opening hand, you may begin the game with it on the"
            " battlefield."
        )
    if card.additional_life:
        lines.append(f"As an additional cost to cast this spell, pay {card.additional_life} life.")
    if card.produces:
        lines.append(f"{{T}}: Add {{{card.produces}}}.")
    if card.keywords:
        lines.append(", ".join(keyword(k) for k in card.keywords).capitalize())
    for static in card.statics:
        if static.kind == "anthem":
            parts = []
            if static.power or static.toughness:
                parts.append(f"get +{static.power}/+{static.toughness}")
            if static.keywords:
                parts.append(f"have {', '.join(keyword(k) for k in static.keywords)}")
            lines.append(f"Other creatures you control {' and '.join(parts)}.")
        elif static.kind == "no_life_gain":
            lines.append("Players can't gain life.")
        else:
            lines.append(f"{card.name} can't block.")
    for trig in card.triggers:
        said = _sentence(trig.effects, card.name, capital=False)
        lines.append(f"{WHEN[trig.when].format(name=card.name)}, {said}")
    for ability in card.abilities:
        lines.append(ability_text(ability, card.name))
    if card.x_choice:
        lines.append(f"As {card.name} resolves, choose X from 0 to {card.x_choice}.")
    if card.effects:
        lines.append(_sentence(card.effects, card.name))
    if card.x_is:
        lines.append(f"X is the number of {card.x_is.replace('_', ' ')}.")
    return "\n".join(lines)
