"""Database models: guests, rooms, seats, spectators, matches and their moves.

Redis holds the live state of a room; the database holds what must survive a
Redis restart: who sits where, and every accepted move of every match, from
which a live game is rebuilt exactly.
"""

from __future__ import annotations

from django.db import models

from games.registry import all_specs
from rooms.moves import MAX_ID_LENGTH
from rooms.records.names import MAX_NAME_LENGTH, generate_name

# A stored client id is "<guest>:<the client's id>": the digits of the largest
# guest id (a BigAutoField) and a colon before an id of up to MAX_ID_LENGTH.
# Computer moves, "bot:<match>:<move>", are shorter.
CLIENT_ID_LENGTH = len(str(2**63 - 1)) + 1 + MAX_ID_LENGTH


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


def game_choices() -> list[tuple[str, str]]:
    """The registered games. A callable, so the choices are read when used and a
    new game needs no migration."""
    return [(spec.name, spec.title) for spec in all_specs()]


class RoomStatus(models.TextChoices):
    LOBBY = "lobby", "Lobby"
    PLAYING = "playing", "Playing"
    FINISHED = "finished", "Finished"
    CLOSED = "closed", "Closed"


class Room(models.Model):
    code = models.CharField(max_length=24, unique=True)
    game = models.CharField(max_length=20, choices=game_choices)
    # Room settings: seat count, the computer's level, house rules, the computer's pause.
    options = models.JSONField(default=dict, blank=True)
    host = models.ForeignKey(
        Guest, null=True, blank=True, on_delete=models.SET_NULL, related_name="hosted_rooms"
    )
    status = models.CharField(max_length=10, choices=RoomStatus.choices, default=RoomStatus.LOBBY)
    # Games started in this room; a game's next setup may follow it (GameSpec.follow).
    games_started = models.PositiveIntegerField(default=0)
    # The Redis version this row was written from: a late write never wins over a newer one.
    version = models.BigIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    last_active_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-last_active_at"]

    def __str__(self) -> str:
        return f"{self.get_game_display()} room {self.code}"


class Seat(models.Model):
    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    # The seat's team in a game with teams (GameSpec.teams), else null.
    team = models.PositiveSmallIntegerField(null=True, blank=True)
    guest = models.ForeignKey(Guest, null=True, blank=True, on_delete=models.SET_NULL)
    # The computer player's level when a bot holds the seat, else empty.
    bot = models.CharField(max_length=20, blank=True)

    class Meta:
        ordering = ["room", "index"]
        constraints = [models.UniqueConstraint(fields=["room", "index"], name="unique_seat")]

    def __str__(self) -> str:
        return f"seat {self.index} of {self.room.code}"


class Spectator(models.Model):
    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="spectators")
    guest = models.ForeignKey(Guest, on_delete=models.CASCADE)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["room", "guest"], name="unique_spectator"),
        ]

    def __str__(self) -> str:
        return f"guest {self.guest_id} watching {self.room_id}"


class MatchStatus(models.TextChoices):
    PLAYING = "playing", "Playing"
    FINISHED = "finished", "Finished"
    ABANDONED = "abandoned", "Abandoned"


class Match(models.Model):
    """One game played in a room, with everything needed to replay it."""

    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="matches")
    number = models.PositiveIntegerField()
    game = models.CharField(max_length=20, choices=game_choices)
    # The setup the rules engine started from (the record's header).
    setup = models.JSONField()
    # Seat by seat: {"guest": id or null, "name": ..., "bot": level or ""}.
    players = models.JSONField(default=list)
    status = models.CharField(
        max_length=10, choices=MatchStatus.choices, default=MatchStatus.PLAYING
    )
    result = models.JSONField(null=True, blank=True)
    moves_count = models.PositiveIntegerField(default=0)
    started_at = models.DateTimeField(auto_now_add=True)
    ended_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-started_at"]
        verbose_name_plural = "matches"
        constraints = [
            models.UniqueConstraint(fields=["room", "number"], name="unique_match_number"),
        ]

    def __str__(self) -> str:
        return f"{self.get_game_display()} #{self.number} in {self.room.code}"


class MatchMove(models.Model):
    """One accepted action, in order. (match, index) is unique: two servers racing
    for the same move cannot both record it."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="moves")
    index = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    action = models.JSONField()
    # The client's id for the action, so a retried action is recognised.
    client_id = models.CharField(max_length=CLIENT_ID_LENGTH, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "index"]
        constraints = [
            models.UniqueConstraint(fields=["match", "index"], name="unique_move_index"),
        ]

    def __str__(self) -> str:
        return f"move {self.index} of match {self.match_id}"


class Outcome(models.TextChoices):
    WIN = "win", "Win"
    LOSS = "loss", "Loss"
    DRAW = "draw", "Draw"


class PlayerResult(models.Model):
    """A guest's outcome in one finished match: the source of history and statistics."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="player_results")
    guest = models.ForeignKey(Guest, on_delete=models.CASCADE, related_name="results")
    seat = models.PositiveSmallIntegerField()
    game = models.CharField(max_length=20, choices=game_choices)
    # The computer's level when the player chose it (GameSpec.level_is_chosen), else empty.
    level = models.CharField(max_length=20, blank=True)
    outcome = models.CharField(max_length=4, choices=Outcome.choices)
    finished_at = models.DateTimeField()

    class Meta:
        ordering = ["-finished_at"]
        constraints = [
            models.UniqueConstraint(fields=["match", "seat"], name="unique_result_seat"),
        ]

    def __str__(self) -> str:
        return f"{self.outcome} for guest {self.guest_id} in match {self.match_id}"
