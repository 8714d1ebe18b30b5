"""The errors of the rules engines, each with a stable machine-readable code."""

from __future__ import annotations


class GameError(Exception):
    """Base class: ``code`` is stable and machine-readable, ``message`` is for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def as_dict(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}


class IllegalAction(GameError):
    """An action the rules do not allow. The state it was tried on is unchanged.

    Messages never name a card the actor may not see.
    """


class BadRecord(GameError):
    """A setup or record that is not a valid game record at all."""

    def __init__(self, message: str) -> None:
        super().__init__("bad-record", message)
