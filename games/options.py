"""House rules: each game declares its options, with the seed's rules as defaults.

A setup carries ``options`` only when some differ from the defaults; an absent
or empty ``options`` object means the defaults, so old records stay valid.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.errors import BadRecord


@dataclass(frozen=True)
class Option:
    """One house rule: its default, the values it may take, and how to say it."""

    default: Any
    choices: tuple[Any, ...]
    label: str
    # How each value reads in the "rules in force" summary, in the order of choices.
    wording: tuple[str, ...]

    def describe(self, value: Any) -> str:
        return self.wording[self.choices.index(value)]


def resolve(spec: dict[str, Option], given: Any) -> dict[str, Any]:
    """All options of a game, the given ones checked, the rest at their defaults."""
    if given is None:
        given = {}
    if not isinstance(given, dict):
        raise BadRecord("options must be an object")
    unknown = sorted(set(given) - set(spec))
    if unknown:
        raise BadRecord(f"unknown option: {unknown[0]}")
    resolved = {}
    for name, option in spec.items():
        value = given.get(name, option.default)
        # bool is an int in Python: compare types too, so True never passes for 1.
        if not any(value == c and type(value) is type(c) for c in option.choices):
            raise BadRecord(f"option {name} cannot be {value!r}")
        resolved[name] = value
    return resolved


def non_default(spec: dict[str, Option], options: dict[str, Any]) -> dict[str, Any]:
    """The options that differ from the defaults: what a record stores."""
    return {name: value for name, value in options.items() if value != spec[name].default}


def summary(spec: dict[str, Option], options: dict[str, Any]) -> list[dict[str, Any]]:
    """The rules in force, one line per option, for the table and the rules page."""
    return [
        {
            "name": name,
            "label": option.label,
            "value": options[name],
            "text": option.describe(options[name]),
            "default": options[name] == option.default,
        }
        for name, option in spec.items()
    ]
