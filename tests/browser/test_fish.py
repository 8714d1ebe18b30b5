"""Fish in the browser: six friends, a spectator, a whole game; dropping out and coming back."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import expect

from games.halfsuits import HALFSUIT_NAMES, HALFSUITS, halfsuit_of
from tests.browser.fish_play import FishGame, askable, holder, team_of
from tests.browser.pages import Player, capture, cards_shown

pytestmark = pytest.mark.browser

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]
TEAM_WORDS = ["Blue", "Orange"]


def room_version(player: Player) -> int:
    return int(player.page.locator("#room").get_attribute("data-version") or 0)


def wait_version(player: Player, version: int) -> None:
    player.page.wait_for_function(
        "v => Number(document.getElementById('room').dataset.version) >= v", arg=version
    )


def presence(player: Player, seat: int):
    return player.page.get_by_test_id(f"fish-seat-{seat}").locator("[data-presence]")


def friends_at_a_fish_room(new_player: Callable[..., Player], rules: dict | None = None):
    """Ann opens a Fish room and copies its link; five friends open that link."""
    players = [new_player(name) for name in NAMES]
    for player in players:
        player.choose_name()
    ann = players[0]
    ann.context.grant_permissions(["clipboard-read", "clipboard-write"])
    ann.open_room("fish", rules=rules)
    ann.page.get_by_role("button", name="Copy link").click()
    expect(ann.page.get_by_test_id("status")).to_contain_text("Link copied")
    link = ann.page.evaluate("navigator.clipboard.readText()")
    assert re.search(r"/r/[\w-]{12}/$", link), link
    for friend in players[1:]:
        friend.join(link)
    return players, link


def seat_everyone(players: list[Player]) -> None:
    for seat, player in enumerate(players):
        player.sit(seat)
    for player in players:
        for seat, other in enumerate(players):
            card = player.page.get_by_test_id(f"seat-{seat}")
            expect(card.get_by_test_id("seat-name")).to_have_text(other.name)


def start(host: Player, everyone: list[Player]) -> None:
    host.page.get_by_role("button", name="Start the game").click()
    for player in everyone:
        expect(player.page.get_by_test_id("fish-table")).to_be_visible()


# --- the whole game, phase by phase --------------------------------------------------


def take_seats_through_a_dropped_connection(players: list[Player]) -> None:
    """Seats on both teams; Fay's connection drops while Eve takes the seat she wanted."""
    ann, bob, cy, dee, eve, fay = players
    ann.sit(0)
    bob.sit(2)
    bob.sit(1)  # changed his mind
    expect(bob.page.get_by_test_id("you-line")).to_contain_text("Orange team")
    cy.sit(2)
    dee.sit(3)
    fay.context.set_offline(True)
    expect(fay.page.get_by_test_id("banner-connection")).to_contain_text("Reconnecting")
    expect(fay.page.get_by_test_id("connection")).to_have_attribute("data-state", "reconnecting")
    eve.sit(5)
    fay.page.get_by_test_id("seat-5").get_by_role("button", name="Sit in seat 6").click()
    fay.context.set_offline(False)
    # Back online, the page resyncs by itself and says in words why she is not seated.
    expect(fay.page.get_by_test_id("connection")).to_have_attribute("data-state", "open")
    expect(fay.page.get_by_test_id("error")).to_contain_text("That seat is taken")
    expect(fay.page.get_by_test_id("seat-5").get_by_test_id("seat-name")).to_have_text("Eve")
    expect(fay.page.get_by_test_id("banner-connection")).to_have_count(0)
    fay.sit(4)
    for seat, player in enumerate([ann, bob, cy, dee, fay, eve]):
        card = ann.page.get_by_test_id(f"seat-{seat}")
        expect(card.get_by_test_id("seat-name")).to_have_text(player.name)
        expect(card).to_have_class(re.compile(f"team-{seat % 2}"))
        expect(card.locator("[data-presence]")).to_have_attribute("data-presence", "online")


