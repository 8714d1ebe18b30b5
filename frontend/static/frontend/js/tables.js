// tables.js — which module draws the table of each game.
//
// To add a game's table, add one line here. A table module exports
//
//   createTable(container, ctx) -> {update(frame, events, info), destroy()}
//   moveWords(events, frame, config) -> one move's entries in plain words (the replay's move line)
//
// `container` is an empty element the table owns. `update` gets every accepted
// "room" frame (frame.game is the viewer's own view from the server, never
// null while a table exists), the frame's events (already redacted for this
// viewer) and {gap, fresh} from socket.js. The replay page (replay.js) feeds
// the same table recorded views, one step at a time. `ctx` (built by room.js
// and replay.js) offers:
//   ctx.config           the room config (code, game, gameName, ...; fish: halfsuits)
//   ctx.act(action)      send a game action; resolves true when applied, false when
//                        refused (the error is already shown to the player)
//   ctx.announce(text)   the aria-live status line
//   ctx.error(text)      the error line
//   ctx.again()          Play again; in a solo game mid-game also New game (resolves
//                        true when done)
//   ctx.confirm({title, text, ok})  the room's "are you sure?" dialog (resolves true/false)
// A new table is created for each game of the room (frame.room.match.number).
// A table may set data-moves / data-turn / data-over on its root for tests.
//
// Shared pieces to build a table from: dom.js (h, fill, keepFocus), cards.js
// (cardFace, cardBack, names), seats.js (names, teams, presence), choices.js
// (pick-one buttons), move-words.js (sentences with cards), hand-order.js
// (arrangeable hands), animation.js (finishable animations), frame-queue.js
// (frames played one after another, for animated tables), turn-table.js and
// turn-words.js (a table redrawn per frame, and whose turn it is, for turn-based
// tables), sound.js (sounds made in the browser). Styles: site.css (variables),
// cards.css, room.css (.turn-banner, .seat-chip, .picker, .hand-area, .result,
// .last-move).

const TABLES = {
  "fish": () => import("./fish-table.js"),
  "go-fish": () => import("./go-fish-table.js"),
  "kitten-fishing": () => import("./kitten-table.js"),
  "card-fishing": () => import("./card-fishing-table.js"),
};

// The game's table module: {createTable, moveWords}.
export function loadTable(game) {
  const load = TABLES[game] || (() => import("./placeholder-table.js"));
  return load();
}
