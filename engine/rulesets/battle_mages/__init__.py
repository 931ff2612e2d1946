"""Battle Mages (shared/rules/battle-mages.md): a stack, targeting words and combat steps.

The registry (engine/core/ruleset.py) finds the game by this package: its id and where
menus list it are all it reads here; the rules load from `.ruleset` on first use."""

ID = "battle-mages"
MENU_POSITION = 2
