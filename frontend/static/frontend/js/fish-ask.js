// fish-ask.js — the Fish "ask" picker: choose an opponent, choose a card, confirm.
//
//   const picker = new FishAskPicker(config, {act, changed});
//   picker.render(frame)  -> the panel, or null when the viewer may not ask now
//
// The opponents and cards offered are exactly game.actions.ask (targets, cards):
// the server's list of legal asks. The choice survives re-renders (another
// player connecting, say) as long as it stays legal.

import {button, h} from "./dom.js";
import {cardFace, cardName, cardText} from "./cards.js";
import {choiceButton, choiceGroup} from "./choices.js";
import {nameOf, teamTag} from "./seats.js";

export class FishAskPicker {
  constructor(config, {act, changed}) {
    this.config = config;
    this.act = act;
    this.changed = changed;
    this.target = null;
    this.card = null;
    this.busy = false;
    this.halfsuitOf = {};
    for (const [name, cards] of Object.entries(config.halfsuits || {})) {
      for (const card of cards) this.halfsuitOf[card] = name;
    }
  }

  clear() {
    this.target = null;
    this.card = null;
  }

  render(frame) {
    const ask = frame.game.actions.ask;
    if (!ask) {
      this.clear();
      return null;
    }
    if (!ask.targets.includes(this.target)) this.target = null;
    if (!ask.cards.includes(this.card)) this.card = null;
    return h("section", {class: "picker ask-picker", "aria-labelledby": "ask-title", data: {testid: "ask-picker"}},
      h("h3", {id: "ask-title", text: "Ask for a card"}),
      h("p", {class: "picker-step", text: "1. Whom do you ask?"}),
      choiceGroup("Whom do you ask?", ask.targets.map((seat) => this.targetButton(frame, seat)),
        {className: "target-choices"}),
      h("p", {class: "picker-step", text: "2. Which card?"}),
      h("div", {class: "card-choices"}, this.groups(ask.cards).map(([name, cards]) =>
        choiceGroup(this.config.halfsuitLabels[name] || name,
          [h("span", {class: "group-label", "aria-hidden": "true", text: this.config.halfsuitLabels[name]}),
            ...cards.map((card) => this.cardButton(card))], {className: "card-group"}))),
      h("div", {class: "picker-confirm"},
        button(this.confirmText(frame), () => this.confirm(), {
          class: "primary", disabled: this.busy || this.target === null || this.card === null,
          data: {focus: "ask-confirm", testid: "ask-confirm"},
        })));
  }

  targetButton(frame, seat) {
    const count = frame.game.hand_counts[seat];
    const cards = count === null || count === undefined ? "has cards" : `${count} card${count === 1 ? "" : "s"}`;
    return choiceButton([teamTag(frame.room.seats[seat].team), " ", h("span", {class: "name", text: nameOf(frame, seat)}),
      h("span", {class: "choice-note", text: cards})], {
      pressed: this.target === seat,
      onClick: () => this.choose("target", seat),
      focus: `ask-target-${seat}`,
      testid: `ask-target-${seat}`,
      label: `${nameOf(frame, seat)}, ${cards}`,
      className: "target-choice",
    });
  }

  cardButton(card) {
    return choiceButton(cardFace(card, {size: "sm"}), {
      pressed: this.card === card,
      onClick: () => this.choose("card", card),
      focus: `ask-card-${card}`,
      testid: `ask-card-${card}`,
      label: cardName(card),
      className: "card-choice",
    });
  }

  groups(cards) {
    const groups = new Map();
    for (const card of cards) {
      const name = this.halfsuitOf[card] || "other";
      if (!groups.has(name)) groups.set(name, []);
      groups.get(name).push(card);
    }
    return [...groups.entries()];
  }

  confirmText(frame) {
    if (this.busy) return "Asking…";
    if (this.target === null && this.card === null) return "Choose a player and a card";
    if (this.target === null) return "Choose a player";
    if (this.card === null) return "Choose a card";
    return `Ask ${nameOf(frame, this.target)} for ${cardText(this.card)}`;
  }

  choose(what, value) {
    this[what] = value;
    this.changed();
  }

  async confirm() {
    if (this.busy || this.target === null || this.card === null) return;
    this.busy = true;
    this.changed();
    const done = await this.act({type: "ask", target: this.target, card: this.card});
    this.busy = false;
    if (done) this.clear();
    this.changed();
  }
}
