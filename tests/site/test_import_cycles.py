"""scripts/import_cycles.py: no import cycles, no imports hidden in functions, no
layer imported against its declared direction."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "import_cycles.py"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=60
    )


def write_package(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def test_the_project_has_no_import_cycles_nor_hidden_imports() -> None:
    result = run()
    assert result.stdout == ""
    assert result.returncode == 0


def test_a_cycle_closed_inside_a_function_is_found(tmp_path: Path) -> None:
    write_package(
        tmp_path,
        {
            "toy/__init__.py": "",
            "toy/a.py": "from . import b\n\nVALUE = 1\n",
            "toy/b.py": "def value():\n    from toy.a import VALUE\n    return VALUE\n",
            "toy/c.py": "import toy.a\n",
        },
    )
    result = run("--root", str(tmp_path), "--package", "toy")
    assert result.returncode == 1
    assert result.stdout.splitlines() == [
        "cycle: toy.a -> toy.b -> toy.a",
        "    toy/a.py:1: toy.a imports toy.b",
        "    toy/b.py:2: toy.b imports toy.a",
        "hidden import: toy/b.py:2: value() imports toy.a",
    ]


def test_app_loading_may_import_in_ready(tmp_path: Path) -> None:
    write_package(
        tmp_path,
        {
            "toy/__init__.py": "",
            "toy/models.py": "",
            "toy/apps.py": (
                "class ToyConfig:\n    def ready(self):\n        from toy import models\n"
            ),
        },
    )
    result = run("--root", str(tmp_path), "--package", "toy")
    assert (result.returncode, result.stdout) == (0, "")


def test_a_layer_importing_against_its_direction_is_found(tmp_path: Path) -> None:
    write_package(
        tmp_path,
        {
            "toy/__init__.py": "",
            "toy/shared.py": "",
            "toy/top/__init__.py": 'MAY_IMPORT = ("toy.low",)\n',
            "toy/top/a.py": "from toy.low import b\nfrom toy import shared\n",
            "toy/low/__init__.py": "MAY_IMPORT = ()\n",
            "toy/low/b.py": "from toy import shared\n",
            "toy/low/c.py": "from toy.top import a\n",
        },
    )
    result = run("--root", str(tmp_path), "--package", "toy")
    assert result.returncode == 1
    assert result.stdout.splitlines() == [
        "wrong direction: toy/low/c.py:1: toy.low.c imports toy.top.a"
        " (toy.low may import no other layer)",
    ]
