"""Errors of the room layer: each has a stable code the client can act on."""

from __future__ import annotations


class RoomError(Exception):
    """A request the room cannot carry out. Nothing was changed."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def as_dict(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}
