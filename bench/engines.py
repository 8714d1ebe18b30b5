"""All four rules engines' figures in one run: ``python -m bench.engines [seconds]``.

Prints one JSON object with each engine's benchmark (see bench/engine_*.py).
Figures from one run are comparable with each other; compare runs as ratios.
"""

from __future__ import annotations

import json
import platform
import sys
from typing import Any

from bench import engine_card_fishing, engine_fish, engine_go_fish, engine_kitten_fishing

BENCHMARKS = {
    "kitten-fishing": engine_kitten_fishing.run,
    "card-fishing": engine_card_fishing.run,
    "go-fish": engine_go_fish.run,
    "fish": engine_fish.run,
}


def run(seconds_each: float) -> dict[str, Any]:
    return {
        "python": platform.python_version(),
        "machine": platform.machine(),
        **{name: bench(seconds_each) for name, bench in BENCHMARKS.items()},
    }


if __name__ == "__main__":
    print(json.dumps(run(float(sys.argv[1]) if len(sys.argv) > 1 else 5.0), indent=2))
