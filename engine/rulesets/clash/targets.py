"""Target words as small ints, and which monsters and players a chosen target may name.

Card files say `chosen_enemy_monster`; the rules compare ints, because comparing and
hashing enum members costs ten times as much and legal moves are listed after every action.
"""

from typing import TYPE_CHECKING, Any

from cards.schema.clash import Target

if TYPE_CHECKING:
    from engine.rulesets.clash.game import Side

(
    CHOSEN_MONSTER,
    CHOSEN_ENEMY_MONSTER,
    CHOSEN_FRIENDLY_MONSTER,
    CHOSEN_CHARACTER,
    CHOSEN_ENEMY,
    THIS,
    YOU,
    OPPONENT,
    EACH_PLAYER,
    ALL_MONSTERS,
    ENEMY_MONSTERS,
    FRIENDLY_MONSTERS,
    OTHER_FRIENDLY_MONSTERS,
    RANDOM_ENEMY_MONSTER,
    RANDOM_ENEMY,
) = range(1, 16)

CODES: dict[Target, int] = {
    Target.CHOSEN_MONSTER: CHOSEN_MONSTER,
    Target.CHOSEN_ENEMY_MONSTER: CHOSEN_ENEMY_MONSTER,
    Target.CHOSEN_FRIENDLY_MONSTER: CHOSEN_FRIENDLY_MONSTER,
    Target.CHOSEN_CHARACTER: CHOSEN_CHARACTER,
    Target.CHOSEN_ENEMY: CHOSEN_ENEMY,
    Target.THIS: THIS,
    Target.YOU: YOU,
    Target.OPPONENT: OPPONENT,
    Target.EACH_PLAYER: EACH_PLAYER,
    Target.ALL_MONSTERS: ALL_MONSTERS,
    Target.ENEMY_MONSTERS: ENEMY_MONSTERS,
    Target.FRIENDLY_MONSTERS: FRIENDLY_MONSTERS,
    Target.OTHER_FRIENDLY_MONSTERS: OTHER_FRIENDLY_MONSTERS,
    Target.RANDOM_ENEMY_MONSTER: RANDOM_ENEMY_MONSTER,
    Target.RANDOM_ENEMY: RANDOM_ENEMY,
}
CHOSEN = frozenset(range(CHOSEN_MONSTER, CHOSEN_ENEMY + 1))


def chosen_targets(kind: int, side: "Side", opp: "Side") -> list[Any]:
    """Target refs (monster uid, or "p0"/"p1" for a player) from the chooser's seat: the
    opponent and their monsters first, then the chooser and theirs (a player before their
    monsters), as in every game (issue 15).

    Built from each side's `uids` and `refs` ([key, *uids]), which the caller keeps current.
    """
    if kind == CHOSEN_ENEMY_MONSTER:
        return opp.uids
    if kind == CHOSEN_FRIENDLY_MONSTER:
        return side.uids
    # the opponent's side first, then your own (issue 15: the same order in every game)
    if kind == CHOSEN_MONSTER:
        return opp.uids + side.uids
    if kind == CHOSEN_ENEMY:
        return opp.refs
    if kind == CHOSEN_CHARACTER:
        return opp.refs + side.refs
    raise ValueError(f"target code {kind} is not a chosen target")
