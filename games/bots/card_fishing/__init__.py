"""The Bot at Card Fishing: four levels, each a policy over the seat's view alone.

Register them with ``POLICIES.update(CARD_FISHING_POLICIES)``.
"""

from __future__ import annotations

from .policies import CARD_FISHING_POLICIES, crazy, easy, hard, normal

__all__ = ["CARD_FISHING_POLICIES", "crazy", "easy", "hard", "normal"]
