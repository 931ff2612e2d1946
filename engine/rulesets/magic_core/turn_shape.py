"""The shape of a magic-core turn (500-514): its steps by number and name, and the hand
sizes. Plain numbers, below every rule module: the table (state.py) starts on `UNTAP`."""

OPENING_HAND = 7  # 103.4
HAND_LIMIT = 7  # 402.2 / 514.1

(
    UNTAP,
    UPKEEP,
    DRAW,
    MAIN1,
    BEGIN_COMBAT,
    ATTACKERS,
    BLOCKERS,
    FIRST_DAMAGE,
    DAMAGE,
    END_COMBAT,
    MAIN2,
    END,
    CLEANUP,
) = range(13)
STEP_NAMES = (
    "untap",
    "upkeep",
    "draw",
    "main 1",
    "beginning of combat",
    "declare attackers",
    "declare blockers",
    "first-strike damage",
    "combat damage",
    "end of combat",
    "main 2",
    "end",
    "cleanup",
)
MAINS = (MAIN1, MAIN2)
