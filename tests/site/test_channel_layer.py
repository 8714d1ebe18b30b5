"""Websockets over the real Redis channel layer."""

from __future__ import annotations

import json

import pytest
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.conf import settings

from fishsite.ws_health import HealthConsumer

# Consumers close stale database connections between messages: allow that.
pytestmark = pytest.mark.django_db(transaction=True)


class GroupMember(AsyncJsonWebsocketConsumer):
    """Joins one group and forwards what the group receives."""

    async def connect(self) -> None:
        await self.channel_layer.group_add("smoke", self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard("smoke", self.channel_name)

    async def smoke_message(self, message: dict) -> None:
        await self.send_json({"text": message["text"]})


def test_the_layer_is_redis() -> None:
    backend = settings.CHANNEL_LAYERS["default"]["BACKEND"]
    assert backend == "fishsite.channel_layer.RoomChannelLayer"


async def test_two_connections_in_one_group_both_receive_a_broadcast(redis_client) -> None:
    first = WebsocketCommunicator(GroupMember.as_asgi(), "/ws/smoke/")
    second = WebsocketCommunicator(GroupMember.as_asgi(), "/ws/smoke/")
    assert (await first.connect())[0]
    assert (await second.connect())[0]
    await get_channel_layer().group_send("smoke", {"type": "smoke.message", "text": "hello"})
    assert await first.receive_json_from(timeout=5) == {"text": "hello"}
    assert await second.receive_json_from(timeout=5) == {"text": "hello"}
    # The broadcast went through Redis: this process subscribes to the group there.
    assert any(b"smoke" in channel for channel in redis_client.pubsub_channels())
    await first.disconnect()
    await second.disconnect()


async def test_health_socket_answers_through_the_layer() -> None:
    socket = WebsocketCommunicator(HealthConsumer.as_asgi(), "/ws/health/")
    assert (await socket.connect())[0]
    await socket.send_to(text_data="ping")
    assert json.loads(await socket.receive_from(timeout=5)) == {"type": "pong"}
    await socket.disconnect()
