"""Card prototypes compiled from the TOML data: parsed costs, colours, targets and text.

A cost is a tuple (generic, W, U, B, R, G, C, x, hybrid): the number of generic mana, of
each coloured and colourless symbol (107.4a-c), how many {X} it holds (107.3), and its
hybrid symbols (107.4e) as pairs of pool indexes, e.g. ((0, 1),) for {W/U}.
"""

import re
from functools import cache
from typing import Any

from cards.loader import game_pool
from cards.magic_core import schema
from cards.magic_core.schema import COLORS, chosen_target
from cards.magic_core.text import ability_text, card_text

MANA = "WUBRGC"  # pool and cost index order: the five colours, then colourless (106.1b)
SYMBOL = re.compile(r"\{([^}]*)\}")
#: (generic, W, U, B, R, G, C, x, hybrid pairs): eight ints then a tuple of index pairs
Cost = tuple[Any, ...]


def parse_cost(text: str) -> Cost:
    """'{X}{2}{R}{R}' -> (2, 0, 0, 0, 2, 0, 0, 1, ()); '{0}' and '' cost nothing (107.4d)."""
    cost: list = [0] * 8
    hybrid = []
    for symbol in SYMBOL.findall(text):
        if "/" in symbol:
            hybrid.append((MANA.index(symbol[0]), MANA.index(symbol[2])))
        elif symbol == "X":
            cost[7] += 1
        elif symbol.isdigit():
            cost[0] += int(symbol)
        else:
            cost[1 + MANA.index(symbol)] += 1
    return (*cost, tuple(hybrid))


def cost_text(cost: Cost) -> str:
    parts = ["{X}"] * cost[7]
    if cost[0]:
        parts.append(f"{{{cost[0]}}}")
    parts += [f"{{{MANA[a]}/{MANA[b]}}}" for a, b in cost[8]]
    for i, letter in enumerate(MANA):
        parts += [f"{{{letter}}}"] * cost[1 + i]
    return "".join(parts)


class Ability:
    """An activated ability of a permanent, compiled."""

    __slots__ = (
        "cost",
        "effects",
        "index",
        "is_mana",
        "life",
        "mana_effect",
        "sacrifice",
        "sorcery_speed",
        "tap",
        "target",
        "text",
        "untap",
        "zone",
    )

    def __init__(self, index: int, data: schema.Activated, owner_name: str):
        self.index = index
        self.cost = parse_cost(data.cost)
        self.tap = data.tap
        self.untap = data.untap
        self.sacrifice = data.sacrifice
        self.life = data.life
        self.sorcery_speed = data.sorcery_speed
        self.zone = data.zone  # where it works from (113.6, 113.6k)
        self.effects = tuple(data.effects)
        self.is_mana = data.is_mana
        # a mana ability's one effect, typed, so the rules read its mana without a check
        first = data.effects[0]
        self.mana_effect = first if self.is_mana and isinstance(first, schema.AddMana) else None
        self.target = chosen_target(data.effects)
        self.text = ability_text(data, owner_name)


class Proto:
    """What is printed on a card (or defined for a token), ready for the game to use."""

    __slots__ = (
        "abilities",
        "additional_life",
        "anthems",
        "basic",
        "cant_block",
        "card_types",
        "colors",
        "cost",
        "effects",
        "flavor",
        "id",
        "is_artifact",
        "is_creature",
        "is_instant",
        "is_land",
        "is_permanent",
        "is_sorcery",
        "keywords",
        "mana_value",
        "name",
        "no_life_gain",
        "opening_hand",
        "power",
        "produces",
        "subtypes",
        "target",
        "text",
        "token",
        "toughness",
        "triggers",
        "type_line",
        "x_choice",
        "x_is",
        "x_only",
    )

    def __init__(self, card: schema.Card):
        self.id = card.id
        self.name = card.name
        self.card_types = frozenset(card.types)
        self.is_land = "land" in self.card_types
        self.is_creature = "creature" in self.card_types
        self.is_artifact = "artifact" in self.card_types
        self.is_instant = "instant" in self.card_types
        self.is_sorcery = "sorcery" in self.card_types
        self.is_permanent = not (self.is_instant or self.is_sorcery)  # 110.4a
        self.basic = "basic" in card.supertypes
        self.subtypes = tuple(card.subtypes)
        self.cost = parse_cost(card.cost)
        # X counts 0 outside the stack (107.3f/g); a hybrid symbol counts 1 (202.3)
        self.mana_value = sum(self.cost[:7]) + len(self.cost[8])
        # 105.2: an object's colours are those of the mana symbols of its cost, a hybrid
        # symbol being both its colours (107.4e); a token's are set by what made it (111.3)
        hybrid = {i for pair in self.cost[8] for i in pair}
        self.colors = card.colors or "".join(
            c for i, c in enumerate(COLORS) if self.cost[1 + i] or i in hybrid
        )
        self.produces = card.produces
        self.power = card.power or 0
        self.toughness = card.toughness or 0
        self.keywords = frozenset(card.keywords)
        self.effects = tuple(card.effects)
        self.target = chosen_target(card.effects)
        self.abilities = tuple(Ability(i, a, card.name) for i, a in enumerate(card.abilities))
        self.triggers: dict[str, tuple] = {}
        for trig in card.triggers:
            self.triggers.setdefault(trig.when, ())
            self.triggers[trig.when] += (tuple(trig.effects),)
        self.no_life_gain = any(s.kind == "no_life_gain" for s in card.statics)
        self.cant_block = any(s.kind == "cant_block" for s in card.statics)
        self.anthems = tuple(
            (s.power, s.toughness, frozenset(s.keywords))
            for s in card.statics
            if s.kind == "anthem"
        )
        self.additional_life = card.additional_life  # 113.2b: an ability of the card
        self.opening_hand = card.opening_hand  # 103.5a
        self.x_is = card.x_is
        self.x_choice = card.x_choice
        # R13: an instant or sorcery each of whose effects is counted by its cost's X does
        # nothing with X = 0 (Rally the Hamlet creates no Soldier): X = 0 is offered last
        self.x_only = (
            not self.is_permanent
            and bool(self.cost[7])
            and self.x_is is None
            and bool(self.effects)
            and all(getattr(e, "amount", None) in ("X", "half_X") for e in self.effects)
        )
        self.token = card.token
        supers = "Basic " if self.basic else ""
        kinds = " ".join(t.capitalize() for t in card.types)
        subs = f" — {' '.join(card.subtypes)}" if card.subtypes else ""
        self.type_line = f"{'Token ' if card.token else ''}{supers}{kinds}{subs}"
        self.text = card_text(card)
        self.flavor = card.flavor

    def __repr__(self) -> str:
        return f"Proto({self.id})"


@cache
def protos() -> dict[str, Proto]:
    return {card_id: Proto(card) for card_id, card in game_pool("magic-core").cards.items()}
