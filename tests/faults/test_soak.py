"""A short soak in CI: steady play while server processes are killed and restarted.

The full ten-minute run is ``python -m bench.soak`` (figures in the README)."""

from __future__ import annotations

import argparse

import pytest

from bench.soak import run

pytestmark = pytest.mark.slow


def test_a_short_soak_with_restarts_loses_nothing_and_leaves_no_room_stuck() -> None:
    report = run(
        argparse.Namespace(minutes=1.0, rooms=6, pace=2.0, restart_every=20.0, declare_chance=0.5)
    )
    assert report["kills"] >= 2
    assert report["reconnects"] >= report["kills"]
    assert report["finished_games"] >= 1
    assert report["replay_mismatches"] == 0
    assert report["stuck_rooms"] == []
    assert not report["memory_grew_without_bound"]
    assert report["ok"]
