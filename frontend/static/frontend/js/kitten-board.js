// kitten-board.js — the Kitten Fishing table's elements, drawn from a shown state.
//
//   const board = new KittenBoard(root, handlers);
//   board.render(shown, frame, flags)   // piles, row, plays, turn, buttons, result
//   board.setCounts(piles) / board.setRow(cards, {hidden}) / board.setMessage(text)
//   board.cardElement("9H") / board.pileBox(seat) / board.mark(cards, "is-match")
//
// `shown` is what the table shows right now ({piles, table, flips, turn, over}),
// which trails the server while an animation plays; kitten-table.js decides it.
// Kitty sits at the top, you at the bottom, the row of table cards between.
// handlers: {flip, toggleAuto, seeResult, newGame, playAgain, skip, fullScreen}.
// The elements are made once and updated in place, so animations can hold on to them.

import {button, fill, h, plural} from "./dom.js";
import {cardBack, cardFace, cardName} from "./cards.js";
import {HINT_WORDS, pileLabel, reasonWords, resultTitle, seatName, turnWords} from "./kitten-words.js";
import {whose} from "./seats.js";

const LOW_PILE = 3;

export class KittenBoard {
  constructor(root, handlers) {
    this.root = root;
    const seat = (index) => {
      const count = h("span", {class: "kt-count", data: {testid: `count-${index}`}});
      const pile = index === 0
        ? h("button", {type: "button", class: "kt-pile", data: {testid: "your-pile", focus: "your-pile"},
          on: {click: handlers.flip}}, cardBack({size: "lg", label: "Your pile"}), count)
        : h("div", {class: "kt-pile", data: {testid: "kitty-pile"}}, cardBack({size: "lg", label: "Kitty’s pile"}), count);
      const name = h("span", {class: "kt-name"});
      const flag = h("span", {class: "turn-flag kt-flag", text: "\u25b6 to flip"});
      return {count, pile, name, flag,
        box: h("section", {class: `kt-seat kt-seat-${index}`, data: {testid: `seat-${index}`}},
          pile, h("div", {class: "kt-who"}, name, h("span", {class: "kt-pile-words", data: {testid: `pile-words-${index}`}}), flag))};
    };
    this.seats = [seat(0), seat(1)];
    this.row = h("ol", {class: "kt-row", data: {testid: "table-row"}});
    this.message = h("p", {class: "kt-message", data: {testid: "message"}});
    this.skip = button("Skip", handlers.skip, {class: "kt-skip small", hidden: true, data: {testid: "skip"}});
    this.felt = h("section", {class: "kt-felt", "aria-label": "The table"},
      this.row, this.message, this.skip);
    this.hint = h("p", {class: "kt-hint", data: {testid: "hint"}, text: HINT_WORDS, hidden: true});
    this.plays = h("span", {class: "kt-plays", data: {testid: "plays"}});
    this.turn = h("span", {class: "kt-turn", data: {testid: "turn"}});
    this.tools = {
      flip: button("Flip", handlers.flip, {class: "primary kt-flip", data: {testid: "flip", focus: "flip"}}),
      auto: button("Auto", handlers.toggleAuto, {class: "kt-auto", "aria-pressed": "false",
        data: {testid: "auto", focus: "auto"}}),
      result: h("button", {type: "button", class: "kt-see", "aria-label": "See the result",
        title: "See the result", data: {testid: "see-result", focus: "see-result"}, on: {click: handlers.seeResult}},
      h("span", {class: "kt-icon", "aria-hidden": "true", text: "\u25b6\u25b6"}),
      h("span", {class: "kt-label", "aria-hidden": "true", text: "See the result"})),
      newGame: button("New game", handlers.newGame, {data: {testid: "new-game", focus: "new-game"}}),
      full: button("Full screen", handlers.fullScreen, {class: "kt-full", data: {focus: "full-screen"},
        hidden: !document.fullscreenEnabled}),
    };
    this.result = h("section", {class: "kt-result result", "aria-label": "Result", data: {testid: "result"}, hidden: true});
    root.append(
      this.seats[1].box, this.felt, this.seats[0].box,
      h("p", {class: "kt-info"}, this.plays, this.turn),
      this.hint, this.result,
      h("div", {class: "kt-tools", role: "group", "aria-label": "Game controls"}, Object.values(this.tools)));
    this.handlers = handlers;
  }

