"""magic-core's words, as its cards, options and board use them, with what each does (the
rulings in docs/rules/ decide them): /rules and the terminal's `?` list them."""

GLOSSARY: dict[str, str] = {
    "tap / untap": "a tapped permanent has been used this turn (a land for mana, a "
    "creature to attack); everything untaps at the start of its controller's turn",
    "summoning sickness": "a creature cannot attack or use {T} the turn it arrives",
    "the stack": "spells and abilities wait there; when everyone passes the top one resolves",
    "flying / reach": "a flier can be blocked only by creatures with flying or reach",
    "first strike": "deals combat damage before creatures without it",
    "vigilance": "attacking does not tap it",
    "haste": "can attack and use {T} the turn it arrives",
    "deathtouch": "any damage it deals to a creature destroys that creature",
    "lifelink": "damage it deals also gains you that much life",
    "trample": "damage beyond what kills its blockers goes to the player",
    "defender": "cannot attack",
    "poison": "ten poison counters and you lose",
}
