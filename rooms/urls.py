from django.urls import path

from rooms import views

urlpatterns = [
    path("me/name", views.change_name, name="change-name"),
    path("rooms/new", views.create_room, name="create-room"),
]
