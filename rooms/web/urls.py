from django.urls import path

from rooms.web import views

urlpatterns = [
    path("me/name", views.change_name, name="change-name"),
    path("rooms/new", views.create_room, name="create-room"),
    path("api/me", views.me, name="api-me"),
    path("api/solo/<str:game>", views.solo, name="api-solo"),
    path("history/", views.history_page, name="history"),
    path("api/history", views.history_data, name="api-history"),
    path("matches/<int:match_id>/record.json", views.match_record_download, name="match-record"),
    path("matches/<int:match_id>/replay.json", views.replay_data, name="replay-data"),
]
