"""A token bucket: a steady rate of frames per socket, with a burst allowance."""

from __future__ import annotations


class TokenBucket:
    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.capacity = float(burst)
        self.tokens = float(burst)
        self.updated: float | None = None

    def take(self, now: float) -> bool:
        """Spend one token if there is one; False means the sender is flooding."""
        if self.updated is not None:
            self.tokens = min(self.capacity, self.tokens + (now - self.updated) * self.rate)
        self.updated = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True
