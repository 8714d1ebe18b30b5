"""The websocket edge: the consumer, its inbox loop, its rate limit and the routes.

It turns sockets into commands for the live room and the live room's changes into
frames. It may import ``rooms.live``, ``rooms.records`` and the shared modules at the
app's root; nothing in ``rooms`` imports it (``fishsite.asgi`` routes to it).
"""

MAY_IMPORT = ("rooms.live", "rooms.records")
