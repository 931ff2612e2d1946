"""Clash (shared/rules/clash.md): the reference ruleset of the engine."""

from engine.rulesets.clash.ruleset import RULESET, ClashRuleset

__all__ = ["RULESET", "ClashRuleset"]
