"""How to play a game, in one place: the rules summary and the glossary of its words.

Discord's /rules and the terminal's `?` both read `rules_text` and `glossary_text`, so a
player reads the same words wherever they play. The summary is the ruleset's own
`help_text`; the glossary names the words a game's cards and board use (ward, Boast,
the Waning…) with what they do, as the rulings in docs/rules/ decide them.
"""

import re

from engine import Ruleset

#: Each game's words, as its cards, options and board use them, with what they do.
GLOSSARIES: dict[str, dict[str, str]] = {
    "clash": {
        "power / toughness / health": "a monster's numbers: an attack deals its power minus "
        "the defender's toughness; it leaves at 0 health",
        "Haste": "can attack the turn it is summoned",
        "equipment": "stays on a monster and adds power or toughness while it lives",
        "mulligan": "at the start, put up to 3 cards back once and draw as many",
        "fatigue": "drawing from an empty deck deals you 1, then 2, then 3… damage",
        "[attacked]": "a monster that has already attacked this turn",
    },
    "battle-mages": {
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
    },
    "enchantoria": {
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
    },
    "magic-core": {
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
    },
    "mage-wars": {
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
    },
}


def rules_text(rules: Ruleset) -> str:
    """The help text of a ruleset; a generic one for games without their own yet."""
    if rules.help_text:
        return rules.help_text
    players = (
        f"{rules.min_players}"
        if rules.min_players == rules.max_players
        else f"{rules.min_players}-{rules.max_players}"
    )
    return (
        f"**{rules.name}** is a card game for {players} players. Each player brings a deck "
        f"(`/challenge game:{rules.name}` offers preconstructed ones). When it is your turn, "
        "the buttons list every legal move; pick one until the game names a winner."
    )


def glossary_text(rules: Ruleset) -> str:
    """`**Words**` and one `• word: meaning` line per word of the game ('' if it has none)."""
    words = GLOSSARIES.get(rules.id, {})
    if not words:
        return ""
    return "**Words**\n" + "\n".join(f"• **{w}**: {meaning}" for w, meaning in words.items())


def plain(text: str) -> str:
    """Discord markdown (`**bold**`, `` `code` ``) as a terminal shows it: without marks."""
    return re.sub(r"\*\*|`", "", text)
