// go-fish-table.js — the Go Fish table (see tables.js for the table interface).
//
// Top to bottom: whose turn it is; the last move in big type (every answer —
// "Go Fish!", cards handed over, a lucky draw, a book — for everyone); the other
// players with their card counts and books; the pond's size; the ask picker on
// your turn; your hand grouped by rank and your books; every move so far.
// At the end: books per player and the winner or winners.
//
// Everything comes from frame.game (games/go_fish.py view()); spectators get no
// hand and no actions.

import {fill, h, plural} from "./dom.js";
import {cardBack, cardFace, rankName, rankOf} from "./cards.js";
import {GoFishAskPicker} from "./go-fish-ask.js";
import {GO_FISH_SENTENCES, goFishMove, winnerWords} from "./go-fish-words.js";
import {plainText, renderParts} from "./move-words.js";
import {nameOf, presenceBadge, who} from "./seats.js";
import {TurnTable} from "./turn-table.js";

export function createTable(container, ctx) {
  return new GoFishTable(container, ctx);
}

export function moveWords(events, frame) {
  return events.map((entry) => plainText(goFishMove(entry, frame))).join(" ");
}

class GoFishTable extends TurnTable {
  constructor(container, ctx) {
    super(container, ctx, h("div", {class: "go-fish-table", data: {testid: "go-fish-table"}}), GO_FISH_SENTENCES);
    this.ask = new GoFishAskPicker({act: ctx.act, changed: () => this.rerender()});
    this.logOpen = false;
    this.fresh = false;
  }

  update(frame, events) {
    this.fresh = events.length > 0; // highlight the last move when it just happened
    super.update(frame, events);
  }

  render() {
    const frame = this.frame;
    const view = frame.game;
    const myTurn = !view.over && view.viewer !== null && view.turn === view.viewer;
    this.root.className = ["go-fish-table", myTurn && "my-turn", view.over && "is-over"].filter(Boolean).join(" ");
    Object.assign(this.root.dataset, {moves: view.log.length, turn: view.turn ?? "", over: view.over});
    fill(this.root,
      h("p", {class: ["turn-banner", myTurn && "is-mine"], data: {testid: "turn"}}, this.turnWords(frame)),
      view.over ? this.result(frame) : null,
      this.lastMove(frame),
      h("div", {class: "gf-layout"},
        h("section", {class: "gf-players", "aria-label": "Players"},
          this.others(frame).map((seat) => this.seatChip(frame, seat))),
        this.pond(view)),
      view.viewer !== null && !view.over ? this.ask.render(frame) : null,
      this.mine(frame),
      this.log(frame));
  }

  others(frame) {
    const view = frame.game;
    const seats = [...Array(view.players).keys()];
    if (view.viewer === null) return seats;
    return seats.map((step) => (view.viewer + step) % view.players).filter((seat) => seat !== view.viewer);
  }

  lastMove(frame) {
    const view = frame.game;
    const entry = view.log.length ? view.log[view.log.length - 1] : view.opening;
    return h("section", {class: ["last-move", this.fresh && "is-fresh"], "aria-label": "Last move",
      data: {testid: "last-move"}},
    h("p", {}, renderParts(goFishMove(entry, frame))));
  }

  seatChip(frame, seat) {
    const view = frame.game;
    const info = frame.room.seats[seat];
    const turn = !view.over && view.turn === seat;
    const out = view.out.includes(seat);
    return h("div", {class: ["seat-chip", turn && "is-turn", out && "is-out"], data: {seat, testid: `gf-seat-${seat}`}},
      h("div", {class: "chip-name"}, h("span", {class: "name", text: nameOf(frame, seat)})),
      h("div", {class: "chip-info"},
        h("span", {class: "count", data: {testid: "card-count"}, text: plural(view.hand_counts[seat], "card")}),
        presenceBadge(info)),
      this.books(view.books[seat], `${nameOf(frame, seat)}'s books`),
      turn ? h("div", {class: "turn-flag", text: "\u25b6 asking"}) : null,
      out ? h("div", {class: "muted", text: "out"}) : null);
  }

