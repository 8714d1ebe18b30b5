"""Settings, all from environment variables with safe development defaults.

Production sets DJANGO_DEBUG=0, DJANGO_SECRET_KEY, DJANGO_ALLOWED_HOSTS,
DATABASE_URL (PostgreSQL) and REDIS_URL; see the README.
"""

from __future__ import annotations

import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from fishsite.forwarded import trusted_networks
from fishsite.redis_config import channel_layer_hosts, redis_configured

BASE_DIR = Path(__file__).resolve().parent.parent

DEV_SECRET_KEY = "dev-only-insecure-key-change-me-in-production"


def env_flag(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_int(name: str, default: int) -> int:
    return int(os.environ.get(name, default))


def env_float(name: str, default: float) -> float:
    return float(os.environ.get(name, default))


DEBUG = env_flag("DJANGO_DEBUG", True)
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", DEV_SECRET_KEY)
if not DEBUG and SECRET_KEY == DEV_SECRET_KEY:
    raise ImproperlyConfigured(
        "DJANGO_SECRET_KEY must be set when DJANGO_DEBUG is off: the development key is public."
    )

ALLOWED_HOSTS = [
    host.strip()
    for host in os.environ.get("DJANGO_ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]").split(",")
    if host.strip()
]
CSRF_TRUSTED_ORIGINS = [
    origin.strip()
    for origin in os.environ.get("DJANGO_CSRF_TRUSTED_ORIGINS", "").split(",")
    if origin.strip()
]

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "channels",
    "fishsite",
    "rooms",
    "frontend",
]

MIDDLEWARE = [
    "fishsite.request_log.RequestLogMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "rooms.records.identity.GuestMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "fishsite.urls"
ASGI_APPLICATION = "fishsite.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "rooms.records.identity.guest_context",
            ],
        },
    },
]

# SQLite by default; PostgreSQL in production through DATABASE_URL.
# Connections are kept (the room service writes a move per action from one
# thread; opening a connection each time cost more than the write) and checked
# before reuse, so a restarted database is noticed.
DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
        conn_max_age=env_int("DATABASE_CONN_MAX_AGE", 600),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several server processes share one file: WAL lets readers run beside the
    # writer, IMMEDIATE takes the write lock up front instead of failing late.
    DATABASES["default"]["OPTIONS"] = {
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        "transaction_mode": "IMMEDIATE",
        # How long a write waits for the lock before the move is refused.
        "timeout": env_float("DATABASE_TIMEOUT", 20.0),
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "whitenoise.storage.CompressedManifestStaticFilesStorage"
            if env_flag("DJANGO_STATIC_MANIFEST", not DEBUG)  # needs collectstatic
            else "django.contrib.staticfiles.storage.StaticFilesStorage"
        )
    },
}

# Guests keep their identity across browser restarts: a year-long session.
SESSION_COOKIE_AGE = 365 * 24 * 3600
SESSION_EXPIRE_AT_BROWSER_CLOSE = False
SESSION_SAVE_EVERY_REQUEST = False
SESSION_COOKIE_SAMESITE = "Lax"

