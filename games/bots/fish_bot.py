"""The ``strong`` Fish computer player: a partner who remembers and counts.

Each time it is called (on its own turn) it rebuilds what its seat can know
from the view alone (``games.bots.fish_knowledge``), then:

1. declares a halfsuit whose holders are all certain and all on its team, if
   the table lets it declare now: a sure point, and it never waits, since any
   seat may declare at any time but the server only calls it on its turn;
2. otherwise asks where a hit is certain, else most likely: a hit keeps the
   turn with its team and brings a card home;
3. when no ask can hit, and bluffing is off, asks for a card of a halfsuit its
   team holds that it lacks, which tells its teammates so (a *signal*);
4. declares what it is not sure of, choosing the likeliest claim, only when the
   game forces it: its team is the only one with cards, or the game is dead
   (every halfsuit wholly with one team, so no ask can ever hit again and the
   other team may never declare) and no teammate has anything left to tell, or
   nothing has changed hands for ``STALL`` moves.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass
from typing import Any

from games.bots.fish_knowledge import HALFSUIT_OF, Knowledge, full_history, read, team_mask
from games.halfsuits import HALFSUITS

Action = dict[str, Any]
View = dict[str, Any]

CERTAIN = 100.0
# Tie-breaks only: prefer halfsuits the team already holds more of (nearer a
# declaration), so equally likely asks build towards a point.
PROGRESS = 0.001
# Entries without a hit or a declaration after which the game counts as stuck.
STALL = 60


@dataclass(frozen=True)
class Decision:
    """An action and why: ``certain`` is True when every fact it rests on is sure
    (a declaration with every holder certain, or an ask that must hit)."""

    action: Action
    certain: bool
    reason: str


def strong_action(view: View, rng: random.Random) -> Action:
    return decide(view, rng).action


def decide(view: View, rng: random.Random) -> Decision:
    """The strong player's action for its seat's view, with its certainty."""
    actions = view["actions"]
    knowledge = read(view)
    team = view["team"]
    declare = actions.get("declare")
    if declare:
        for name in declare["halfsuits"]:
            claim = knowledge.certain_claim(name, team)
            if claim is not None:
                return Decision(_declaration(name, claim), True, "certain declaration")
    ask = actions.get("ask")
    if not ask:
        if declare:
            # No ask is left: the other team is out of cards, so the rest must be declared.
            return _likeliest_declaration(knowledge, declare, declare["halfsuits"])
        raise ValueError("this seat has nothing to do")
    decision, chance = _best_ask(knowledge, ask, team, rng)
    if chance > 0:
        return decision
    return _when_no_ask_can_hit(view, knowledge, decision, rng)


def _when_no_ask_can_hit(
    view: View, knowledge: Knowledge, fallback: Decision, rng: random.Random
) -> Decision:
    """Every ask is a sure miss: tell the team something, or end a dead game.

    With bluffing off, asking for a card says "I do not hold it", which can make
    a teammate certain of a halfsuit. When no card can ever change teams again
    (each halfsuit wholly with one team, so no ask can hit) or nothing has
    happened for a long time, waiting leads nowhere: once no teammate has
    anything left to tell, the team must declare, or the game never ends.
    """
    team = view["team"]
    actions = view["actions"]
    ours = _team_held(knowledge, team, view["in_play"])
    unsure = [name for name in ours if knowledge.certain_claim(name, team) is None]
    public = read(view, public=True) if not view["options"]["bluff"] and unsure else None
    if public is not None:
        signal = _signal(view, knowledge, public, unsure, rng)
        if signal is not None:
            return signal
    dead = len(ours) + len(_team_held(knowledge, 1 - team, view["in_play"])) == len(view["in_play"])
    declare = actions.get("declare")
    if not declare or not ours or not (dead or _stalled(view)):
        return fallback
    waiting = public is not None and dead and not _stalled(view)
    if waiting and _teammate_may_signal(view, knowledge, public, unsure):
        return fallback  # wait: a teammate may still make a halfsuit certain
    return _likeliest_declaration(knowledge, declare, ours)


def _team_held(knowledge: Knowledge, team: int, in_play: list[str]) -> list[str]:
    """The halfsuits in play whose every card is surely with ``team``."""
    mask = team_mask(team)
    return [
        name
        for name in in_play
        if all(knowledge.possible.get(card, 0) & ~mask == 0 for card in HALFSUITS[name])
    ]


def _signal(
    view: View, knowledge: Knowledge, public: Knowledge, unsure: list[str], rng: random.Random
) -> Decision | None:
    """An ask (bound to miss) that tells the table the asker lacks a card its team
    holds, when the table does not know that yet."""
    me = view["viewer"]
    ask = view["actions"]["ask"]
    cards = [
        card
        for card in ask["cards"]
        if HALFSUIT_OF[card] in unsure
        and knowledge.holder(card) != me
        and public.may_hold(card, me)
    ]
    if not cards:
        return None
    action = {"type": "ask", "target": rng.choice(ask["targets"]), "card": rng.choice(cards)}
    return Decision(action, False, "signal")


def _teammate_may_signal(
    view: View, knowledge: Knowledge, public: Knowledge, unsure: list[str]
) -> bool:
    """Whether some teammate with cards may still have a signal to give."""
    me = view["viewer"]
    for mate in view["teams"][view["team"]]:
        if mate == me or not view["has_cards"][mate]:
            continue
        for name in unsure:
            cards = HALFSUITS[name]
            if not any(knowledge.may_hold(card, mate) for card in cards):
                continue  # it cannot ask in this halfsuit
            if any(
                public.may_hold(card, mate) and knowledge.holder(card) != mate for card in cards
            ):
                return True
    return False


def _stalled(view: View) -> bool:
    """Nothing has changed hands for a long time: the game is stuck."""
    history = full_history(view) or []
    recent = history[-STALL:]
    return len(recent) == STALL and not any(
        entry.get("hit") or entry.get("type") == "declare" for entry in recent
    )


def _declaration(name: str, claim: dict[str, int]) -> Action:
    return {"type": "declare", "halfsuit": name, "cards": claim}


# --- asking ----------------------------------------------------------------------


def _best_ask(
    knowledge: Knowledge, ask: dict[str, Any], team: int, rng: random.Random
) -> tuple[Decision, float]:
    """The ask most likely to hit (ties: the team's nearest halfsuit), and its chance."""
    chances = knowledge.marginals()
    ours = team_mask(team)
    best: list[tuple[int, str, float]] = []
    best_score = -1.0
    for card in ask["cards"]:
        progress = PROGRESS * _team_share(knowledge, card, ours)
        for target in ask["targets"]:
            hit = _hit_chance(knowledge, chances, card, target)
            score = (CERTAIN if hit >= 1.0 else hit) + progress
            if score > best_score + 1e-9:
                best, best_score = [(target, card, hit)], score
            elif score >= best_score - 1e-9:
                best.append((target, card, hit))
    target, card, hit = rng.choice(best)
    action = {"type": "ask", "target": target, "card": card}
    certain = hit >= 1.0
    return Decision(action, certain, "certain hit" if certain else "likeliest hit"), hit


def _hit_chance(
    knowledge: Knowledge, chances: dict[str, list[float]], card: str, target: int
) -> float:
    holder = knowledge.holder(card)
    if holder is not None:
        return 1.0 if holder == target else 0.0
    row = chances.get(card)
    return row[target] if row else 0.0


def _team_share(knowledge: Knowledge, card: str, ours: int) -> int:
    """How many cards of ``card``'s halfsuit the team surely holds."""
    return sum(
        1
        for other in HALFSUITS[HALFSUIT_OF[card]]
        if (holder := knowledge.holder(other)) is not None and ours >> holder & 1
    )


# --- declaring without certainty ---------------------------------------------------


def _likeliest_declaration(
    knowledge: Knowledge, declare: dict[str, Any], names: list[str]
) -> Decision:
    """The claim most likely right among ``names`` (when the team must declare)."""
    chances = knowledge.marginals()
    teammates: list[int] = declare["teammates"]
    best: tuple[float, str, dict[str, int]] | None = None
    for name in names:
        odds, claim = _likeliest_claim(knowledge, chances, name, teammates)
        if best is None or odds > best[0]:
            best = (odds, name, claim)
    assert best is not None
    odds, name, claim = best
    return Decision(_declaration(name, claim), False, "forced declaration")


def _likeliest_claim(
    knowledge: Knowledge, chances: dict[str, list[float]], name: str, teammates: list[int]
) -> tuple[float, dict[str, int]]:
    """The most likely holders of ``name``'s cards among ``teammates``, and its odds.

    Placed cards keep their holder; the open ones try every assignment that fits
    the teammates' free places (at most 3^6), scored by the product of chances.
    """
    claim: dict[str, int] = {}
    open_cards: list[str] = []
    lost = False
    for card in HALFSUITS[name]:
        holder = knowledge.holder(card)
        if holder is None:
            open_cards.append(card)
        elif holder in teammates:
            claim[card] = holder
        else:
            lost = True  # held by the other team: wrong whatever we say
            claim[card] = teammates[0]
    room = {seat: knowledge.free(seat) for seat in teammates}
    best_odds, best_pick = -1.0, tuple(teammates[0] for _ in open_cards)
    for pick in itertools.product(teammates, repeat=len(open_cards)):
        if any(room[seat] is not None and pick.count(seat) > room[seat] for seat in teammates):
            continue
        odds = 1.0
        for card, seat in zip(open_cards, pick, strict=True):
            odds *= chances[card][seat]
        if odds > best_odds:
            best_odds, best_pick = odds, pick
    claim.update(zip(open_cards, best_pick, strict=True))
    odds = 0.0 if lost else max(best_odds, 0.0)
    return odds, {card: claim[card] for card in HALFSUITS[name]}
