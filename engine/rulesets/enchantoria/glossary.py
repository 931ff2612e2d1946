"""Enchantoria's words, as its cards, options and board use them, with what each does (the
rulings in docs/rules/ decide them): /rules and the terminal's `?` list them."""

GLOSSARY: dict[str, str] = {
    "secret choices": "both players pick at the same time; everything is revealed and "
    "happens at once",
    "ward N": "blocks N damage for you each turn while the being stands",
    "aura N": "heals you N each turn while the being stands",
    "pulse N": "deals N damage to the enemy player each turn while the being stands",
    "well N": "gives you N extra mana each Preparation Phase",
    "block / protection": "block soaks damage this turn; protection soaks up to its "
    "power and shrinks, one source at a time",
    "burn / regen / stun / weaken": "timed effects: damage or healing each turn, cannot "
    "attack, less power",
    "Swift": "happens before the other spells of its window",
    "recycle": "in Preparation, turn one card from your hand into half its cost in mana",
    "construct": "a being that is not a creature; it leaves at 0 health like one",
}
