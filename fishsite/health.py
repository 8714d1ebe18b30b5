"""``GET /healthz``: 200 when the database and Redis both answer, else 503."""

from __future__ import annotations

import redis
from django.conf import settings
from django.db import connection
from django.http import HttpRequest, JsonResponse

from fishsite.redis_config import sync_client


def database_ok() -> bool:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        return True
    except Exception:
        return False


def redis_ok() -> bool:
    client = sync_client(settings.REDIS_URL)
    try:
        return bool(client.ping())
    except redis.RedisError:
        return False
    finally:
        client.close()


def healthz(request: HttpRequest) -> JsonResponse:
    checks = {"database": database_ok(), "redis": redis_ok()}
    failing = [name for name, ok in checks.items() if not ok]
    body = {name: ("ok" if ok else "down") for name, ok in checks.items()}
    body["status"] = "ok" if not failing else "down"
    if failing:
        body["failing"] = failing
    return JsonResponse(body, status=503 if failing else 200)
