"""``/ws/health/``: a websocket that answers ``ping`` with ``pong``.

Load balancers and the test suite use it to check that websockets reach a
live server process and that the channel layer answers.
"""

from __future__ import annotations

import json

from channels.generic.websocket import AsyncWebsocketConsumer


class HealthConsumer(AsyncWebsocketConsumer):
    async def connect(self) -> None:
        await self.accept()

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        # Round-trip through the channel layer, so a pong proves Redis answers too.
        await self.channel_layer.send(self.channel_name, {"type": "health.pong"})

    async def health_pong(self, message: dict) -> None:
        await self.send(text_data=json.dumps({"type": "pong"}))