  render(shown, frame, {auto, hint, animating, fullScreen}) {
    const view = frame.game;
    const mine = !shown.over && view.viewer !== null && shown.turn === view.viewer;
    this.root.classList.toggle("my-turn", mine);
    this.root.classList.toggle("is-over", shown.over);
    this.seats.forEach((seat, index) => {
      seat.name.textContent = seatName(frame, index);
      seat.flag.hidden = shown.over || shown.turn !== index;
      seat.box.classList.toggle("is-turn", !shown.over && shown.turn === index);
    });
    this.setCounts(shown.piles, frame);
    this.setRow(shown.table);
    this.plays.textContent = `Plays: ${shown.flips}`;
    this.turn.textContent = turnWords(frame, shown.over ? null : shown.turn);
    this.hint.hidden = !hint || shown.over;
    const player = view.viewer !== null;
    const {flip, auto: autoButton, result, newGame} = this.tools;
    for (const tool of [flip, autoButton, result]) tool.hidden = shown.over || !player;
    newGame.hidden = shown.over || !player;
    autoButton.setAttribute("aria-pressed", String(Boolean(auto)));
    autoButton.textContent = auto ? "Auto: on" : "Auto: off";
    this.tools.full.textContent = fullScreen ? "Leave full screen" : "Full screen";
    this.skip.hidden = animating !== "deal";
    this.renderResult(shown, frame);
  }

  setCounts(piles, frame) {
    this.seats.forEach((seat, index) => {
      const count = piles[index];
      seat.count.textContent = String(count);
      seat.count.classList.toggle("is-low", count <= LOW_PILE);
      seat.count.parentElement.classList.toggle("is-empty", count === 0);
      const words = frame ? pileLabel(frame, index, count) : plural(count, "card");
      seat.box.querySelector(".kt-pile-words").textContent = plural(count, "card");
      seat.pile.setAttribute("aria-label", index === 0 && frame && frame.game.viewer === 0
        ? `${words}. Flip the top card` : words);
    });
  }

  setRow(cards, {hidden} = {}) {
    this.row.setAttribute("aria-label", cards.length
      ? `Cards on the table: ${cards.map(cardName).join(", ")}` : "The table is empty");
    this.row.replaceChildren(...cards.map((card) => h("li", {class: ["kt-slot", card === hidden && "is-arriving"], data: {card}},
      cardFace(card))));
    if (!cards.length) this.row.append(h("li", {class: "kt-empty", text: "The table is empty"}));
  }

  setMessage(text, kind = "") {
    this.message.textContent = text || "";
    this.message.className = ["kt-message", kind && `is-${kind}`].filter(Boolean).join(" ");
  }

  cardElement(card) {
    return this.row.querySelector(`[data-card="${CSS.escape(card)}"]`);
  }

  mark(cards, className) {
    for (const card of cards) {
      const slot = this.cardElement(card);
      if (slot) slot.classList.add(className);
    }
  }

  pileBox(seat) {
    return this.seats[seat].pile.querySelector(".card").getBoundingClientRect();
  }

  renderResult(shown, frame) {
    const view = frame.game;
    if (!shown.over) {
      this.result.hidden = true;
      this.result.replaceChildren();
      return;
    }
    const {piles, flips} = view.result;
    const player = view.viewer !== null;
    this.result.hidden = false;
    fill(this.result,
      h("h2", {data: {testid: "result-title"}, text: resultTitle(frame)}),
      h("p", {class: "kt-reason", data: {testid: "result-reason"}, text: reasonWords(frame)}),
      h("dl", {class: "kt-final"},
        h("div", {}, h("dt", {text: `${whose(frame, 0, true)} pile`}),
          h("dd", {data: {testid: "final-0"}, text: String(piles[0])})),
        h("div", {}, h("dt", {text: `${whose(frame, 1, true)} pile`}),
          h("dd", {data: {testid: "final-1"}, text: String(piles[1])})),
        h("div", {}, h("dt", {text: "Plays"}), h("dd", {data: {testid: "final-plays"}, text: String(flips)}))),
      player ? button("Play again", this.handlers.playAgain, {class: "primary",
        data: {testid: "play-again", focus: "play-again"}}) : null);
  }
}
