"""The referee: replay one game record and report its log and result.

``python -m games replay FILE`` prints one JSON object:
``{"ok": true, "log": [...], "result": {...}}``, or on the first illegal move
``{"ok": false, "error": {"move", "code", "message"}, "log": [...], "result": {...}}``.
"""

from __future__ import annotations

from typing import Any

from games.base import Entry
from games.errors import BadRecord, IllegalAction
from games.registry import get_rules


def replay(record: Any) -> dict[str, Any]:
    """Replay ``record`` move by move. Raises BadRecord if it is not a record."""
    if not isinstance(record, dict):
        raise BadRecord("a game record is a JSON object")
    rules = get_rules(record.get("game"))
    setup, moves = rules.from_record(record)
    state = rules.start(setup)
    entries: list[Entry] = []
    # Moves the rules decide (seat None) do not count as record moves, so the
    # error index is the index in the record's own move list.
    index = -1
    for seat, action in moves:
        if rules.is_record_move(action):
            index += 1
        acting = rules.turn(state) if seat is None else seat
        try:
            state, new_entries = rules.apply(state, acting, action)
        except IllegalAction as error:
            return {
                "ok": False,
                "error": {"move": max(index, 0), **error.as_dict()},
                "log": rules.record_log(entries),
                "result": rules.result(state),
            }
        entries.extend(new_entries)
    return {"ok": True, "log": rules.record_log(entries), "result": rules.result(state)}
