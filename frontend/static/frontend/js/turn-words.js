// turn-words.js — whose turn it is and what just happened, in words, for the
// turn-based tables (Fish, Go Fish): the banner over the table and the status line.
//
//   turnWords(frame, game)                    -> "Ann’s turn." / "Your turn: ..." / the result
//   newsWords(previous, frame, events, game)  -> what the status line says for a new frame, or ""
//
// `game` holds the game's own sentences (fish-words.js, go-fish-words.js):
//   move(entry, frame)      a log entry, as parts for move-words.js
//   result(frame)           the end of a finished game
//   yourTurn(view)          the viewer's turn
//   theirTurn(frame, seat)  another seat's turn

import {plainText} from "./move-words.js";

export function turnWords(frame, game) {
  const view = frame.game;
  if (view.over) return game.result(frame);
  if (view.turn === null) return "";
  const waiting = waitingWords(frame);
  if (waiting) return waiting;
  if (view.viewer !== null && view.turn === view.viewer) return game.yourTurn(view);
  return game.theirTurn(frame, view.turn);
}

// The game held up by the player whose turn it is: left, or dropped.
function waitingWords(frame) {
  const waiting = frame.room.waiting_for;
  if (!waiting || waiting.seat !== frame.game.turn) return "";
  return waiting.reason === "vacated"
    ? `${waiting.name} left: the game waits for someone to take the seat.`
    : `${waiting.name}'s turn: waiting for them to come back.`;
}

export function newsWords(previous, frame, events, game) {
  const view = frame.game;
  const words = events.map((entry) => plainText(game.move(entry, frame)));
  if (view.over && (!previous || !previous.game.over)) {
    words.push(game.result(frame));
  } else if (!events.length && (!previous || previous.game.turn !== view.turn)) {
    words.push(turnWords(frame, game)); // else the moves' own words say whose turn it is
  }
  return words.join(" ");
}
