"""How every Redis connection of the site retries: a restarted Redis leaves
pooled connections that fail once; a retry on a fresh connection succeeds."""

from __future__ import annotations

from typing import Any

from redis.asyncio.retry import Retry
from redis.backoff import ExponentialBackoff
from redis.exceptions import ConnectionError, TimeoutError


def retry_options() -> dict[str, Any]:
    """Options for an asyncio Redis client or pool (an asyncio Retry: the
    synchronous one would not see errors raised by awaiting)."""
    return {
        "retry": Retry(ExponentialBackoff(cap=0.5, base=0.02), 4),
        "retry_on_error": [ConnectionError, TimeoutError],
    }
