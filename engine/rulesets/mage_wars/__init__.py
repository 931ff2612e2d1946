"""Mage Wars: the six-deck multiplayer game of health cards, manifestations and Mages."""

from engine.rulesets.mage_wars.ruleset import RULESET

__all__ = ["RULESET"]
