"""Display names: generated for new guests, cleaned when a player picks one."""

from __future__ import annotations

import secrets
import unicodedata

MAX_NAME_LENGTH = 24

ADJECTIVES = (
    "Brave", "Calm", "Clever", "Eager", "Gentle", "Happy", "Jolly", "Keen", "Lucky",
    "Merry", "Nimble", "Patient", "Quick", "Quiet", "Sly", "Sunny", "Swift", "Witty",
)  # fmt: skip
CREATURES = (
    "Carp", "Cod", "Eel", "Guppy", "Haddock", "Herring", "Kitten", "Mackerel", "Minnow",
    "Otter", "Perch", "Pike", "Salmon", "Sardine", "Seal", "Trout", "Tuna", "Walrus",
)  # fmt: skip


def generate_name() -> str:
    """A friendly random name such as "Lucky Herring 42"."""
    number = secrets.randbelow(90) + 10
    return f"{secrets.choice(ADJECTIVES)} {secrets.choice(CREATURES)} {number}"


class InvalidName(ValueError):
    """A display name that cannot be used; ``code`` is stable."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def clean_name(raw: object) -> str:
    """Trim, fold whitespace and drop control characters; reject empty or long names.

    Escaping is the template's job; this only keeps names readable.
    """
    if not isinstance(raw, str):
        raise InvalidName("bad-name", "A name must be text.")
    kept = "".join(ch for ch in raw if not unicodedata.category(ch).startswith("C"))
    name = " ".join(kept.split())
    if not name:
        raise InvalidName("name-empty", "Please enter a name.")
    if len(name) > MAX_NAME_LENGTH:
        raise InvalidName("name-too-long", f"Names are at most {MAX_NAME_LENGTH} characters.")
    return name
