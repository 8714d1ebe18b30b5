// go-fish-ask.js — the Go Fish "ask" picker: choose a player, choose a rank you
// hold, press Ask.
//
//   const picker = new GoFishAskPicker({act, changed});
//   picker.render(frame)  -> the panel, or null when it is not the viewer's turn
//   picker.chooseRank("7")  (the hand's rank groups call this too)
//
// The players and ranks offered are exactly game.actions.ask (targets, ranks).

import {button, h, plural} from "./dom.js";
import {rankName, rankOf} from "./cards.js";
import {choiceButton, choiceGroup} from "./choices.js";
import {nameOf} from "./seats.js";

export class GoFishAskPicker {
  constructor({act, changed}) {
    this.act = act;
    this.changed = changed;
    this.target = null;
    this.rank = null;
    this.busy = false;
  }

  clear() {
    this.target = null;
    this.rank = null;
  }

  render(frame) {
    const ask = frame.game.actions.ask;
    if (!ask) {
      this.clear();
      return null;
    }
    if (!ask.targets.includes(this.target)) this.target = null;
    if (!ask.ranks.includes(this.rank)) this.rank = null;
    const hand = frame.game.hand || [];
    return h("section", {class: "picker ask-picker", "aria-labelledby": "ask-title", data: {testid: "ask-picker"}},
      h("h3", {id: "ask-title", text: "Your turn: ask for a rank"}),
      h("p", {class: "picker-step", text: "1. Whom do you ask?"}),
      choiceGroup("Whom do you ask?", ask.targets.map((seat) => {
        const count = frame.game.hand_counts[seat];
        return choiceButton([h("span", {class: "name", text: nameOf(frame, seat)}),
          h("span", {class: "choice-note", text: plural(count, "card")})], {
          pressed: this.target === seat,
          onClick: () => this.choose("target", seat),
          focus: `ask-target-${seat}`,
          testid: `ask-target-${seat}`,
          label: `${nameOf(frame, seat)}, ${plural(count, "card")}`,
          className: "target-choice",
        });
      }), {className: "target-choices"}),
      h("p", {class: "picker-step", text: "2. Which rank? (one you hold)"}),
      choiceGroup("Which rank?", ask.ranks.map((rank) => {
        const held = hand.filter((card) => rankOf(card) === rank).length;
        return choiceButton([h("span", {class: "rank", text: rank}),
          h("span", {class: "choice-note", text: `\u00d7${held}`})], {
          pressed: this.rank === rank,
          onClick: () => this.choose("rank", rank),
          focus: `ask-rank-${rank}`,
          testid: `ask-rank-${rank}`,
          label: `${rankName(rank, 2)} (you hold ${held})`,
          className: "rank-choice",
        });
      }), {className: "rank-choices"}),
      h("div", {class: "picker-confirm"},
        button(this.confirmText(frame), () => this.confirm(), {
          class: "primary", disabled: this.busy || this.target === null || this.rank === null,
          data: {focus: "ask-confirm", testid: "ask-confirm"},
        })));
  }

  confirmText(frame) {
    if (this.busy) return "Asking…";
    if (this.target === null && this.rank === null) return "Choose a player and a rank";
    if (this.target === null) return "Choose a player";
    if (this.rank === null) return "Choose a rank";
    return `Ask ${nameOf(frame, this.target)} for ${rankName(this.rank, 2)}`;
  }

  chooseRank(rank) {
    this.choose("rank", rank);
  }

  choose(what, value) {
    this[what] = value;
    this.changed();
  }

  async confirm() {
    if (this.busy || this.target === null || this.rank === null) return;
    this.busy = true;
    this.changed();
    const done = await this.act({type: "ask", target: this.target, rank: this.rank});
    this.busy = false;
    if (done) this.clear();
    this.changed();
  }
}
