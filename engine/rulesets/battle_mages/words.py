"""How the rules' objects read in a prompt: step names and compiled selections.

Apart from view.py because the procedures that ask (casting, resolving, priority) word
their prompts with it, while the view reads those procedures: one module each way would
make an import cycle.
"""

from engine.rulesets.battle_mages.cards import (
    ANY_NUMBER,
    MODIFIERS,
    OPPOSING,
    TARGET,
    THAT,
    UP_TO_A,
    UP_TO_TARGET,
    YOURS,
    A,
    Sel,
)

_OBJ = ("Creature", "Relic", "Crystal", "Spell", "Mage")

#: What a player reads for each step of a turn (prompts and the board).
STEP_NAMES = {
    "preparation": "Preparation step",
    "crystal": "Crystal step",
    "draw": "Draw step",
    "main1": "Main step",
    "attackers": "Choose-Attacker step",
    "blockers": "Choose-Blocker step",
    "damage": "Damage step",
    "main2": "second Main step",
    "end": "End step",
}


def selection_words(sel: Sel) -> str:
    """How a compiled selection reads in a prompt: 'up to 2 target flying Creatures'."""
    mods = [m for i, m in enumerate(MODIFIERS) if sel.mods & (1 << i)]
    if sel.control == OPPOSING:
        mods.insert(0, "opposing")
    plural = sel.count > 1 or sel.wording == ANY_NUMBER
    noun = " ".join([*mods, _OBJ[sel.obj] + ("s" if plural else "")])
    if sel.control == YOURS:
        noun += " you control"
    head = {
        TARGET: "target" if sel.count == 1 else f"{sel.count} target",
        UP_TO_TARGET: f"up to {sel.count} target",
        A: "a" if sel.count == 1 else str(sel.count),
        UP_TO_A: f"up to {sel.count}",
        ANY_NUMBER: "any number of",
        THAT: "that",
    }.get(sel.wording, "each")
    return f"{head} {noun}"
