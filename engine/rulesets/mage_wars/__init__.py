"""Mage Wars: the six-deck multiplayer game of health cards, manifestations and Mages.

The registry (engine/core/ruleset.py) finds the game by this package: its id and where
menus list it are all it reads here; the rules load from `.ruleset` on first use."""

ID = "mage-wars"
MENU_POSITION = 5