def shuffle_teams(host: Player, everyone: list[Player], players: list[Player]):
    """The host shuffles; each player reads their new seat and team on their own page."""
    before = room_version(host)
    host.page.get_by_role("button", name="Shuffle teams").click()
    host.page.wait_for_function(
        "v => Number(document.getElementById('room').dataset.version) > v", arg=before
    )
    for player in everyone:
        wait_version(player, room_version(host))
    seats = {player.seat(): player for player in players}
    assert sorted(seats) == list(range(6)), seats
    for seat, player in seats.items():
        expect(player.page.get_by_test_id("you-line")).to_contain_text(TEAM_WORDS[seat % 2])
    return seats


def check_the_opening(game: FishGame, zed: Player) -> None:
    """All 54 cards dealt; the spectator sees every seat and not one card."""
    hands = game.hands()
    dealt = sorted(card for hand in hands.values() for card in hand)
    assert dealt == sorted(card for name in HALFSUIT_NAMES for card in HALFSUITS[name])
    assert all(len(hand) == 9 for hand in hands.values())
    expect(zed.page.get_by_test_id("hand")).to_have_count(0)
    assert cards_shown(zed.page) == set()
    assert set(hands[0]) <= cards_shown(game.seats[0].page)  # the check does see cards
    for seat, player in game.seats.items():
        chip = zed.page.get_by_test_id(f"fish-seat-{seat}")
        expect(chip).to_contain_text(player.name)
        expect(chip.get_by_test_id("card-count")).to_have_text("9 cards")


def check_whose_turn(game: FishGame) -> int:
    """Everyone sees whose turn it is; that player is offered exactly the legal asks."""
    turn = game.turn()
    hands = game.hands()
    mover = game.seats[turn]
    expect(mover.page.get_by_test_id("turn")).to_contain_text("Your turn")
    for player in game.everyone:
        if player is not mover:
            expect(player.page.get_by_test_id("turn")).to_contain_text(f"{mover.name}\u2019s turn")
            expect(player.page.get_by_test_id("ask-picker")).to_have_count(0)
    opponents = {seat for seat in range(6) if team_of(seat) != team_of(turn)}
    assert game.offered_targets(turn) == opponents
    assert game.offered_cards(turn) == askable(hands[turn])
    return turn


def miss(game: FishGame, turn: int) -> int:
    """Ask an opponent for a card they do not hold: the turn passes to them."""
    hands = game.hands()
    target = next(seat for seat in range(6) if team_of(seat) != team_of(turn))
    card = sorted(askable(hands[turn]) - set(hands[target]))[0]
    game.ask(turn, target, card)
    for player in game.everyone:
        expect(player.page.get_by_test_id("past-moves")).to_contain_text(": no.")
    asked = game.seats[target].page
    expect(asked.get_by_test_id("turn")).to_contain_text("Your turn")
    # The status line, read out by screen readers, says it too.
    status = asked.get_by_test_id("status")
    expect(status).to_have_attribute("aria-live", "polite")
    expect(status).to_contain_text(f"{game.seats[turn].name} asked you for")
    expect(status).to_contain_text("Your turn")
    assert game.turn() == target
    return target


def collect_and_declare(game: FishGame, asker: int) -> None:
    """Win the opponents' cards of one halfsuit with hits, then declare it right."""
    hands = game.hands()

    def missing(name: str) -> int:
        return sum(team_of(holder(card, hands)) != team_of(asker) for card in HALFSUITS[name])

    # Of the asker's halfsuits, the one with the fewest cards to win, but at least one.
    halfsuit = min({halfsuit_of(card) for card in hands[asker]}, key=lambda n: missing(n) or 99)
    hits = missing(halfsuit)
    for card in HALFSUITS[halfsuit]:
        owner = holder(card, hands)
        if team_of(owner) != team_of(asker):
            game.ask(asker, owner, card)
            hands = game.hands()
            assert card in hands[asker] and card not in hands[owner]
            assert game.turn() == asker
    if hits:
        expect(game.seats[asker].page.get_by_test_id("past-moves")).to_contain_text("got it")
    check_declare_choices(game, asker, halfsuit)
    game.declare(asker, halfsuit, game.holders_of(halfsuit, hands), correct=True)
    declarer = game.seats[asker]
    for player in game.everyone:
        expect(player.page.get_by_test_id("past-moves")).to_contain_text("right!")
        by = "You" if player is declarer else declarer.name
        expect(player.page.get_by_test_id("score")).to_contain_text(f"{by} \u2713 right")


