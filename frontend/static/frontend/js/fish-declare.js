// fish-declare.js — the Fish "declare" picker: choose a halfsuit, then who holds
// each of its six cards (only teammates are offered), then confirm.
//
//   const picker = new FishDeclarePicker(config, {act, changed, announce});
//   picker.open() / picker.close() / picker.isOpen
//   picker.render(frame)  -> the panel, or null when closed or not allowed now
//
// The halfsuits and teammates offered are exactly game.actions.declare; the six
// cards of a halfsuit come from the page config (the server's halfsuit table).
// Cards in the viewer's own hand start out assigned to the viewer.

import {button, h} from "./dom.js";
import {cardFace, cardName} from "./cards.js";
import {choiceButton, choiceGroup} from "./choices.js";
import {who} from "./seats.js";

export class FishDeclarePicker {
  constructor(config, {act, changed, announce}) {
    this.config = config;
    this.act = act;
    this.changed = changed;
    this.announce = announce;
    this.isOpen = false;
    this.busy = false;
    this.reset();
  }

  reset() {
    this.halfsuit = null;
    this.holders = {};
  }

  open() {
    this.isOpen = true;
    this.changed();
  }

  close() {
    this.isOpen = false;
    this.reset();
    this.changed();
  }

  label(name) {
    return this.config.halfsuitLabels[name] || name;
  }

  render(frame) {
    const declare = frame.game.actions.declare;
    if (!declare) {
      this.isOpen = false;
      this.reset();
      return null;
    }
    if (!this.isOpen) return null;
    if (this.halfsuit && !declare.halfsuits.includes(this.halfsuit)) {
      this.announce(`${this.label(this.halfsuit)} was declared meanwhile. Choose another halfsuit.`);
      this.reset();
    }
    const cards = this.halfsuit ? this.config.halfsuits[this.halfsuit] : [];
    const complete = cards.length > 0 && cards.every((card) => this.holders[card] !== undefined);
    return h("section", {class: "picker declare-picker", "aria-labelledby": "declare-title",
      data: {testid: "declare-picker"}},
    h("h3", {id: "declare-title", text: "Declare a halfsuit"}),
    h("p", {class: "picker-step", text: "1. Which halfsuit?"}),
    choiceGroup("Which halfsuit?", declare.halfsuits.map((name) => choiceButton(this.label(name), {
      pressed: this.halfsuit === name,
      onClick: () => this.chooseHalfsuit(frame, name),
      focus: `declare-hs-${name}`,
      testid: `declare-hs-${name}`,
      className: "halfsuit-choice",
    })), {className: "halfsuit-choices"}),
    this.halfsuit ? h("p", {class: "picker-step", text: "2. Who holds each card?"}) : null,
    this.halfsuit ? h("div", {class: "holder-rows"},
      cards.map((card) => this.holderRow(frame, card, declare.teammates))) : null,
    h("div", {class: "picker-confirm"},
      button(this.busy ? "Declaring…" : (this.halfsuit ? `Declare ${this.label(this.halfsuit)}` : "Choose a halfsuit"),
        () => this.confirm(), {
          class: "primary", disabled: this.busy || !complete,
          data: {focus: "declare-confirm", testid: "declare-confirm"},
        }),
      button("Cancel", () => this.close(), {data: {focus: "declare-cancel", testid: "declare-cancel"}})));
  }

  holderRow(frame, card, teammates) {
    return h("div", {class: "holder-row", data: {testid: `holder-${card}`}},
      cardFace(card, {size: "sm"}),
      choiceGroup(`Who holds the ${cardName(card)}?`, teammates.map((seat) => choiceButton(
        h("span", {class: "name", text: who(frame, seat)}), {
          pressed: this.holders[card] === seat,
          onClick: () => this.assign(card, seat),
          focus: `holder-${card}-${seat}`,
          testid: `holder-${card}-${seat}`,
          label: `${who(frame, seat)} holds the ${cardName(card)}`,
          className: "holder-choice",
        })), {className: "holder-choices"}));
  }

  chooseHalfsuit(frame, name) {
    this.halfsuit = name;
    this.holders = {};
    const hand = frame.game.hand || [];
    for (const card of this.config.halfsuits[name]) {
      if (hand.includes(card)) this.holders[card] = frame.game.viewer;
    }
    this.changed();
  }

  assign(card, seat) {
    this.holders[card] = seat;
    this.changed();
  }

  async confirm() {
    if (this.busy || !this.halfsuit) return;
    const cards = {};
    for (const card of this.config.halfsuits[this.halfsuit]) cards[card] = this.holders[card];
    this.busy = true;
    this.changed();
    const done = await this.act({type: "declare", halfsuit: this.halfsuit, cards});
    this.busy = false;
    if (done) {
      this.isOpen = false;
      this.reset();
    }
    this.changed();
  }
}
