"""Enchantoria (shared/rules/enchantoria.md): simultaneous secret turns, recycling, protection.

The registry (engine/core/ruleset.py) finds the game by this package: its id and where
menus list it are all it reads here; the rules load from `.ruleset` on first use."""

ID = "enchantoria"
MENU_POSITION = 3
