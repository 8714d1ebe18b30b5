"""Django admin: rooms (with live actions), seats, matches with their records, guests."""

from __future__ import annotations

import json

from django.contrib import admin, messages
from django.db.models import Count, Q, QuerySet
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html, format_html_join

from rooms.errors import RoomError
from rooms.models import Guest, Match, PlayerResult, Room, Seat
from rooms.records.records import match_record
from rooms.records.stats import summary
from rooms.web import moderation


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ("index", "team", "guest", "bot")
    readonly_fields = fields
    can_delete = False


def report(modeladmin: admin.ModelAdmin, request: HttpRequest, done: int, failed: list[str]):
    if done:
        modeladmin.message_user(request, f"Done for {done}.", messages.SUCCESS)
    for failure in failed:
        modeladmin.message_user(request, failure, messages.ERROR)


@admin.register(Room)
class RoomAdmin(admin.ModelAdmin):
    list_display = (
        "code", "game", "status", "host", "occupancy", "spectator_count",
        "created_at", "last_active_at",
    )  # fmt: skip
    list_filter = ("game", "status")
    search_fields = ("code", "host__display_name", "seats__guest__display_name")
    readonly_fields = ("code", "game", "options", "host", "status", "games_started", "version")
    exclude = ()
    inlines = [SeatInline]
    actions = ["close_rooms"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Room]:
        return (
            super()
            .get_queryset(request)
            .select_related("host")
            .annotate(
                seat_total=Count("seats", distinct=True),
                seat_taken=Count(
                    "seats",
                    filter=Q(seats__guest__isnull=False) | ~Q(seats__bot=""),
                    distinct=True,
                ),
                watcher_count=Count("spectators", distinct=True),
            )
            .distinct()
        )

    @admin.display(description="seats taken")
    def occupancy(self, room: Room) -> str:
        return f"{room.seat_taken}/{room.seat_total}"

    @admin.display(description="spectators", ordering="watcher_count")
    def spectator_count(self, room: Room) -> int:
        return room.watcher_count

    @admin.action(description="Close the selected rooms (the game ends without a result)")
    def close_rooms(self, request: HttpRequest, queryset: QuerySet[Room]) -> None:
        failed = []
        for room in queryset:
            try:
                moderation.close_room_now(room.code)
            except RoomError as error:
                failed.append(f"{room.code}: {error.message}")
        report(self, request, len(queryset) - len(failed), failed)


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin):
    list_display = ("room", "index", "team", "guest", "bot")
    list_filter = ("room__game", "room__status")
    search_fields = ("room__code", "guest__display_name")
    list_select_related = ("room", "guest")
    readonly_fields = ("room", "index", "team", "guest", "bot")
    actions = ["remove_players", "seat_computers"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    @admin.action(description="Remove the player (the seat is vacated as after the grace period)")
    def remove_players(self, request: HttpRequest, queryset: QuerySet[Seat]) -> None:
        self.run(request, queryset, moderation.remove_player_now)

    @admin.action(description="Put a computer player in the seat")
    def seat_computers(self, request: HttpRequest, queryset: QuerySet[Seat]) -> None:
        self.run(request, queryset, moderation.seat_computer_now)

    def run(self, request: HttpRequest, queryset: QuerySet[Seat], action) -> None:
        failed = []
        for seat in queryset:
            try:
                action(seat.room.code, seat.index)
            except RoomError as error:
                failed.append(f"{seat}: {error.message}")
        report(self, request, len(queryset) - len(failed), failed)


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = (
        "__str__", "game", "player_names", "status", "result_summary", "moves_count",
        "started_at", "ended_at",
    )  # fmt: skip
    list_filter = ("game", "status")
    search_fields = ("room__code",)
    list_select_related = ("room",)
    readonly_fields = (
        "room", "number", "game", "status", "player_names", "result", "moves_count",
        "length", "started_at", "ended_at", "links", "record_json",
    )  # fmt: skip
    exclude = ("setup", "players")

    @admin.display(description="players")
    def player_names(self, match: Match) -> str:
        return ", ".join(player.get("name") or "?" for player in match.players)

    @admin.display(description="result")
    def result_summary(self, match: Match) -> str:
        outcomes = match.player_results.filter(outcome="win").values_list("seat", flat=True)
        if match.result is None:
            return "-"
        winners = [match.players[seat]["name"] for seat in outcomes]
        return ("won by " + ", ".join(winners)) if winners else "no winner"

    @admin.display(description="length")
    def length(self, match: Match) -> str:
        if match.ended_at is None:
            return f"{match.moves_count} moves so far"
        minutes = (match.ended_at - match.started_at).total_seconds() / 60
        return f"{match.moves_count} moves in {minutes:.1f} min"

    @admin.display(description="record")
    def links(self, match: Match) -> str:
        return format_html(
            '<a href="{}">Download the record (JSON)</a> · <a href="{}">Replay</a>',
            reverse("match-record", args=[match.pk]),
            reverse("replay", args=[match.pk]),
        )

    @admin.display(description="game record")
    def record_json(self, match: Match) -> str:
        text = json.dumps(match_record(match), indent=1)
        return format_html("<pre style='max-height:30em;overflow:auto'>{}</pre>", text)


@admin.register(Guest)
class GuestAdmin(admin.ModelAdmin):
    list_display = ("display_name", "games_played", "games_won", "created_at", "last_seen_at")
    search_fields = ("display_name",)
    readonly_fields = ("created_at", "last_seen_at", "statistics")

    def get_queryset(self, request: HttpRequest) -> QuerySet[Guest]:
        return (
            super()
            .get_queryset(request)
            .annotate(
                played=Count("results", distinct=True),
                won=Count("results", filter=Q(results__outcome="win"), distinct=True),
            )
        )

    @admin.display(description="games played", ordering="played")
    def games_played(self, guest: Guest) -> int:
        return guest.played

    @admin.display(description="games won", ordering="won")
    def games_won(self, guest: Guest) -> int:
        return guest.won

    @admin.display(description="statistics per game")
    def statistics(self, guest: Guest) -> str:
        rows = [
            (game, level or "-", r["played"], r["wins"], r["losses"], r["draws"],
             f"{r['win_rate']:.0%}", r["current_streak"], r["best_streak"])
            for game, levels in summary(guest.pk).items()
            for level, r in levels.items()
        ]  # fmt: skip
        if not rows:
            return "No finished games yet."
        header = format_html(
            "<tr><th>game</th><th>level</th><th>played</th><th>won</th><th>lost</th>"
            "<th>drawn</th><th>win rate</th><th>streak</th><th>best streak</th></tr>"
        )
        body = format_html_join("", "<tr>" + "<td>{}</td>" * 9 + "</tr>", rows)
        return format_html("<table>{}{}</table>", header, body)


@admin.register(PlayerResult)
class PlayerResultAdmin(admin.ModelAdmin):
    list_display = ("guest", "game", "level", "outcome", "finished_at", "match")
    list_filter = ("game", "level", "outcome")
    search_fields = ("guest__display_name",)
    list_select_related = ("guest", "match")
