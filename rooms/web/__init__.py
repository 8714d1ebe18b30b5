"""Pages and the HTTP API: the views and URLs, the "new room" form, opening a
room, and the history and replay of finished games.

It may import ``rooms.live``, ``rooms.records`` and the shared modules at the
app's root, never ``rooms.wire``; nothing in ``rooms`` imports it.
"""

MAY_IMPORT = ("rooms.live", "rooms.records")
