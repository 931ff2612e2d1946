"""magic-core's steps of a turn (500-514) and what the game is waiting for (its modes).

Their own module so that the rules' helpers (effects, the view) can name a step or a
mode without importing the game module that imports them.
"""

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

# what the game waits for
(
    M_STARTER,
    M_MULLIGAN,
    M_BOTTOM,
    M_PRIORITY,
    M_ATTACKERS,
    M_BLOCKERS,
    M_TRIGGER,
    M_CHOOSE,
    M_CLEANUP,
    M_FREE,
    M_NEXT_STEP,
    M_NEXT_TURN,
    M_OVER,
) = range(13)
M_ORDER = 13  # a player picks which of their simultaneous triggered abilities goes next
M_XCHOICE = 14  # the controller chooses an X that appears only in the text (107.3e)
M_OPENING = 15  # opening-hand actions after the mulligans, in turn order (103.5, 103.5a)
