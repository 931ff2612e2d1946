"""Which monsters and players a chosen target may name (clash.md:61,64)."""

from typing import TYPE_CHECKING, Any

from cards.schema.clash import Target

if TYPE_CHECKING:
    from engine.rulesets.clash.game import Side


def chosen_targets(kind: Target, side: "Side", opp: "Side") -> list[Any]:
    """Target refs (monster uid, or "p0"/"p1" for a player) from the chooser's seat."""
    if kind is Target.CHOSEN_ENEMY_MONSTER:
        return [m.uid for m in opp.board]
    if kind is Target.CHOSEN_FRIENDLY_MONSTER:
        return [m.uid for m in side.board]
    if kind is Target.CHOSEN_MONSTER:
        return [m.uid for m in side.board] + [m.uid for m in opp.board]
    if kind is Target.CHOSEN_ENEMY:
        return [opp.key] + [m.uid for m in opp.board]
    if kind is Target.CHOSEN_CHARACTER:
        return [side.key, opp.key] + [m.uid for m in side.board] + [m.uid for m in opp.board]
    raise ValueError(f"{kind} is not a chosen target")
