"""docker-compose.yml: no Docker engine runs here, so check what can be checked."""

from __future__ import annotations

import ipaddress
import re
import shlex
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
COMPOSE = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
SETTINGS_VARIABLES = {
    "DJANGO_SECRET_KEY",
    "DJANGO_DEBUG",
    "DJANGO_ALLOWED_HOSTS",
    "DATABASE_URL",
    "REDIS_URL",
    "TRUSTED_PROXIES",
}


def daphne_words(command: str) -> list[str]:
    """The words of the daphne invocation inside a shell command line."""
    words = shlex.split(command)
    if words[:2] == ["sh", "-c"]:
        words = shlex.split(words[2])
    start = words.index("daphne")
    end = words.index("&&", start) if "&&" in words[start:] else len(words)
    return words[start:end]


def readme_production_command() -> str:
    readme = (ROOT / "README.md").read_text()
    found = re.search(r"^\s*(daphne .+fishsite\.asgi:application)\s*$", readme, re.MULTILINE)
    assert found, "the README documents the production Daphne command"
    return found.group(1)


def test_services_are_database_redis_web_and_a_front() -> None:
    assert {"db", "redis", "web", "nginx"} <= set(COMPOSE["services"])
    assert COMPOSE["services"]["db"]["image"].startswith("postgres")
    assert COMPOSE["services"]["redis"]["image"].startswith("redis")


def test_redis_persists_with_append_only_file() -> None:
    command = COMPOSE["services"]["redis"]["command"]
    assert command[command.index("--appendonly") + 1] == "yes"


def test_every_service_has_a_health_check_and_web_waits_for_healthy_backends() -> None:
    for name, service in COMPOSE["services"].items():
        assert "healthcheck" in service, name
    depends = COMPOSE["services"]["web"]["depends_on"]
    assert depends == {
        "db": {"condition": "service_healthy"},
        "redis": {"condition": "service_healthy"},
    }


def test_web_is_configured_only_through_the_documented_variables() -> None:
    environment = COMPOSE["services"]["web"]["environment"]
    assert set(environment) == SETTINGS_VARIABLES
    assert environment["DJANGO_DEBUG"] == "0"
    assert environment["DATABASE_URL"].startswith("postgres://")
    assert environment["REDIS_URL"] == "redis://redis:6379/0"
    assert "${DJANGO_SECRET_KEY:?" in environment["DJANGO_SECRET_KEY"]


def test_web_migrates_then_runs_the_readme_daphne_command() -> None:
    command = COMPOSE["services"]["web"]["command"]
    assert command.index("migrate") < command.index("daphne")
    assert daphne_words(command) == shlex.split(readme_production_command())


def test_web_can_be_scaled_behind_nginx() -> None:
    web = COMPOSE["services"]["web"]
    # No fixed host port on web: replicas would clash; nginx is the way in.
    assert "ports" not in web and web["expose"] == ["8000"]
    nginx = COMPOSE["services"]["nginx"]
    assert nginx["ports"] == ["80:80"]
    assert nginx["depends_on"] == {"web": {"condition": "service_healthy"}}
    mounted = nginx["volumes"][0].split(":")
    config = (ROOT / mounted[0]).read_text()
    assert mounted[1] == "/etc/nginx/conf.d/default.conf"
    assert "server web:8000 resolve" in config
    # Websockets are upgraded through the proxy, and the scheme passed on.
    assert "proxy_set_header Upgrade $http_upgrade" in config
    assert "X-Forwarded-Proto $scheme" in config


def test_only_nginx_may_name_the_client_and_it_drops_what_the_client_sent() -> None:
    services = COMPOSE["services"]
    nginx_address = services["nginx"]["networks"]["default"]["ipv4_address"]
    assert services["web"]["environment"]["TRUSTED_PROXIES"] == nginx_address
    # The fixed address is in the network but outside the pool the others take from.
    (pool,) = COMPOSE["networks"]["default"]["ipam"]["config"]
    address = ipaddress.ip_address(nginx_address)
    assert address in ipaddress.ip_network(pool["subnet"])
    assert address not in ipaddress.ip_network(pool["ip_range"])
    # Daphne itself would believe the header from anyone.
    assert "--proxy-headers" not in daphne_words(services["web"]["command"])
    config = (ROOT / "deploy" / "nginx.conf").read_text()
    forwarded = re.findall(r"proxy_set_header X-Forwarded-For (\S+);", config)
    assert forwarded and set(forwarded) == {"$remote_addr"}
