"""What every command group shares: the list of games to choose from."""

from discord import app_commands

from engine import get_ruleset, ruleset_ids

GAME_CHOICES = [app_commands.Choice(name=get_ruleset(r).name, value=r) for r in ruleset_ids()]
