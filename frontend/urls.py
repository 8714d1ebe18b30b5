from django.urls import path

from frontend import views

urlpatterns = [
    path("", views.home, name="home"),
    path("join", views.join, name="join"),
    path("rules/<slug:game>/", views.rules_page, name="rules"),
    path("play/card-fishing/", views.play_card_fishing, name="play-card-fishing"),
    path("r/<str:code>/", views.room_page, name="room"),
    path("replay/<int:match_id>/", views.replay_page, name="replay"),
]
