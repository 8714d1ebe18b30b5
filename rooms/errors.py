"""Errors of the room layer: each has a stable code the client can act on."""

from __future__ import annotations

from games.errors import GameError


class RoomError(GameError):
    """A request the room cannot carry out. Nothing was changed."""
