"""Typed errors, so callers (bot, terminal, tests) can tell a bad move from a bug."""


class EngineError(Exception):
    """Base of every error the engine raises on purpose."""


class IllegalAction(EngineError):
    """The action is not one of the open decision's legal actions; nothing changed."""


class NotYourDecision(IllegalAction):
    """The player has no open decision right now; nothing changed."""


class DeckError(EngineError):
    """A deck breaks the ruleset's deck rules; `problems` lists every violation."""

    def __init__(self, problems: list[str]):
        super().__init__("; ".join(problems))
        self.problems = problems


class RecordError(EngineError):
    """A match record cannot be replayed (wrong rules version, corrupt actions...)."""


class ScenarioError(EngineError):
    """A scenario description does not describe a legal position."""


class OptionError(EngineError):
    """A match option the ruleset does not have, or a value it does not allow.

    `option` names the option (as the caller spelled it); nothing was started."""

    def __init__(self, option: str, message: str):
        super().__init__(message)
        self.option = option
