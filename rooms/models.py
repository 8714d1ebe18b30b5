"""Database models: guests now; rooms, seats and matches come with the rooms issue."""

from __future__ import annotations

from django.db import models

from rooms.names import MAX_NAME_LENGTH, generate_name


class Guest(models.Model):
    """A visitor, known by the session cookie; no account, no password."""

    display_name = models.CharField(max_length=MAX_NAME_LENGTH, default=generate_name)
    # Asked once, when first taking a seat in a multiplayer room.
    name_confirmed = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    last_seen_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-last_seen_at"]

    def __str__(self) -> str:
        return f"{self.display_name} (#{self.pk})"
