"""Clash (shared/rules/clash.md): the reference ruleset of the engine.

The registry (engine/core/ruleset.py) finds the game by this package: its id and where
menus list it are all it reads here; the rules load from `.ruleset` on first use."""

ID = "clash"
MENU_POSITION = 1
