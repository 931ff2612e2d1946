"""Clash's words, as its cards, options and board use them, with what each does (the
rulings in docs/rules/ decide them): /rules and the terminal's `?` list them."""

GLOSSARY: dict[str, str] = {
    "power / toughness / health": "a monster's numbers: an attack deals its power minus "
    "the defender's toughness; it leaves at 0 health",
    "Haste": "can attack the turn it is summoned",
    "equipment": "stays on a monster and adds power or toughness while it lives",
    "mulligan": "at the start, put up to 3 cards back once and draw as many",
    "fatigue": "drawing from an empty deck deals you 1, then 2, then 3… damage",
    "[attacked]": "a monster that has already attacked this turn",
}