# X-Forwarded-For and X-Forwarded-Proto count only from these proxies
# (fishsite/forwarded.py sets the client address and the scheme from them, so
# HTTPS detection needs no SECURE_PROXY_SSL_HEADER, which would trust anyone).
TRUSTED_PROXIES = trusted_networks(os.environ.get("TRUSTED_PROXIES", ""))
# Production hardening: on whenever debug is off.
# Secure cookies unless turned off, for a production-like run over plain HTTP
# (the load benchmark's): DJANGO_SECURE_COOKIES=0.
SESSION_COOKIE_SECURE = env_flag("DJANGO_SECURE_COOKIES", not DEBUG)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
SECURE_SSL_REDIRECT = env_flag("DJANGO_SECURE_SSL_REDIRECT", not DEBUG)
# Health checks come over plain HTTP from inside the network.
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
SECURE_HSTS_SECONDS = env_int("DJANGO_HSTS_SECONDS", 0 if DEBUG else 31536000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = not DEBUG
SECURE_HSTS_PRELOAD = not DEBUG
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

# Redis: the channel layer and the game-state store. There is no default
# address: a guessed 127.0.0.1:6379 exists on no fresh machine. `make run`
# (`manage.py serve`) starts an embedded server and passes its URL here; any
# other entry point that needs Redis refuses until REDIS_URL (or
# REDIS_SENTINELS) is set, and commands that do not need it still work.
REDIS_URL = os.environ.get("REDIS_URL") or None
# The pub/sub layer publishes a room's change once per server process, which
# then hands it to its own sockets: one Redis message per change, not one per
# socket. Like the list-based layer, it delivers at most once; versions and
# resync cover a lost message. REDIS_SHARDS spreads it over several Redis
# servers; REDIS_SENTINELS points it (and the store) at a Sentinel-managed one.
CHANNEL_LAYERS = {
    "default": {
        "BACKEND": "fishsite.channel_layer.RoomChannelLayer",
        "CONFIG": {"hosts": channel_layer_hosts(REDIS_URL)},
    }
}
if os.environ.get("CHANNEL_LAYER") == "lists":
    # channels-redis's list-based layer: one Redis message per socket, with a
    # capacity per channel. Slower here; kept to measure against (bench.action_cost).
    CHANNEL_LAYERS["default"] = {
        "BACKEND": "channels_redis.core.RedisChannelLayer",
        "CONFIG": {"hosts": [REDIS_URL], "capacity": 1000, "expiry": 30},
    }
if not redis_configured(REDIS_URL):
    # Either layer would quietly fall back to localhost:6379.
    CHANNEL_LAYERS["default"] = {"BACKEND": "fishsite.redis_config.UnconfiguredLayer"}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"line": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"}},
    "handlers": {"stdout": {"class": "logging.StreamHandler", "formatter": "line"}},
    "root": {"handlers": ["stdout"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    "loggers": {
        # Our own request line replaces Django's and Daphne's access logs.
        "django.server": {"level": "WARNING"},
        "django.request": {"level": "ERROR"},
    },
}

# Rooms: how long a dropped player keeps their seat, how long the computer
# pauses before it plays, and how long an abandoned room stays in Redis.
SEAT_GRACE_SECONDS = env_float("SEAT_GRACE_SECONDS", 60.0)
BOT_PAUSE_SECONDS = env_float("BOT_PAUSE_SECONDS", 0.9)
ROOM_TTL_SECONDS = env_int("ROOM_TTL_SECONDS", 24 * 3600)
# Per-socket flood limit: a steady rate with a burst allowance, in frames.
WS_RATE_PER_SECOND = env_float("WS_RATE_PER_SECOND", 20.0)
WS_RATE_BURST = env_int("WS_RATE_BURST", 40)
# How often a client says it is alive; presence older than this times three is stale.
HEARTBEAT_SECONDS = env_float("HEARTBEAT_SECONDS", 20.0)
# Abuse limits: new websockets per address and minute, rooms a guest may open
# per hour, and how much a client may leave unread before it is cut off.
WS_CONNECTS_PER_MINUTE = env_int("WS_CONNECTS_PER_MINUTE", 120)
ROOMS_PER_GUEST_PER_HOUR = env_int("ROOMS_PER_GUEST_PER_HOUR", 30)
WS_MAX_UNREAD_BYTES = env_int("WS_MAX_UNREAD_BYTES", 8 * 1024 * 1024)
# Test-only room options (a Kitten Fishing flip limit); off in production, so a
# guest cannot open a game that ends at once. Games opened with them never count
# in statistics.
ALLOW_TEST_KNOBS = env_flag("ALLOW_TEST_KNOBS", False)
