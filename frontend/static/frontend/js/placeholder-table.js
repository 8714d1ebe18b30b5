// placeholder-table.js — shown for a game whose table is not written yet
// (see tables.js). It says whose turn it is and nothing else, and the replay
// page only that a move was made.

import {h} from "./dom.js";
import {who} from "./seats.js";

export function createTable(container, ctx) {
  const note = h("p", {class: "placeholder-table"});
  container.replaceChildren(note);
  return {
    update(frame) {
      const view = frame.game;
      const turn = view && view.turn !== null && view.turn !== undefined
        ? ` ${who(frame, view.turn)} to play.` : "";
      note.textContent = `The ${ctx.config.gameName} table is coming soon.${turn}`;
    },
    destroy() {
      container.replaceChildren();
    },
  };
}

export function moveWords() {
  return "A move was made.";
}
