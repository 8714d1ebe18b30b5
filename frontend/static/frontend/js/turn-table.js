// turn-table.js — what the turn-based tables (Fish, Go Fish) share: each frame
// redraws the whole table and tells the status line what happened.
//
//   class FishTable extends TurnTable {
//     constructor(container, ctx) { super(container, ctx, root, sentences); }
//     render() { ... }        // draws this.frame into this.root
//   }
//
// `sentences` are the game's words for turn-words.js. A subclass sets
// this.still while the table must not be redrawn (a card being dragged).

import {keepFocus} from "./dom.js";
import {newsWords, turnWords} from "./turn-words.js";

export class TurnTable {
  constructor(container, ctx, root, sentences) {
    this.container = container;
    this.ctx = ctx;
    this.config = ctx.config;
    this.root = root;
    this.sentences = sentences;
    this.frame = null;
    this.still = false;
    container.replaceChildren(root);
  }

  update(frame, events) {
    const previous = this.frame;
    this.frame = frame;
    const news = newsWords(previous, frame, events, this.sentences);
    if (news) this.ctx.announce(news);
    this.rerender();
  }

  destroy() {
    this.container.replaceChildren();
  }

  rerender() {
    if (this.frame && !this.still) keepFocus(() => this.render());
  }

  turnWords(frame) {
    return turnWords(frame, this.sentences);
  }
}
