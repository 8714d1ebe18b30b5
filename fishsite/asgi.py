"""ASGI entry point: HTTP goes to Django, websockets to the room consumers.

Websockets get the session and the user from cookies (so a guest keeps their
seat across tabs), and only from pages served by an allowed host. Both go
through ForwardedMiddleware, which believes X-Forwarded-For and
X-Forwarded-Proto only from TRUSTED_PROXIES.

A server needs Redis: with none configured this module refuses to load (the
plain ``daphne fishsite.asgi:application`` line, ``runserver``), where
``manage.py serve`` would have started an embedded one.
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
from django.conf import settings  # noqa: E402

from fishsite.forwarded import ForwardedMiddleware  # noqa: E402
from fishsite.redis_config import require_redis  # noqa: E402
from rooms.wire.routing import websocket_urlpatterns  # noqa: E402

# The collector's pauses stall every socket of the process at once, so they
# set the tail latency. Objects from start-up are frozen (never walked again).
# A larger first threshold than the default (700) saves CPU on the many
# short-lived dicts of each action; a much larger one (50,000) made the
# middle generation so big that collecting it took ~300 ms with 2,000 sockets
# (bench/load.py at 300 rooms). With these, those pauses are ~20-95 ms.
gc.freeze()
gc.set_threshold(10_000, 10, 100)

require_redis(settings.REDIS_URL)

application = ForwardedMiddleware(
    ProtocolTypeRouter(
        {
            "http": django_asgi_app,
            "websocket": AllowedHostsOriginValidator(
                AuthMiddlewareStack(URLRouter(websocket_urlpatterns))
            ),
        }
    ),
    settings.TRUSTED_PROXIES,
)
