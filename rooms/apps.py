from django.apps import AppConfig


class RoomsConfig(AppConfig):
    name = "rooms"
    verbose_name = "Rooms and players"
    default_auto_field = "django.db.models.BigAutoField"
