// fish-table.js — the Fish table (see tables.js for the table interface).
//
// Layout, top to bottom on a phone: whose turn it is; the other players around
// the table (name, team, cards, connection); the score and the nine halfsuits
// (declared by whom, won by which team); the last two moves ("past moves", and
// the full log when the house rules give it: game.log); the ask and declare
// pickers; the viewer's hand, sorted by halfsuit and arrangeable by drag.
// On wide screens the score and moves sit beside the table.
//
// Everything comes from frame.game (games/fish.py view()): a spectator's view
// has no hand and no actions, so nothing hidden can be drawn.

import {button, fill, h, plural} from "./dom.js";
import {cardFace, cardName, suitOf, suitSymbol} from "./cards.js";
import {FishAskPicker} from "./fish-ask.js";
import {FishDeclarePicker} from "./fish-declare.js";
import {fishClaim, fishMove, fishSentences} from "./fish-words.js";
import {HandOrder, makeReorderable} from "./hand-order.js";
import {plainText, renderParts} from "./move-words.js";
import {nameOf, presenceBadge, teamName, teamTag, who} from "./seats.js";
import {TurnTable} from "./turn-table.js";

export function createTable(container, ctx) {
  return new FishTable(container, ctx);
}

export function moveWords(events, frame, config) {
  return events.map((entry) => plainText(fishMove(entry, frame, config))).join(" ");
}

class FishTable extends TurnTable {
  constructor(container, ctx) {
    super(container, ctx, h("div", {class: "fish-table", data: {testid: "fish-table"}}), fishSentences(ctx.config));
    const hooks = {act: ctx.act, changed: () => this.rerender(), announce: ctx.announce};
    this.ask = new FishAskPicker(this.config, hooks);
    this.declare = new FishDeclarePicker(this.config, hooks);
    this.logOpen = false;
    this.order = null;
  }

  // --- drawing ------------------------------------------------------------------------

  render() {
    const frame = this.frame;
    const view = frame.game;
    const myTurn = !view.over && view.viewer !== null && view.turn === view.viewer;
    this.root.className = ["fish-table", myTurn && "my-turn", view.over && "is-over"].filter(Boolean).join(" ");
    Object.assign(this.root.dataset, {moves: view.moves, turn: view.turn ?? "", over: view.over});
    fill(this.root,
      h("p", {class: ["turn-banner", myTurn && "is-mine"], data: {testid: "turn"}}, this.turnWords(frame)),
      view.over ? this.result(frame) : null,
      h("div", {class: "fish-layout"},
        h("div", {class: "fish-main"},
          this.ring(frame),
          this.moves(frame),
          this.hand(frame)),
        h("div", {class: "fish-side"},
          this.score(frame),
          this.pastMoves(frame))));
  }

  // The other seats around the table, from the viewer's left (seat + 1) to right.
  ring(frame) {
    const view = frame.game;
    const me = view.viewer === null ? 0 : view.viewer;
    const places = [1, 2, 3, 4, 5].map((step) => (me + step) % 6);
    const chips = places.map((seat, place) => this.seatChip(frame, seat, `place-${place + 1}`));
    if (view.viewer === null) chips.push(this.seatChip(frame, 0, "place-0"));
    return h("section", {class: "ring", "aria-label": "Players at the table"},
      chips,
      h("div", {class: "ring-centre", "aria-hidden": "true"}, h("span", {class: "clamp-2",
        text: view.over ? "Game over" : (view.turn === null ? "" : `\u25b6 ${who(frame, view.turn)}`)})));
  }

  seatChip(frame, seat, place) {
    const view = frame.game;
    const info = frame.room.seats[seat];
    const turn = !view.over && view.turn === seat;
    const count = view.hand_counts[seat];
    const cards = count === null || count === undefined
      ? (view.has_cards[seat] ? "has cards" : "no cards")
      : plural(count, "card");
    return h("div", {
      class: ["seat-chip", `team-${info.team}`, place, turn && "is-turn", seat === view.viewer && "is-you"],
      data: {seat, testid: `fish-seat-${seat}`},
    },
    h("div", {class: "chip-name"}, teamTag(info.team, {marker: true}),
      h("span", {class: "name", text: nameOf(frame, seat)}),
      seat === view.viewer ? h("span", {class: "badge", text: "you"}) : null),
    h("div", {class: "chip-info"},
      h("span", {class: "count", data: {testid: "card-count"}, text: cards}), presenceBadge(info)),
    turn ? h("div", {class: "turn-flag", text: "\u25b6 to play"}) : null);
  }

  score(frame) {
    const view = frame.game;
    const names = Object.keys(this.config.halfsuits);
    return h("section", {class: "score", "aria-labelledby": "score-title", data: {testid: "score"}},
      h("h3", {id: "score-title", class: "visually-hidden", text: "Score"}),
      h("div", {class: "score-line"},
        h("span", {class: "team-score team-0"}, teamTag(0), h("strong", {text: ` ${view.score[0]}`})),
        h("span", {class: "score-sep", "aria-hidden": "true", text: "–"}),
        h("span", {class: "team-score team-1"}, h("strong", {text: `${view.score[1]} `}), teamTag(1))),
      h("ul", {class: "halfsuit-list", "aria-label": "Halfsuits"},
        names.map((name) => this.halfsuitChip(frame, name))),
      h("p", {class: "score-note", text: `${plural(view.in_play.length, "halfsuit")} still in play.`}));
  }

