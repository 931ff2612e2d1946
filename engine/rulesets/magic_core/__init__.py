"""magic-core: a Magic-style game on section 1 (rules 100-113) of a comprehensive rulebook.

The registry (engine/core/ruleset.py) finds the game by this package: its id and where
menus list it are all it reads here; the rules load from `.ruleset` on first use."""

ID = "magic-core"
MENU_POSITION = 4
