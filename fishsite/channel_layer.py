"""The channel layer: channels-redis's pub/sub layer, made to survive a Redis restart.

When Redis restarts, the library's receive loop keeps failing on the dead
pub/sub connection, or stops reading once redis-py no longer counts it as
subscribed, so broadcasts would stop for good. Here a lost connection is
dropped and every channel and group is subscribed again, retrying until Redis
answers.
"""

from __future__ import annotations

import asyncio
import logging

from channels_redis.pubsub import RedisPubSubChannelLayer, RedisSingleShardConnection
from redis.exceptions import ConnectionError as RedisConnectionError

logger = logging.getLogger("fishsite.layer")


class ReconnectingShard(RedisSingleShardConnection):
    async def _do_receiving(self) -> None:
        # The library's loop, plus the ConnectionError branch.
        while True:
            try:
                if self._pubsub and self._pubsub.subscribed:
                    message = await self._pubsub.get_message(
                        ignore_subscribe_messages=True, timeout=0.1
                    )
                    self._receive_message(message)
                else:
                    await asyncio.sleep(0.1)
            except (TimeoutError, asyncio.CancelledError, GeneratorExit):
                raise
            except RedisConnectionError as error:
                logger.warning("Redis pub/sub connection lost (%s); reconnecting", error)
                await self._resubscribe()
            except Exception:
                logger.exception("unexpected error receiving from Redis pub/sub")
                await asyncio.sleep(1)

    async def _resubscribe(self) -> None:
        connection = self._pubsub.connection if self._pubsub is not None else None
        if connection is not None:
            await connection.disconnect()
        while True:
            try:
                async with self._lock:
                    if self._subscribed_to:
                        await self._pubsub.subscribe(*self._subscribed_to)
                logger.warning("Redis pub/sub subscriptions restored")
                return
            except RedisConnectionError:
                await asyncio.sleep(0.2)


class RoomChannelLayer(RedisPubSubChannelLayer):
    def _get_layer(self):  # noqa: ANN202 - the library's own type
        layer = super()._get_layer()
        if not getattr(layer, "reconnecting_shards", False):
            layer._shards = [ReconnectingShard(shard.host, layer) for shard in layer._shards]
            layer.reconnecting_shards = True
        return layer