  halfsuitChip(frame, name) {
    const info = frame.game.declared[name];
    const label = this.config.halfsuitLabels[name];
    const symbol = halfsuitSymbol(this.config.halfsuits[name]);
    if (!info) {
      return h("li", {class: "halfsuit-chip in-play", data: {halfsuit: name}},
        h("span", {class: "hs-label"}, label, symbol), h("span", {class: "hs-state", text: "in play"}));
    }
    const mark = info.correct ? "\u2713 right" : "\u2717 wrong";
    return h("li", {class: ["halfsuit-chip", `team-${info.team}`], data: {halfsuit: name}},
      h("span", {class: "hs-label"}, label, symbol),
      h("span", {class: "hs-state"}, teamTag(info.team),
        ` · ${who(frame, info.declarer)} ${mark}`));
  }

  pastMoves(frame) {
    const view = frame.game;
    const last = view.last_moves || [];
    return h("section", {class: "past-moves", "aria-labelledby": "past-title", data: {testid: "past-moves"}},
      h("h3", {id: "past-title", text: "Past moves"}),
      last.length
        ? h("ol", {class: "move-list"}, last.map((entry) => this.moveItem(frame, entry)))
        : h("p", {class: "muted", text: "No moves yet."}),
      view.log ? this.fullLog(frame, view.log) : null);
  }

  moveItem(frame, entry, withClaim = false) {
    return h("li", {class: `move move-${entry.type}`},
      renderParts(fishMove(entry, frame, this.config)),
      withClaim && entry.type === "declare"
        ? h("span", {class: "claim"}, " ", renderParts(fishClaim(entry, frame))) : null);
  }

  fullLog(frame, log) {
    return h("details", {class: "full-log", open: this.logOpen, data: {testid: "full-log"},
      on: {toggle: (event) => { this.logOpen = event.target.open; }}},
    h("summary", {text: `Full log (${plural(log.length, "move")})`}),
    h("ol", {class: "move-list"}, log.map((entry) => this.moveItem(frame, entry, true))));
  }

  moves(frame) {
    const view = frame.game;
    if (view.viewer === null || view.over) return null;
    const ask = this.ask.render(frame);
    const declare = this.declare.render(frame);
    const canDeclare = Boolean(view.actions.declare);
    return h("section", {class: "moves", "aria-label": "Your moves"},
      declare || ask,
      !declare && canDeclare
        ? button("Declare a halfsuit…", () => this.declare.open(), {
          class: "declare-open", data: {focus: "declare-open", testid: "declare-open"},
        })
        : null,
      !ask && !declare && !canDeclare
        ? h("p", {class: "muted", text: "Nothing to do until your turn."}) : null);
  }

  hand(frame) {
    const view = frame.game;
    if (view.viewer === null) {
      return h("section", {class: "hand-area spectating"},
        h("p", {text: "You are watching: every hand is hidden from spectators."}));
    }
    const order = this.handOrder(frame);
    const cards = order.arrange(view.hand);
    const list = h("ul", {class: "hand", data: {testid: "hand"}, "aria-labelledby": "hand-title",
      "aria-describedby": "hand-hint"},
    cards.map((card, index) => h("li", {
      class: ["hand-card", index > 0 && this.groupOf(cards[index - 1]) !== this.groupOf(card) && "group-start"],
      tabindex: "0", data: {handCard: card, focus: `hand-${card}`},
      "aria-label": `${cardName(card)}, ${index + 1} of ${cards.length}`,
    }, cardFace(card))));
    makeReorderable(list, {
      onDrag: (active) => { this.still = active; }, // a drag in progress keeps the hand still
      onOrder: (arranged) => {
        order.set(arranged);
        this.rerender();
      },
    });
    return h("section", {class: "hand-area", "aria-labelledby": "hand-title"},
      h("div", {class: "hand-head"},
        h("h3", {id: "hand-title", text: `Your hand · ${plural(view.hand.length, "card")}`}),
        view.hand.length > 1 ? button("Sort by halfsuit", () => {
          order.reset();
          this.rerender();
        }, {class: "small", data: {focus: "sort-hand"}}) : null),
      view.hand.length
        ? list
        : h("p", {class: "muted", text: "You have no cards left. You can still declare for your team."}),
      view.hand.length > 1
        ? h("p", {id: "hand-hint", class: "hint",
          text: "Drag cards to arrange them, or select a card and press Alt + \u2190 / \u2192."})
        : null);
  }

  handOrder(frame) {
    const key = `fishsite:hand:${this.config.code}:${frame.room.match?.number}:${frame.game.viewer}`;
    if (!this.order || this.order.key !== key) this.order = new HandOrder(key);
    return this.order;
  }

  groupOf(card) {
    return Object.entries(this.config.halfsuits).find(([, cards]) => cards.includes(card))?.[0];
  }

  result(frame) {
    const view = frame.game;
    const winner = view.result.winner;
    const mine = view.team !== null && view.team === winner;
    return h("section", {class: "result", role: "region", "aria-label": "Result", data: {testid: "result"}},
      h("h2", {text: winner === null ? "Game over" : `${teamName(winner)} wins!`}),
      h("p", {text: `${teamName(0)} ${view.score[0]} – ${view.score[1]} ${teamName(1)}.` +
        (view.team === null ? "" : mine ? " Well played, your team won." : " Your team lost this one.")}));
  }
}

function halfsuitSymbol(cards) {
  const suits = new Set(cards.map(suitOf));
  if (suits.size !== 1) return "";
  const [suit] = suits;
  return h("span", {class: `hs-suit suit-${suit.toLowerCase()}`, "aria-hidden": "true", text: ` ${suitSymbol(suit)}`});
}
