"""Match options as data: each ruleset declares a pydantic model of what it supports.

`Ruleset.options_model` is the model; `check_options` validates a caller's dict through it
(options that are not a table, unknown options and values outside the allowed ones, a
boolean for a number included, raise `OptionError`, naming the option) and returns the
options as the record stores them: defaults left out, so a plain one-game Clash match
still records `{}`. Front ends read the model to offer only what a
ruleset supports (`/challenge`'s best-of, `cardhost play/simulate --best-of`).
"""

from collections.abc import Mapping
from typing import Any, Literal, get_args, get_origin

from pydantic import BaseModel, ConfigDict, ValidationError

from engine.core.errors import OptionError


class NoOptions(BaseModel):
    """A ruleset without match options: any option is refused."""

    #: strict: an option's value is of its declared type, never converted ("3" is no 3).
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class SeriesOptions(NoOptions):
    """A ruleset that plays series: first to win a majority of `best_of` games."""

    best_of: Literal[1, 3, 5] = 1


def option_names(model: type[BaseModel]) -> list[str]:
    return list(model.model_fields)


def allowed_values(model: type[BaseModel], option: str) -> tuple[Any, ...] | None:
    """The values a Literal option allows (None for any other kind of field)."""
    field = model.model_fields.get(option)
    if field is None or get_origin(field.annotation) is not Literal:
        return None
    return get_args(field.annotation)


def check_options(game: str, model: type[BaseModel], options: dict[str, Any] | None) -> dict:
    """The options as stored (defaults left out), or OptionError naming the bad option.

    Options are a table (option name -> value), and a value listed by a Literal is taken
    only with the type it is listed with: pydantic, like Python, holds True == 1 and would
    take `best_of=True` for a one-game match."""
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise OptionError(
            "(options)",
            f"{game}'s match options are a table of option names and values, not {options!r}",
        )
    for option, value in options.items():
        allowed = allowed_values(model, option) if isinstance(option, str) else None
        if allowed is not None and not any(type(value) is type(v) for v in allowed):
            raise _not_allowed(game, option, allowed, value)
    try:
        parsed = model.model_validate(dict(options))
    except ValidationError as exc:
        err = exc.errors()[0]
        option = str(err["loc"][0]) if err["loc"] else "(options)"
        if err["type"] == "extra_forbidden":
            known = option_names(model)
            has = f"its options are: {', '.join(known)}" if known else "it has no match options"
            raise OptionError(option, f"{game} has no option '{option}' ({has})") from None
        allowed = allowed_values(model, option)
        if allowed is not None:
            raise _not_allowed(game, option, allowed, err.get("input")) from None
        raise OptionError(option, f"{game}'s option '{option}': {err['msg']}") from None
    return parsed.model_dump(exclude_defaults=True)


def _not_allowed(game: str, option: str, allowed: tuple[Any, ...], value: Any) -> OptionError:
    wanted = ", ".join(str(v) for v in allowed)
    return OptionError(option, f"{game}'s option '{option}' must be one of {wanted}, not {value!r}")
