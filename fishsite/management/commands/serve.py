"""``manage.py serve``: the site under Daphne, with an embedded Redis if needed.

This is what ``make run`` calls. With REDIS_URL unset it starts the embedded
Redis server and hands its URL to Daphne; Ctrl-C stops both.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from typing import Any

from django.core.management.base import BaseCommand

from fishsite.embedded_redis import redis_url_or_embedded


def daphne_command(host: str, port: int) -> list[str]:
    """The Daphne invocation, the same one production uses (see the README).

    No --proxy-headers: Daphne would take X-Forwarded-For from anyone; the
    application trusts it only from TRUSTED_PROXIES (fishsite/forwarded.py)."""
    return [
        sys.executable, "-m", "daphne",
        "--bind", host,
        "--port", str(port),
        "fishsite.asgi:application",
    ]  # fmt: skip


class Command(BaseCommand):
    help = "Serve the site with Daphne (starting an embedded Redis when REDIS_URL is unset)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--host", default="127.0.0.1")
        parser.add_argument("--port", type=int, default=8000)

    def handle(self, *args: Any, host: str, port: int, **options: Any) -> None:
        url, embedded = redis_url_or_embedded()
        if embedded is not None:
            self.stdout.write(f"Started an embedded Redis server at {url}")
        env = {**os.environ, "REDIS_URL": url}
        self.stdout.write(f"Serving fishsite on http://{host}:{port}/ (Ctrl-C stops)")
        self.stdout.flush()
        server = subprocess.Popen(daphne_command(host, port), env=env)
        # SIGTERM (docker stop, a test harness) stops us the same way as Ctrl-C.
        signal.signal(signal.SIGTERM, lambda *_: server.send_signal(signal.SIGINT))
        try:
            server.wait()
        except KeyboardInterrupt:
            server.send_signal(signal.SIGINT)
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
        finally:
            if embedded is not None:
                embedded.cleanup()
