"""``/healthz`` reports the database and a real Redis server."""

from __future__ import annotations

import pytest
from django.test import Client, override_settings

from fishsite.embedded_redis import EmbeddedRedis


@pytest.fixture
def own_redis():
    server = EmbeddedRedis().start()
    yield server
    server.cleanup()


@pytest.mark.django_db
def test_healthz_is_green_with_database_and_redis(own_redis: EmbeddedRedis) -> None:
    with override_settings(REDIS_URL=own_redis.url):
        response = Client().get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"database": "ok", "redis": "ok", "status": "ok"}


@pytest.mark.django_db
def test_healthz_names_redis_when_it_is_stopped(own_redis: EmbeddedRedis) -> None:
    with override_settings(REDIS_URL=own_redis.url):
        assert Client().get("/healthz").status_code == 200
        own_redis.stop()
        response = Client().get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert body["failing"] == ["redis"]
    assert body["database"] == "ok"
