"""Match options as data: each ruleset declares a pydantic model of what it supports.

`Ruleset.options_model` is the model; `check_options` validates a caller's dict through it
(unknown options and values outside the allowed ones raise `OptionError`, naming the
option) and returns the options as the record stores them: defaults left out, so a plain
one-game Clash match still records `{}`. Front ends read the model to offer only what a
ruleset supports (`/challenge`'s best-of, `cardhost play/simulate --best-of`).
"""

from typing import Any, Literal, get_args, get_origin

from pydantic import BaseModel, ConfigDict, ValidationError

from engine.core.errors import OptionError


class NoOptions(BaseModel):
    """A ruleset without match options: any option is refused."""

    model_config = ConfigDict(extra="forbid", frozen=True)


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
    """The options as stored (defaults left out), or OptionError naming the bad option."""
    try:
        parsed = model.model_validate(dict(options or {}))
    except ValidationError as exc:
        err = exc.errors()[0]
        option = str(err["loc"][0]) if err["loc"] else "(options)"
        if err["type"] == "extra_forbidden":
            known = option_names(model)
            has = f"its options are: {', '.join(known)}" if known else "it has no match options"
            raise OptionError(option, f"{game} has no option '{option}' ({has})") from None
        allowed = allowed_values(model, option)
        if allowed is not None:
            wanted = ", ".join(str(v) for v in allowed)
            raise OptionError(
                option,
                f"{game}'s option '{option}' must be one of {wanted}, not {err.get('input')!r}",
            ) from None
        raise OptionError(option, f"{game}'s option '{option}': {err['msg']}") from None
    return parsed.model_dump(exclude_defaults=True)
