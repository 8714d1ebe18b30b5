"""Reading the "new room" form (HTML form fields or a JSON body)."""

from __future__ import annotations

import json
from typing import Any

from django.http import HttpRequest

from rooms.errors import RoomError

RULE_PREFIX = "rule_"


def read_room_form(request: HttpRequest) -> tuple[str, dict[str, Any]]:
    """The game and its options; RoomError("bad-option") for malformed input."""
    if request.content_type == "application/json":
        try:
            body = json.loads(request.body or b"{}")
        except ValueError:
            raise RoomError("bad-option", "The request is not valid JSON.") from None
        if not isinstance(body, dict):
            raise RoomError("bad-option", "The request must be a JSON object.")
        return str(body.get("game", "")), body
    post = request.POST
    form: dict[str, Any] = {"level": post.get("level")}
    if post.get("seats"):
        try:
            form["seats"] = int(post["seats"])
        except ValueError:
            raise RoomError("bad-option", "The number of players must be a number.") from None
    form["rules"] = {
        key[len(RULE_PREFIX) :]: parse_rule_value(value)
        for key, value in post.items()
        if key.startswith(RULE_PREFIX) and value != ""
    }
    return post.get("game", ""), form


def parse_rule_value(text: str) -> Any:
    """Form fields are text; house rules are booleans, numbers or words."""
    lowered = text.lower()
    if lowered in {"true", "false"}:
        return lowered == "true"
    if lowered == "none":
        return None
    try:
        return int(text)
    except ValueError:
        return text
