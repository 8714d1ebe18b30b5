from django.apps import AppConfig


class RoomsConfig(AppConfig):
    name = "rooms"
    verbose_name = "Rooms and players"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Imported here, not above: it imports the models, which Django loads
        # only after every app's configuration.
        from rooms.live import timed_work

        timed_work.hand_over()