def check_declare_choices(game: FishGame, seat: int, halfsuit: str) -> None:
    """The declare picker offers the undeclared halfsuits, and only teammates as holders."""
    page = game.seats[seat].page
    page.get_by_test_id("declare-open").click()
    expect(page.locator("[data-testid^=declare-hs-]")).to_have_count(9 - len(game.declared))
    page.get_by_test_id(f"declare-hs-{halfsuit}").click()
    for card in HALFSUITS[halfsuit]:
        holders = page.locator(f"[data-testid^=holder-{card}-]")
        ids = holders.evaluate_all("nodes => nodes.map(node => node.dataset.testid)")
        assert {int(test_id.rsplit("-", 1)[1]) for test_id in ids} == {
            teammate for teammate in range(6) if team_of(teammate) == team_of(seat)
        }
    page.get_by_test_id("declare-cancel").click()


def declare_wrongly_out_of_turn(game: FishGame) -> None:
    hands = game.hands()
    turn = game.turn()
    declarer = next(seat for seat in range(6) if seat != turn)
    wrong = next(
        name for name in HALFSUIT_NAMES
        if name not in game.declared and game.team_holding(name, hands) != team_of(declarer)
    )  # fmt: skip
    game.declare(declarer, wrong, dict.fromkeys(HALFSUITS[wrong], declarer), correct=False)
    for player in game.everyone:
        expect(player.page.get_by_test_id("past-moves")).to_contain_text("wrong!")


def declare_the_rest(game: FishGame, zed: Player) -> None:
    """Right when a team holds all six cards, wrong (by the player to move) otherwise."""
    for name in HALFSUIT_NAMES:
        if name in game.declared:
            continue
        hands = game.hands()
        team = game.team_holding(name, hands)
        if team is None:
            turn = game.turn()
            game.declare(turn, name, dict.fromkeys(HALFSUITS[name], turn), correct=False)
        else:
            member = next(seat for seat in range(6) if team_of(seat) == team)
            game.declare(member, name, game.holders_of(name, hands), correct=True)
        assert cards_shown(zed.page) <= game.said


def check_the_result(game: FishGame, zed: Player) -> None:
    assert len(game.declared) == 9
    winner = 0 if game.score[0] > game.score[1] else 1
    for player in game.everyone:
        result = player.page.get_by_test_id("result")
        expect(result).to_contain_text(f"{TEAM_WORDS[winner]} team wins")
        expect(result).to_contain_text(f"{game.score[0]} – {game.score[1]}")
        expect(player.page.get_by_test_id("declare-open")).to_have_count(0)
    # This table keeps the full log: one tap shows every move.
    log = zed.page.get_by_test_id("full-log")
    log.locator("summary").click()
    expect(log.locator("li")).to_have_count(game.moves)
    # "Past moves" shows the last two.
    expect(zed.page.get_by_test_id("past-moves").locator(":scope > ol > li")).to_have_count(2)


def test_six_friends_play_a_whole_game_of_fish_while_a_spectator_watches(new_player) -> None:
    players, link = friends_at_a_fish_room(new_player, rules={"log": "all"})
    ann = players[0]
    take_seats_through_a_dropped_connection(players)
    zed = new_player("Zed")  # a seventh friend only watches
    zed.choose_name()
    zed.join(link)
    expect(zed.page.get_by_test_id("you-line")).to_contain_text("You are watching")
    expect(ann.page.get_by_test_id("spectators")).to_contain_text("Zed")
    seats = shuffle_teams(ann, [*players, zed], players)

    start(ann, [*players, zed])
    game = FishGame(seats, [zed])
    check_the_opening(game, zed)
    turn = check_whose_turn(game)
    asker = miss(game, turn)
    collect_and_declare(game, asker)
    assert cards_shown(zed.page) <= game.said
    declare_wrongly_out_of_turn(game)
    assert cards_shown(zed.page) <= game.said
    declare_the_rest(game, zed)
    check_the_result(game, zed)
    capture(zed, "fish-result-spectator")


