"""The Discord front end: the app that wires the bot, its cogs, components and messages."""
