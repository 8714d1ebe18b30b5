"""Command line: ``python -m games replay FILE`` (``-`` reads standard input).

Exit 0 when the record is valid to its end, 1 with ``"ok": false`` when a move
is illegal, 2 with a message on standard error when the input is not a record.
"""

from __future__ import annotations

import argparse
import json
import sys

from games.errors import BadRecord
from games.replay import replay


def read_record(path: str) -> object:
    if path == "-":
        return json.loads(sys.stdin.read())
    with open(path, encoding="utf-8") as handle:
        return json.loads(handle.read())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m games")
    commands = parser.add_subparsers(dest="command", required=True)
    replay_parser = commands.add_parser("replay", help="replay a game record and print its result")
    replay_parser.add_argument("file", help="a record file, or - for standard input")
    args = parser.parse_args(argv)
    try:
        outcome = replay(read_record(args.file))
    except (OSError, UnicodeDecodeError) as error:
        print(f"cannot read {args.file}: {error}", file=sys.stderr)
        return 2
    except json.JSONDecodeError as error:
        print(f"not JSON: {error}", file=sys.stderr)
        return 2
    except BadRecord as error:
        print(f"not a game record: {error.message}", file=sys.stderr)
        return 2
    json.dump(outcome, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0 if outcome["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
