"""A Sentinel-managed Redis: the server finds its master through the sentinel."""

from __future__ import annotations

import subprocess
import time

import pytest
import redis

from fishsite.embedded_redis import EmbeddedRedis, free_port, server_binary
from tests.e2e.http_guest import Guest
from tests.servers import Server

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def sentinel(tmp_path):
    master = EmbeddedRedis().start()
    port = free_port()
    config = tmp_path / "sentinel.conf"
    config.write_text(
        f"port {port}\nbind 127.0.0.1\ndir {tmp_path}\n"
        f"sentinel monitor fishmaster 127.0.0.1 {master.port} 1\n"
        "sentinel down-after-milliseconds fishmaster 2000\n"
    )
    process = subprocess.Popen(
        [server_binary(), str(config), "--sentinel"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    client = redis.Redis(port=port)
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        try:
            if client.sentinel_get_master_addr_by_name("fishmaster"):
                break
        except redis.RedisError:
            time.sleep(0.1)
    yield port, master
    process.kill()
    process.wait()
    master.cleanup()


def test_a_game_runs_on_a_sentinel_managed_redis(sentinel, database_url) -> None:
    port, master = sentinel
    server = Server(
        {
            "REDIS_URL": "redis://127.0.0.1:1/0",  # wrong on purpose: the sentinel decides
            "REDIS_SENTINELS": f"127.0.0.1:{port}",
            "REDIS_SENTINEL_MASTER": "fishmaster",
            "DATABASE_URL": database_url,
            "BOT_PAUSE_SECONDS": "0",
        }
    ).start()
    try:
        host = Guest(server.base_url)
        code = host.open_room("kitten-fishing")
        socket = host.socket(server.ws_url, code)
        reply = socket.command("act", action={"type": "finish"})
        assert reply["type"] == "ack", reply
        assert socket.latest["game"]["over"] is True
        # The room lives on the master the sentinel named.
        assert redis.Redis(port=master.port).exists(f"fishsite:room:{code}")
    finally:
        server.kill()
