"""The development tools' subcommands come from the `cardhost.commands` entry points only:
with cardhost-devtools installed `cardhost` lists them, without it only the product's."""

import argparse
from importlib.metadata import EntryPoint

import pytest

import bot.cli
from bot.cli import COMMAND_GROUP, build_parser

PRODUCT = {"play", "replay", "simulate", "balance", "bot", "sync", "copy-db"}
DEVTOOLS = {"bench-bot", "bench-restart", "bench-log", "crashtest", "gallery"}


def commands(parser: argparse.ArgumentParser) -> set[str]:
    (sub,) = (a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return set(sub.choices)


def test_devtools_installed_adds_its_commands() -> None:
    assert commands(build_parser()) == PRODUCT | DEVTOOLS


def test_without_entry_points_only_the_product(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bot.cli, "entry_points", lambda group: [])
    assert commands(build_parser()) == PRODUCT


def test_a_broken_command_is_left_out(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = EntryPoint("broken", "no_such_module:add", COMMAND_GROUP)
    monkeypatch.setattr(bot.cli, "entry_points", lambda group: [broken])
    assert commands(build_parser()) == PRODUCT
    assert "command broken not loaded" in capsys.readouterr().err
