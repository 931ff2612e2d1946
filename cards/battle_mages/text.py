"""Rules text for Battle Mages cards, written from their data so text and behaviour agree.

The wording is the rule: "target" and "up to ... target" choose when the card is attempted,
"a", "up to a", "any number of", "each", "every", "all" and "that" choose on resolution
(battle-mages.md:184-241), so the generated sentence must use exactly the card's wording.
"""

from typing import Any

from cards.battle_mages.schema import (
    Ability,
    Creature,
    Crystal,
    Mode,
    Relic,
    Ritual,
    Script,
    Select,
    Trigger,
)

_OBJECT = {
    "creature": "Creature",
    "relic": "Relic",
    "crystal": "Crystal",
    "spell": "Spell",
    "mage": "Mage",
}
_PLURAL_WORDINGS = {"any_number", "all"}
_COUNTERS = {"poison": "Poison", "shield": "Shield", "str": "Str", "ice": "Ice", "damage": "Damage"}
_WHEN = {
    "arrival": "Arrival",
    "boast": "Boast",
    "last_breath": "Last Breath",
    "ally_arrives": "Whenever another Creature enters the field under your control",
}


def _number(n: int) -> str:
    return {1: "a", 2: "two", 3: "three", 4: "four", 5: "five"}.get(n, str(n))


def select_phrase(sel: Select) -> str:
    """'up to 2 target flying Creatures you control', 'each opposing exhausted Creature'."""
    plural = sel.count > 1 or sel.wording in _PLURAL_WORDINGS
    noun = _OBJECT[sel.object] + ("s" if plural else "")
    mods: list[str] = list(sel.modifiers)
    if sel.control == "opposing":
        mods.insert(0, "opposing")
    words = " ".join([*mods, noun])
    if sel.control == "yours":
        words += " you control"
    head = {
        "target": "target" if sel.count == 1 else f"{sel.count} target",
        "up_to_target": f"up to {sel.count} target",
        "a": "a" if sel.count == 1 else _number(sel.count),
        "up_to_a": "up to a" if sel.count == 1 else f"up to {sel.count}",
        "any_number": "any number of",
        "each": "each",
        "every": "every",
        "all": "all",
        "that": "that",
    }[sel.wording]
    if head == "a" and words[0].lower() in "aeiou":
        head = "an"
    return f"{head} {words}"


def _counter_words(kind: str, amount: int) -> str:
    name = _COUNTERS[kind]
    if amount == 1:
        return f"{'an' if name[0] in 'AEIOU' else 'a'} {name} counter"
    return f"{_number(amount)} {name} counters"


def _effect_sentence(effect: Any, ref: str, obj: str, self_word: str) -> str:
    """One effect (an `Effect` model) in words; typed Any: it branches on `kind`, which the
    type checker does not narrow the union by."""
    kind = effect.kind
    if kind == "damage":
        return f"Deal {effect.amount} damage to {ref}."
    if kind == "heal":
        if ref == "you":
            return f"You gain {effect.amount} life."
        if obj == "mage":
            return f"{ref[0].upper() + ref[1:]} gains {effect.amount} life."
        return f"Remove {_counter_words('damage', effect.amount)} from {ref}."
    if kind == "add_counters":
        return f"Put {_counter_words(effect.counter, effect.amount)} on {ref}."
    if kind == "remove_counters":
        if effect.counter == "all":
            return f"Remove every counter from {ref}."
        if effect.amount == 1:
            return f"Remove {_counter_words(effect.counter, 1)} from {ref}."
        return f"Remove up to {_counter_words(effect.counter, effect.amount)} from {ref}."
    if kind == "draw":
        n = f"{_number(effect.amount)} card" + ("s" if effect.amount > 1 else "")
        return f"Draw {n}." if effect.to == "you" else f"The opposing Mage draws {n}."
    if kind == "gain_mana":
        return f"Gain {effect.amount} mana until end of turn."
    if kind == "grant":
        return f"{ref[0].upper() + ref[1:]} gains {effect.keyword.title()} until end of turn."
    if kind == "strip":
        return f"{ref[0].upper() + ref[1:]} loses {effect.keyword.title()} until end of turn."
    verb = {
        "destroy": "Destroy",
        "exhaust": "Exhaust",
        "prepare": "Prepare",
        "recall": "Return",
        "deny": "Deny",
        "withdraw": "Remove",
    }[kind]
    tail = {"recall": " to its owner's hand", "withdraw": " from combat"}.get(kind, "")
    return f"{verb} {ref}{tail}."


def body_text(body: Mode, self_word: str = "this card") -> str:
    seen: dict[str, str] = {}
    objects = {s.name: s.object for s in body.select}
    phrases = {s.name: select_phrase(s) for s in body.select}
    plural = {s.name: s.count > 1 or s.wording in ("any_number", "all") for s in body.select}
    sentences = []
    for effect in body.effects:
        to = effect.to
        if to == "you":
            ref, obj = "you", "mage"
        elif to == "opponent":
            ref, obj = "the opposing Mage", "mage"
        elif to == "this":
            ref, obj = self_word, "creature"
        elif to in seen:
            ref, obj = ("them" if plural[to] else "it"), objects[to]
        else:
            ref, obj = phrases[to], objects[to]
            seen[to] = ref
        sentences.append(_effect_sentence(effect, ref, obj, self_word))
    return " ".join(sentences)


def script_text(script: Script, self_word: str = "this card") -> str:
    if script.modes:
        modes = " ".join(f"• {body_text(m, self_word)}" for m in script.modes)
        return f"Choose {script.choose}: {modes}"
    return body_text(script.bodies[0], self_word)


def ability_text(ability: Ability, self_word: str) -> str:
    cost = [f"{ability.cost} mana"] if ability.cost else []
    if ability.exhaust:
        cost.append("Exhaust")
    return f"{', '.join(cost) or 'Free'}: {script_text(ability, self_word)}"


def trigger_text(trigger: Trigger, self_word: str) -> str:
    when = _WHEN[trigger.when]
    pay = f" (pay {trigger.cost})" if trigger.cost else ""
    return f"{when}{pay}: {script_text(trigger, self_word)}"


def card_text(card: Crystal | Creature | Ritual | Relic) -> str:
    if isinstance(card, Crystal):
        if card.size == "big":
            return "Big Mana Crystal: makes 2 mana. Enters the field exhausted."
        return "Small Mana Crystal: makes 1 mana. Any number may be in a Spellbook."
    if isinstance(card, Ritual):
        return script_text(card.script)
    self_word = "this Creature" if isinstance(card, Creature) else "this Relic"
    parts = []
    if isinstance(card, Creature) and card.keywords:
        parts.append(", ".join(k.title() for k in card.keywords) + ".")
    parts += [trigger_text(t, self_word) for t in card.triggers]
    parts += [ability_text(a, self_word) for a in card.abilities]
    return " ".join(parts)
