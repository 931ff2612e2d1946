"""`cardhost … --help` explains everything: every argument of every subcommand (the
devtools' ones included, when installed) has a description, and `play --help` lists each
game's decks and options."""

import argparse

import pytest

from bot.cli import build_parser
from engine import get_ruleset, ruleset_ids


def subcommands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    (sub,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return dict(sub.choices)


def test_every_argument_of_every_subcommand_has_a_description() -> None:
    missing = [
        f"cardhost {name} {'/'.join(action.option_strings) or action.dest}"
        for name, parser in subcommands().items()
        for action in parser._actions
        if not isinstance(action, argparse._HelpAction)
        and (not action.help or action.help == argparse.SUPPRESS)
    ]
    assert missing == []


def test_every_subcommand_says_what_it_does() -> None:
    parser = build_parser()
    (sub,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    helped = {choice.dest for choice in sub._choices_actions if choice.help}
    assert set(sub.choices) <= helped


def test_play_help_lists_each_game_s_decks_and_options(capsys) -> None:
    with pytest.raises(SystemExit):
        build_parser().parse_args(["play", "--help"])
    text = capsys.readouterr().out
    for game in ruleset_ids():
        rules = get_ruleset(game)
        assert f"  {game} ({rules.name}" in text
        for deck in rules.preconstructed_decks():
            assert deck in text
    assert text.count("--best-of 1|3|5") == 2  # Clash and Magic Core play series
    assert "--record FILE" in text
    for line in text.splitlines():
        assert len(line) <= 80, line
