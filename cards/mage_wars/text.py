"""Mage Wars' rules text, written from the card data so text and behaviour agree, and the
words it uses for decks, resource icons and targets."""

from typing import Any, get_args

from cards.mage_wars import schema as s

DECK_NAMES = {d: d.capitalize() for d in get_args(s.PlayDeck)} | {"mage": "Mage"}
ICON_WORDS = {"ember": "Ember", "tide": "Tide", "stone": "Stone", "gale": "Gale", "any": "Any"}
TARGET_WORDS = {
    "you": "you",
    "enemy_mage": "an enemy Mage",
    "enemy_card": "an enemy card",
    "enemy": "an enemy Mage or card",
    "enemy_work": "an enemy manifestation in the making",
    "each_enemy": "each enemy Mage",
    "each_mage": "each Mage",
}


def effect_text(e: Any) -> str:
    k = e.kind
    if k == "damage":
        pierce = ", ignoring armor" if e.pierce else ""
        return f"deal {e.amount} damage to {TARGET_WORDS[e.target]}{pierce}"
    if k == "drain":
        if e.target == "you":
            return f"lose {e.amount} health"
        return f"{TARGET_WORDS[e.target]} loses {e.amount} health"
    if k == "heal":
        return f"restore {e.amount} health"
    if k == "draw":
        deck = "a deck of your choice" if e.deck == "choice" else f"the {DECK_NAMES[e.deck]} deck"
        return f"draw {e.count} from {deck}"
    if k == "salvage":
        pile = "a discard pile" if e.deck == "choice" else f"the {DECK_NAMES[e.deck]} discard pile"
        return f"take the top card of {pile}"
    if k == "sunder":
        return f"break {e.amount} armor card(s) of {TARGET_WORDS[e.target]}"
    if k == "meddle":
        return f"knock {e.count} resource(s) out of {TARGET_WORDS[e.target]}"
    if k == "ward":
        return f"+{e.amount} defence until your next turn"
    if k == "haste":
        who = "you draw" if e.target == "you" else "each enemy draws"
        more = "more" if e.amount > 0 else "fewer"
        return f"{who} {abs(e.amount)} {more} fate card(s) next turn"
    if k == "discard":
        if e.target == "you":
            return f"discard {e.count} card(s) at random"
        return f"{TARGET_WORDS[e.target]} discards {e.count} card(s) at random"
    if k == "skip_turn":
        return "lose your next turn"
    if k == "lose":
        what = {"work": "a manifestation in the making", "item": "an item", "pet": "a pet"}
        return f"lose {what[e.what]}"
    raise AssertionError(k)


def effects_text(effects: list) -> str:
    text = "; ".join(effect_text(e) for e in effects)
    return text[:1].upper() + text[1:]


def bonus_text(b: s.Bonus) -> str:
    parts = []
    for field, word in (
        ("defence", "defence"),
        ("fate", "fate card(s) a turn"),
        ("hand", "hand size"),
        ("pets", "pet(s)"),
        ("health", "max health"),
        ("power", "attack damage"),
    ):
        value = getattr(b, field)
        if value:
            parts.append(f"+{value} {word}")
    if b.resource:
        parts.append(f"{ICON_WORDS[b.resource]} resource once a turn")
    return ", ".join(parts)


# How a Mage's win condition works over the rounds. The rule text leaves the win to the
# Mage card ("the Win Conditions specified on their Mage Card", mage-wars.md:128), so every
# Mage card prints these (`win_text`, `win_rules_text`) and the rules read them from here.
WIN_FROM = 4  # R33, the Opening: no win by the condition before this round
WANE_FROM = 8  # R14, the Waning: from this round on, the condition asks one less ...
WANE_STEP = 5  # ... and one less again every 5 rounds (never below 1, or level 2)
#: R34: a wounds condition wanes by this many health cards a step: half a kill of the
#: frailest Mage (health 8), as a kills condition wanes by one kill of its two
WOUNDS_PER_WANE = 4
ROUND_LIMIT = 20  # R15, Last Light: the game ends after this round


def win_text(d: Any) -> str:
    """A Mage's own win condition, as printed: what it asks, while its Mage lives (R13),
    from round `WIN_FROM` on; one met sooner wins as that round begins if still met
    (R33)."""
    held = f"alive, from round {WIN_FROM} on (met sooner: wins then if still met)"
    return f"{_condition_text(d)}, {held}"


def win_rules_text(d: Any) -> str:
    """The rest of a Mage card's win condition: the Waning (R14, R34), Last Light (R15)
    and the last player left (R16)."""
    step = WOUNDS_PER_WANE if d.win.kind == "wounds" else "one"
    floor = "level 2" if d.win.kind == "level" else "1"
    return (
        f"It eases by {step} in round {WANE_FROM} and every {WANE_STEP} after (min. {floor}). "
        f"After round {ROUND_LIMIT} the living Mage nearest it wins, as does the last one left."
    )


