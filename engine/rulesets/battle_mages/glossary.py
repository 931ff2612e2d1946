"""Battle Mages's words, as its cards, options and board use them, with what each does (the
rulings in docs/rules/ decide them): /rules and the terminal's `?` list them."""

GLOSSARY: dict[str, str] = {
    "crystals": "your mana: one enters your field each turn; small makes 1 mana, big "
    "makes 2 and enters exhausted",
    "exhausted / prepared": "an exhausted card has been used this turn; it prepares "
    "(is ready again) at the start of its Mage's turn",
    "Rush": "can attack the turn it enters the field",
    "Flying": "can be blocked only by creatures with Flying",
    "Attentiveness": "does not exhaust when it attacks",
    "Boast": "triggers when the creature attacks; goes on the stack",
    "Arrival / Last Breath": "triggers when the creature enters the field / leaves it",
    "the stack": "spells and abilities wait there; when both Mages pass in a row the top "
    "one resolves",
    "fizzle": "a spell whose target is gone when it resolves does nothing",
    "Ice / Poison / Shield / Str": "counters: Ice freezes a creature (no attack, block "
    "or prepare), Poison hurts, Shield soaks damage, Str adds power",
}
