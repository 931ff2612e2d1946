"""Battle Mages (shared/rules/battle-mages.md): a stack, targeting words and combat steps."""

from engine.rulesets.battle_mages.ruleset import RULESET, BattleMagesRuleset

__all__ = ["RULESET", "BattleMagesRuleset"]
