"""Start real server processes (Daphne through ``manage.py serve``) for tests."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

from fishsite.embedded_redis import free_port

ROOT = Path(__file__).resolve().parents[1]


def migrate(database_url: str) -> None:
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput"],
        cwd=ROOT,
        env={**os.environ, "DATABASE_URL": database_url},
        check=True,
        capture_output=True,
        timeout=120,
    )


class Server:
    """``manage.py serve`` on a free port, stopped with Ctrl-C (SIGINT) like a user would."""

    def __init__(self, env: dict[str, str], port: int | None = None) -> None:
        self.port = port or free_port()
        self.env = {**os.environ, **env}
        self.process: subprocess.Popen[str] | None = None
        # A file, not a pipe: nobody reads a pipe while the server runs, and a
        # full pipe would block the server on its next log line.
        self.log_path = Path(tempfile.mkdtemp(prefix="fishsite-server-")) / "server.log"

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self, timeout: float = 60.0) -> Server:
        with open(self.log_path, "a") as log:  # the child keeps its own copy
            self.process = subprocess.Popen(
                [sys.executable, "manage.py", "serve", "--port", str(self.port)],
                cwd=ROOT,
                env=self.env,
                stdout=log,
                stderr=subprocess.STDOUT,
                text=True,
                start_new_session=True,
            )
        self.wait_ready(timeout)
        return self

    def wait_ready(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process is not None and self.process.poll() is not None:
                raise RuntimeError(f"server exited early:\n{self.output()}")
            try:
                with urllib.request.urlopen(self.base_url + "/healthz", timeout=2) as response:
                    if response.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                time.sleep(0.2)
        raise RuntimeError("server did not become healthy in time")

    def interrupt(self, timeout: float = 20.0) -> int:
        """Ctrl-C, as in a terminal: SIGINT to the whole process group."""
        assert self.process is not None
        os.killpg(self.process.pid, signal.SIGINT)
        return self.process.wait(timeout=timeout)

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()

    def output(self) -> str:
        """Everything the server printed so far."""
        return self.log_path.read_text(errors="replace")
