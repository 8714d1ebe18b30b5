from django.urls import path

from rooms import views

urlpatterns = [
    path("me/name", views.change_name, name="change-name"),
]