# --- coming back, leaving, taking over -------------------------------------------------


def arrange_hand(player: Player) -> list[str]:
    """Drag the first card to the end, then move the new first card right with the keyboard."""
    hand = player.hand()
    cards = player.page.locator("[data-testid=hand] li")
    cards.first.drag_to(cards.last, target_position={"x": 40, "y": 20})
    dragged = player.hand()
    assert dragged == hand[1:] + hand[:1]
    cards.first.focus()
    player.page.keyboard.press("Alt+ArrowRight")
    arranged = player.hand()
    assert arranged == [dragged[1], dragged[0], *dragged[2:]]
    expect(player.page.locator(f"[data-hand-card='{dragged[0]}']")).to_be_focused()
    return arranged


def test_a_player_comes_back_to_the_same_hand_and_a_spectator_takes_a_left_seat(
    new_player,
) -> None:
    players, link = friends_at_a_fish_room(new_player)
    seat_everyone(players)
    ann = players[0]
    zed = new_player("Zed")  # never picked a name: asked for one when taking a seat
    zed.join(link)
    start(ann, [*players, zed])
    # Default house rules: the last two moves only, no full log.
    expect(zed.page.get_by_test_id("full-log")).to_have_count(0)
    turn = int(ann.page.get_by_test_id("fish-table").get_attribute("data-turn") or -1)
    closer = players[turn]  # the player whose turn it is
    leaver_seat = next(seat for seat in range(1, 6) if seat != turn)
    leaver = players[leaver_seat]
    arranged = arrange_hand(closer)

    # They close their tab: everyone sees them away, and that the game waits for them.
    closer.page.close()
    expect(presence(zed, turn)).to_have_attribute("data-presence", "away")
    waiting = zed.page.get_by_test_id("banner-waiting")
    expect(waiting).to_contain_text(f"Waiting for {closer.name}")
    expect(waiting).to_contain_text(re.compile(r"kept for \d+ s"))
    expect(zed.page.get_by_test_id("turn")).to_contain_text("waiting for them to come back")
    if closer is not ann:  # the host may let a computer play for them
        let_computer = ann.page.get_by_role("button", name=f"Let a computer play for {closer.name}")
        expect(let_computer).to_be_visible()
    # They come back: the same seat, the same hand in their own order, their turn.
    closer.open_page()
    closer.join(link)
    expect(closer.page.get_by_test_id("fish-table")).to_be_visible()
    assert closer.hand() == arranged
    expect(closer.page.get_by_test_id("turn")).to_contain_text("Your turn")
    expect(presence(zed, turn)).to_have_attribute("data-presence", "online")
    expect(zed.page.get_by_test_id("banner-waiting")).to_have_count(0)

    # Another player leaves for good; the spectator takes over the seat, hand and team.
    left_hand = sorted(leaver.hand())
    leaver.page.get_by_test_id("leave").click()
    confirm = leaver.page.get_by_test_id("confirm-dialog")
    confirm.get_by_role("button", name="Leave the game").click()
    expect(leaver.page.get_by_test_id("hand")).to_have_count(0)
    take = zed.page.get_by_test_id(f"take-{leaver_seat}")
    expect(take).to_have_text("Take this seat")
    expect(presence(ann, leaver_seat)).to_have_attribute("data-presence", "left")
    expect(leaver.page.get_by_test_id(f"take-{leaver_seat}")).to_be_visible()  # now watching
    take.click()
    dialog = zed.page.get_by_test_id("name-dialog")
    expect(dialog).to_be_visible()
    dialog.get_by_label("The other players will see you as").fill("Zed")
    dialog.get_by_role("button", name="Sit down").click()
    expect(zed.page.get_by_test_id("hand")).to_be_visible()
    assert sorted(zed.hand()) == left_hand
    expect(zed.page.get_by_test_id("me")).to_have_text("Zed")
    expect(ann.page.get_by_test_id(f"fish-seat-{leaver_seat}")).to_contain_text("Zed")
    expect(presence(ann, leaver_seat)).to_have_attribute("data-presence", "online")
    expect(leaver.page.get_by_test_id(f"take-{leaver_seat}")).to_have_count(0)
