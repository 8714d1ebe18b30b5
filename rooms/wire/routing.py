from django.urls import path

from fishsite.ws_health import HealthConsumer
from rooms.wire.consumers import RoomConsumer

websocket_urlpatterns = [
    path("ws/health/", HealthConsumer.as_asgi()),
    path("ws/r/<str:code>/", RoomConsumer.as_asgi()),
]
