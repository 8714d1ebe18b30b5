"""Where the site finds Redis, and how its connections retry.

Three shapes, all from environment variables (see the README):
- one server: REDIS_URL;
- the channel layer sharded over several servers: REDIS_SHARDS, comma-separated
  URLs (the game-state store stays on REDIS_URL);
- a Sentinel-managed Redis: REDIS_SENTINELS ("host:port,host:port") and
  REDIS_SENTINEL_MASTER, used by both the channel layer and the store.
"""

from __future__ import annotations

import os
from typing import Any

import redis
import redis.asyncio as aioredis
from django.core.exceptions import ImproperlyConfigured
from redis.asyncio.retry import Retry
from redis.backoff import ExponentialBackoff
from redis.exceptions import ConnectionError, TimeoutError

# Connections each server process keeps to the game-state store.
STORE_CONNECTIONS = 64

REDIS_MISSING = (
    "Redis is not configured: set REDIS_URL (e.g. redis://127.0.0.1:6379/0) or "
    "REDIS_SENTINELS, or use `make run` / `manage.py serve`, which start an embedded Redis."
)


def retry_options() -> dict[str, Any]:
    """A restarted Redis leaves pooled connections that fail once; a retry on a
    fresh connection succeeds. (An asyncio Retry: the synchronous one would not
    see errors raised by awaiting.)"""
    return {
        "retry": Retry(ExponentialBackoff(cap=0.5, base=0.02), 4),
        "retry_on_error": [ConnectionError, TimeoutError],
    }


def sentinels(env: dict[str, str] | None = None) -> tuple[list[tuple[str, int]], str] | None:
    env = os.environ if env is None else env
    listed = env.get("REDIS_SENTINELS", "").strip()
    if not listed:
        return None
    hosts = []
    for item in listed.split(","):
        host, _, port = item.strip().rpartition(":")
        hosts.append((host, int(port)))
    return hosts, env.get("REDIS_SENTINEL_MASTER", "mymaster")


def redis_configured(redis_url: str | None, env: dict[str, str] | None = None) -> bool:
    return bool(redis_url) or sentinels(env) is not None


def require_redis(redis_url: str | None) -> None:
    """Refuse, rather than guess an address, when nothing says where Redis is."""
    if not redis_configured(redis_url):
        raise ImproperlyConfigured(REDIS_MISSING)


class UnconfiguredLayer:
    """The channel layer when Redis is not configured: it refuses on first use."""

    def __init__(self, **config: Any) -> None:
        raise ImproperlyConfigured(REDIS_MISSING)


def channel_layer_hosts(redis_url: str | None, env: dict[str, str] | None = None) -> list[dict]:
    env = os.environ if env is None else env
    sentinel = sentinels(env)
    if sentinel is not None:
        hosts, master = sentinel
        return [{"sentinels": hosts, "master_name": master, **retry_options()}]
    listed = env.get("REDIS_SHARDS") or redis_url or ""
    urls = [url.strip() for url in listed.split(",") if url.strip()]
    return [{"address": url, **retry_options()} for url in urls]


def async_client(redis_url: str | None) -> aioredis.Redis:
    """A client for the game-state store."""
    require_redis(redis_url)
    options = {"socket_connect_timeout": 2, "socket_timeout": 5, **retry_options()}
    sentinel = sentinels()
    if sentinel is not None:
        hosts, master = sentinel
        return aioredis.Sentinel(hosts, socket_connect_timeout=2).master_for(master, **options)
    # A blocking pool: under a burst (hundreds of sockets connecting at once) a
    # command waits for a free connection instead of failing for want of one.
    pool = aioredis.BlockingConnectionPool.from_url(
        redis_url, max_connections=STORE_CONNECTIONS, timeout=20, **options
    )
    return aioredis.Redis(connection_pool=pool)


def sync_client(redis_url: str | None) -> redis.Redis:
    """A short-lived client for health checks."""
    require_redis(redis_url)
    options = {"socket_connect_timeout": 1, "socket_timeout": 1}
    sentinel = sentinels()
    if sentinel is not None:
        hosts, master = sentinel
        return redis.Sentinel(hosts, socket_connect_timeout=1).master_for(master, **options)
    return redis.Redis.from_url(redis_url, **options)
