"""The live room in Redis: the service and its store, the change functions, the
lobby and match rules around the engine, the scheduler, presence and the frames.

It may import ``rooms.records`` and the shared modules at the app's root, never
``rooms.wire`` or ``rooms.web``.
"""

MAY_IMPORT = ("rooms.records",)
