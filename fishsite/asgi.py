"""ASGI entry point: HTTP goes to Django, websockets to the room consumers.

Websockets get the session and the user from cookies (so a guest keeps their
seat across tabs), and only from pages served by an allowed host.
"""

from __future__ import annotations

import gc
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "fishsite.settings")
# Django must be set up before anything imports models.
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from rooms.routing import websocket_urlpatterns  # noqa: E402

# Each action allocates many short-lived dicts. With the default thresholds the
# collector runs every 700 allocations and often walks the long-lived heap
# (modules, the per-version caches); bench/action_cost.py measured about 10%
# less CPU per action with these. Objects from start-up are never collected.
gc.freeze()
gc.set_threshold(50_000, 20, 100)

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": AllowedHostsOriginValidator(
            AuthMiddlewareStack(URLRouter(websocket_urlpatterns))
        ),
    }
)