def _condition_text(d: Any) -> str:
    return {
        "level": f"reach level {d.win.amount}",
        "structures": f"complete {d.win.amount} structure(s)",
        "kills": f"slay {d.win.amount} Mage(s)",
        "wounds": f"take {d.win.amount} health from other Mages with attacks",
        "pets": f"keep {d.win.amount} pets at once",
        "items": f"fill {d.win.amount} item slots at once",
        "challenges": f"win {d.win.amount} challenge(s)",
    }[d.win.kind]


def card_text(d: Any) -> str:
    t = d.type
    lines = []
    if t == "mage":
        decks = "/".join(DECK_NAMES[x] for x in d.health_decks)
        need = ", ".join(ICON_WORDS[i] for i in d.resurrect)
        win = win_text(d)
        power = f", +{d.power} to each of its attacks" if d.power else ""
        return (
            f"{d.alignment.capitalize()}. Health {d.health} ({decks}), armor {d.armor}, "
            f"pets {d.pets}, fate {d.fate}, hand {d.hand}{power}. Health cards spent waive "
            f"{d.discount} requirement(s). Wins: {win}. {win_rules_text(d)} "
            f"Resurrect: {need}."
        )
    if getattr(d, "resources", None):
        lines.append("Resource: " + " or ".join(ICON_WORDS[i] for i in d.resources) + ".")
    if getattr(d, "requires", None):
        lines.append("Requires: " + ", ".join(ICON_WORDS[i] for i in d.requires) + ".")
    if t == "fate" or t == "curse":
        lines.append(effects_text(d.effects) + ".")
    elif t == "creature":
        bonus = bonus_text(d.bonus)
        power = f", attacks for {d.power}" if d.power else ""
        lines.append(f"Pet: health {d.health}{power}" + (f"; {bonus}" if bonus else "") + ".")
        lines.append(f"Once: {effects_text(d.once)}.")
    elif t == "item":
        bonus = bonus_text(d.bonus)
        power = f", attacks for {d.power}" if d.power else ""
        charged = " Charged: each attack spends a charge." if d.charged else ""
        slot = f"{d.slot.capitalize()} slot: health {d.health}{power}"
        lines.append(slot + (f"; {bonus}" if bonus else "") + "." + charged)
        lines.append(f"Once: {effects_text(d.once)}.")
    elif t == "magic":
        lines.append(effects_text(d.effects) + ".")
        if d.charged:
            lines.append("Charged: stays; each use spends a charge.")
    elif t == "structure":
        who = {"all": "all players", "level_2": "players of level 2+", "pet_owners": "pet owners"}
        who |= {i: f"players with a permanent {ICON_WORDS[i]} resource" for i in ICON_WORDS}
        bonus = bonus_text(d.aura.bonus)
        aura = bonus + (f"lose {d.aura.drain} health each turn" if d.aura.drain else "")
        lines.append(
            f"{d.alignment.capitalize()} {ICON_WORDS[d.element]} structure, health {d.health}. "
            f"For {who.get(d.aura.who, d.aura.who + ' Mages')}: {aura}."
        )
        if d.on_build:
            lines.append(f"Built: {effects_text(d.on_build)}.")
        if d.on_destroy:
            lines.append(f"Destroyed: {effects_text(d.on_destroy)}.")
    elif t == "level":
        quest = {
            "pet": "a pet",
            "item": "an item",
            "built": "a completed structure",
            "challenges": "a won challenge",
            "kills": "a slain Mage",
            "health": f"{d.quest.amount}+ health",
        }[d.quest.kind]
        amount = f"{d.quest.amount} x " if d.quest.amount > 1 and d.quest.kind != "health" else ""
        lines.append(f"Level {d.level}. Quest: {amount}{quest}. Buffs: {bonus_text(d.buffs)}.")
    elif t == "challenge":
        cond = {
            "damage": "deal {n} damage to Mages",
            "destroy": "destroy {n} card(s)",
            "complete": "complete {n} manifestation(s)",
            "fill": "fill {n} requirement(s)",
            "attacks": "make {n} attack(s)",
            "spend": "spend {n} health card(s)",
        }[d.condition.kind].format(n=d.condition.amount)
        lines.append(f"This turn: {cond}. Reward: {effects_text(d.reward)}.")
        if d.consequence:
            lines.append(f"Failed: {effects_text(d.consequence)}.")
    elif t == "resource" and d.permanent:
        lines.append(f"Completed: a permanent {ICON_WORDS[d.permanent]} resource.")
    elif t == "blessing":
        lines.append(
            "Cancel a curse." if d.mode == "negate" else "Turn a curse onto another player."
        )
    return " ".join(lines)
