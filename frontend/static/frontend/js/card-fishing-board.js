// card-fishing-board.js — the Card Fishing table's elements, drawn from a shown state.
//
//   const board = new FishingBoard(root, {config, openMenu, handHandlers});
//   board.render(shown, frame, {lifted, arriving, order})
//   board.tableCard("9H") / board.tagBox(seat) / board.botCardBox() / board.deckBox()
//   board.mark(cards, "is-taking") / board.setMessage(text, kind)
//
// Top to bottom: the menu button and the Bot's name tag (with the match score),
// the Bot's face-down hand, the felt (deck, table cards, the last play in
// words), your four cards and your name tag. `shown` trails the server while
// animations play (see card-fishing-table.js). While a card is lifted, the
// table cards it would take glow and the rest dim: view.previews from the server.

import {fill, h, plural} from "./dom.js";
import {cardBack, cardName} from "./cards.js";
import {fishingCard} from "./card-fishing-cards.js";
import {FishingHand} from "./card-fishing-hand.js";
import {levelName} from "./card-fishing-stats.js";
import {playerName, turnWords} from "./card-fishing-words.js";

export class FishingBoard {
  constructor(root, {config, openMenu, handHandlers}) {
    this.root = root;
    this.config = config;
    this.menuButton = h("button", {type: "button", class: "cf-menu-button", "aria-label": "Menu: pause the game",
      data: {testid: "menu", focus: "menu"}, on: {click: openMenu}},
    h("span", {class: "cf-menu-icon", "aria-hidden": "true"}), h("span", {class: "cf-menu-word", text: "Menu"}));
    this.tags = [this.tag(0), this.tag(1)];
    this.botHand = h("ul", {class: "cf-bot-hand", data: {testid: "bot-hand"}});
    this.deck = h("div", {class: "cf-deck", data: {testid: "deck"}});
    this.tableList = h("ul", {class: "cf-table-cards", data: {testid: "table-cards"}});
    this.message = h("p", {class: "cf-message", data: {testid: "message"}});
    this.felt = h("section", {class: "cf-felt", "aria-label": "The table"}, this.deck, this.tableList, this.message);
    this.handList = h("ul", {class: "cf-hand", "aria-label": "Your hand", data: {testid: "hand"}});
    this.hand = new FishingHand(this.handList, handHandlers);
    this.turn = h("p", {class: "cf-turn", data: {testid: "turn"}});
    this.help = h("p", {class: "cf-help", text: "Tap a card to see what it takes, tap it again to play it. " +
      "Drag a card up to play it at once, or sideways to move it."});
    this.mine = h("section", {class: "cf-mine", "aria-label": "Your cards"}, this.handList, this.turn, this.help);
    this.sheet = h("section", {class: "cf-sheet", hidden: true, data: {testid: "score-sheet"}});
    this.results = h("section", {class: "cf-results result", hidden: true, data: {testid: "results"}});
    root.append(
      h("div", {class: "cf-top"}, this.menuButton, this.tags[1].box),
      this.botHand, this.results, this.sheet, this.felt, this.mine, this.tags[0].box);
  }

  tag(seat) {
    const name = h("span", {class: "cf-tag-name"});
    const score = h("strong", {class: "cf-tag-score", data: {testid: `score-${seat}`}});
    const target = h("span", {class: "cf-tag-target"});
    const catches = h("span", {class: "cf-tag-catch", data: {testid: `captured-${seat}`}});
    const box = h("div", {class: `cf-tag cf-tag-${seat}`, data: {testid: `tag-${seat}`}},
      h("div", {class: "cf-tag-who"}, name, catches),
      h("div", {class: "cf-tag-points"}, score, target));
    return {box, name, score, target, catches};
  }

  render(shown, frame, {lifted, arriving, order}) {
    const view = frame.game;
    const playing = shown.phase === "play";
    const mine = playing && view.viewer !== null && shown.turn === view.viewer;
    this.root.classList.toggle("my-turn", mine);
    this.tags.forEach((tag, seat) => {
      const level = seat === 1 && frame.room.options.level ? ` · ${levelName(frame.room.options.level)}` : "";
      tag.name.textContent = `${playerName(frame, seat)}${level}`;
      tag.score.textContent = String(shown.scores[seat]);
      tag.target.textContent = ` / ${view.target}`;
      tag.catches.textContent = `${plural(shown.captured[seat], "card")} caught` +
        (shown.sweeps[seat] ? ` · ${plural(shown.sweeps[seat], "sweep")}` : "");
      tag.box.classList.toggle("is-turn", playing && shown.turn === seat);
      tag.box.setAttribute("aria-label", `${playerName(frame, seat)}: ${plural(shown.scores[seat], "point")} of ${view.target}`);
    });
    this.botHand.setAttribute("aria-label", `${playerName(frame, 1)}’s hand: ${plural(shown.counts[1], "card")}`);
    this.botHand.replaceChildren(...Array.from({length: shown.counts[1]}, () =>
      h("li", {class: "cf-bot-slot"}, cardBack({size: "sm", label: "A card in the Bot’s hand"}))));
    fill(this.deck, shown.deck ? cardBack({size: "sm", label: "The deck"}) : null,
      h("span", {text: shown.deck ? `${shown.deck} left` : "Last deal"}));
    this.renderTable(shown, view, lifted, arriving);
    this.felt.hidden = !playing;
    this.mine.hidden = !playing || view.viewer === null;
    // A card being dragged stays put: the hand is drawn again when the drag ends.
    if (!this.hand.dragging) this.hand.render(order(shown.hand), {lifted, config: this.config, canPlay: mine});
    this.turn.textContent = turnWords(frame, shown);
  }

  renderTable(shown, view, lifted, arriving) {
    // The preview is the server's, for the table it knows: shown only when the screen shows that table.
    const same = shown.table.length === view.table.length && shown.table.every((card, i) => card === view.table[i]);
    const takes = lifted && same && view.previews ? view.previews[lifted] || [] : null;
    this.tableList.classList.toggle("is-previewing", Boolean(takes));
    this.tableList.setAttribute("aria-label", shown.table.length
      ? `Table: ${shown.table.map(cardName).join(", ")}` : "The table is empty");
    this.tableList.replaceChildren(...shown.table.map((card) => h("li", {
      class: ["cf-slot", card === arriving && "is-arriving",
        takes && (takes.includes(card) ? "will-take" : "is-dim")],
      data: {card},
    }, fishingCard(card, this.config))));
  }

  tableCard(card) {
    return this.tableList.querySelector(`[data-card="${CSS.escape(card)}"]`);
  }

  mark(cards, className) {
    for (const card of cards) {
      const slot = this.tableCard(card);
      if (slot) slot.classList.add(className);
    }
  }

  setMessage(text, kind = "") {
    this.message.textContent = text || "";
    this.message.className = ["cf-message", kind && `is-${kind}`].filter(Boolean).join(" ");
  }

  tagBox(seat) {
    return this.tags[seat].box.getBoundingClientRect();
  }

  botCardBox() {
    const last = this.botHand.lastElementChild;
    return (last || this.botHand).getBoundingClientRect();
  }

  deckBox() {
    return (this.deck.querySelector(".card") || this.deck).getBoundingClientRect();
  }
}
