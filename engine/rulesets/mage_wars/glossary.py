"""Mage Wars's words, as its cards, options and board use them, with what each does (the
rulings in docs/rules/ decide them): /rules and the terminal's `?` list them."""

GLOSSARY: dict[str, str] = {
    "win condition": "each Mage's own way to win: a level, structures, slain Mages, "
    "wounds, pets, items or challenges",
    "wounds": "health cards your attacks take from other Mages; the Waning eases a "
    "wounds condition by 4 a step",
    "fate cards": "played at once when drawn; they send you to draw from the other decks",
    "manifestation": "a card you build: each resource card fills one requirement",
    "health cards": "your life is a pile of cards; damage takes them away",
    "armor": "armor cards take damage off an attack before your health does",
    "Enchanted / Mystic / Arcane": "three of the shared decks; a dead Mage draws from "
    "them each turn until it can pay its Resurrect",
    "Resurrect": "what a dead Mage must pay to come back",
    "ward / aura": "enchantments that guard a card or a Mage while they stay",
    "the Waning": "from round 8, every win condition asks one less, and one less again "
    "every 5 rounds",
    "Last Light": "after round 20 the game ends: the Mage nearest its condition wins",
}