  books(ranks, label) {
    return h("div", {class: "books", "aria-label": `${label}: ${ranks.length ? ranks.map((r) => rankName(r, 4)).join(", ") : "none"}`,
      role: "group", data: {testid: "books"}},
    ranks.length
      ? ranks.map((rank) => h("span", {class: "book", "aria-hidden": "true", text: rank}))
      : h("span", {class: "muted", "aria-hidden": "true", text: "no books"}));
  }

  pond(view) {
    return h("section", {class: "pond", "aria-label": "The pond", data: {testid: "pond"}},
      view.pond_size ? cardBack({label: "The pond"}) : h("span", {class: "card card-md card-empty", "aria-hidden": "true"}),
      h("p", {text: view.pond_size ? `Pond: ${plural(view.pond_size, "card")}` : "The pond is empty"}));
  }

  mine(frame) {
    const view = frame.game;
    if (view.viewer === null) {
      return h("section", {class: "hand-area spectating"},
        h("p", {text: "You are watching: every hand is hidden from spectators."}));
    }
    const groups = new Map();
    for (const card of view.hand) {
      const rank = rankOf(card);
      if (!groups.has(rank)) groups.set(rank, []);
      groups.get(rank).push(card);
    }
    const askable = view.actions.ask ? view.actions.ask.ranks : [];
    return h("section", {class: "hand-area", "aria-labelledby": "hand-title"},
      h("div", {class: "hand-head"},
        h("h3", {id: "hand-title", text: `Your hand · ${plural(view.hand.length, "card")}`})),
      view.hand.length
        ? h("ul", {class: "hand rank-groups", data: {testid: "hand"}},
          [...groups.entries()].map(([rank, cards]) => h("li", {class: "rank-group", data: {rank}},
            h("div", {class: "rank-cards"}, cards.map((card) => cardFace(card))),
            askable.includes(rank)
              ? h("button", {type: "button", class: ["small", "rank-pick", this.ask.rank === rank && "is-chosen"],
                "aria-pressed": this.ask.rank === rank, data: {focus: `hand-rank-${rank}`},
                text: `Ask for ${rankName(rank, 2)}`, on: {click: () => this.ask.chooseRank(rank)}})
              : h("span", {class: "rank-count", text: `${cards.length} \u00d7 ${rank}`}))))
        : h("p", {class: "muted", text: "Your hand is empty."}),
      h("div", {class: "my-books"}, h("strong", {text: "Your books: "}),
        this.books(view.books[view.viewer], "Your books")));
  }

  log(frame) {
    const log = frame.game.log;
    if (!log.length) return null;
    return h("details", {class: "full-log", open: this.logOpen, data: {testid: "full-log"},
      on: {toggle: (event) => { this.logOpen = event.target.open; }}},
    h("summary", {text: `All moves (${log.length})`}),
    h("ol", {class: "move-list"}, log.map((entry) => h("li", {}, renderParts(goFishMove(entry, frame))))));
  }

  result(frame) {
    const view = frame.game;
    const seats = [...Array(view.players).keys()];
    return h("section", {class: "result", "aria-label": "Result", data: {testid: "result"}},
      h("h2", {text: winnerWords(frame)}),
      h("table", {class: "result-table"},
        h("thead", {}, h("tr", {}, h("th", {scope: "col", text: "Player"}), h("th", {scope: "col", text: "Books"}),
          h("th", {scope: "col", text: "Ranks"}))),
        h("tbody", {}, seats.map((seat) => h("tr", {class: view.result.winners.includes(seat) ? "is-winner" : ""},
          h("th", {scope: "row", text: who(frame, seat)}),
          h("td", {text: String(view.books[seat].length)}),
          h("td", {text: view.books[seat].join(" ") || "—"}))))));
  }
}
