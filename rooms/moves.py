"""A game move, in the one shape it keeps from the change function that made it
to its row in the database (through the service and the move writer)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

# The longest id a client may give a command; a move keeps it (after the guest's
# id) so that a retried action is recognised.
MAX_ID_LENGTH = 64

# The result, each seat's outcome and the computer's level, once a move ends the game.
Ending = tuple[dict[str, Any], list[str], str]


@dataclass(frozen=True, slots=True)
class Move:
    """A move to record in the database before the live state changes."""

    match_id: int
    index: int
    seat: int
    action: dict[str, Any]
    client_id: str
    ending: Ending | None = None
