"""Target words as small ints, and which monsters and players a chosen target may name.

Card files say `chosen_enemy_monster`; the rules compare ints, because comparing and
hashing enum members costs ten times as much and legal moves are listed after every action.
"""

from cards.clash.schema import Target

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
