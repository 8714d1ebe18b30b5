"""The database side: rows written for rooms, seats and moves, statistics, who a
guest is and their names.

It imports only the shared modules at the app's root (``models``, ``errors``,
``document``, ``moves``), never ``rooms.wire``, ``rooms.live`` or ``rooms.web``.
"""

MAY_IMPORT = ()
