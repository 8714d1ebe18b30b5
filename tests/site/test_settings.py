"""Settings come from the environment, and refuse an unsafe production start."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from fishsite.embedded_redis import free_port
from fishsite.redis_config import REDIS_MISSING

ROOT = Path(__file__).resolve().parents[2]

PRINT_SETTINGS = (
    "import json, django; from django.conf import settings; django.setup(); "
    "print(json.dumps({'engine': settings.DATABASES['default']['ENGINE'], "
    "'name': settings.DATABASES['default']['NAME'], "
    "'host': settings.DATABASES['default'].get('HOST'), "
    "'redis': settings.REDIS_URL, "
    "'layer_hosts': [h.get('address') or h.get('master_name') "
    "for h in settings.CHANNEL_LAYERS['default'].get('CONFIG', {}).get('hosts', [])], "
    "'debug': settings.DEBUG, 'hosts': settings.ALLOWED_HOSTS}))"
)


def run_python(args: list[str], **env: str) -> subprocess.CompletedProcess[str]:
    """Python in a clean environment: no Django, database or Redis variables."""
    prefixes = ("DJANGO_", "DATABASE_", "REDIS_")
    clean = {k: v for k, v in os.environ.items() if not k.startswith(prefixes)}
    clean["DJANGO_SETTINGS_MODULE"] = "fishsite.settings"
    return subprocess.run(
        [sys.executable, *args],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def load_settings(**env: str) -> subprocess.CompletedProcess[str]:
    return run_python(["-c", PRINT_SETTINGS], **env)


def test_debug_off_refuses_the_development_secret_key() -> None:
    run = load_settings(DJANGO_DEBUG="0")
    assert run.returncode != 0
    assert "DJANGO_SECRET_KEY must be set" in run.stderr


def test_debug_off_starts_with_a_real_secret_key() -> None:
    run = load_settings(
        DJANGO_DEBUG="0", DJANGO_SECRET_KEY="x" * 50, DJANGO_ALLOWED_HOSTS="fish.example"
    )
    assert run.returncode == 0, run.stderr
    loaded = json.loads(run.stdout)
    assert loaded["debug"] is False
    assert loaded["hosts"] == ["fish.example"]


def test_database_url_is_honoured() -> None:
    run = load_settings(DATABASE_URL="postgres://fish:pw@db.example:5432/fishdb")
    loaded = json.loads(run.stdout)
    assert loaded["engine"] == "django.db.backends.postgresql"
    assert (loaded["name"], loaded["host"]) == ("fishdb", "db.example")


def test_sqlite_is_the_default_database() -> None:
    loaded = json.loads(load_settings().stdout)
    assert loaded["engine"] == "django.db.backends.sqlite3"


def test_redis_url_is_honoured_by_the_store_and_the_channel_layer() -> None:
    loaded = json.loads(load_settings(REDIS_URL="redis://cache.example:6390/3").stdout)
    assert loaded["redis"] == "redis://cache.example:6390/3"
    assert loaded["layer_hosts"] == ["redis://cache.example:6390/3"]


def test_the_channel_layer_can_be_sharded_or_behind_a_sentinel() -> None:
    shards = "redis://a.example:6379/0,redis://b.example:6379/0"
    loaded = json.loads(load_settings(REDIS_URL="redis://s.example/0", REDIS_SHARDS=shards).stdout)
    assert loaded["layer_hosts"] == shards.split(",")
    assert loaded["redis"] == "redis://s.example/0"  # the game-state store stays put
    loaded = json.loads(
        load_settings(REDIS_SENTINELS="s1:26379,s2:26379", REDIS_SENTINEL_MASTER="fish").stdout
    )
    assert loaded["layer_hosts"] == ["fish"]


def test_without_redis_url_the_settings_name_no_redis() -> None:
    loaded = json.loads(load_settings().stdout)
    assert loaded["redis"] is None
    assert loaded["layer_hosts"] == []


def test_without_redis_url_a_shell_that_touches_redis_is_told_what_to_set() -> None:
    for code in (
        "from fishsite.health import redis_ok; redis_ok()",
        "from channels.layers import get_channel_layer; get_channel_layer()",
        "import asyncio\nfrom rooms.live.store import RoomStore\n"
        "async def store(): RoomStore()\nasyncio.run(store())",
    ):
        run = run_python(["manage.py", "shell", "-c", code])
        assert run.returncode != 0, code
        assert REDIS_MISSING in run.stderr, run.stderr


def test_without_redis_url_daphne_refuses_to_start() -> None:
    # The README's plain daphne line, outside `make run`: it must not serve on a guess.
    run = run_python(["-m", "daphne", "--port", str(free_port()), "fishsite.asgi:application"])
    assert run.returncode != 0
    assert REDIS_MISSING in run.stderr


def test_without_redis_url_commands_that_need_no_redis_work(tmp_path) -> None:
    database = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    for command in (["check"], ["migrate", "--noinput"], ["createsuperuser", "--help"]):
        run = run_python(["manage.py", *command], DATABASE_URL=database)
        assert run.returncode == 0, run.stderr


def test_a_sentinel_is_a_redis_location() -> None:
    run = run_python(
        ["-c", "from fishsite.redis_config import require_redis; require_redis(None)"],
        REDIS_SENTINELS="s1:26379",
    )
    assert run.returncode == 0, run.stderr
