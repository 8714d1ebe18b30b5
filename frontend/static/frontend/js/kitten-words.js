// kitten-words.js — Kitten Fishing in words: each flip, whose turn it is, the result.
//
//   flipWords(entry, frame)   -> {short: "Fished! You take 4 cards",
//                                 spoken: "You flipped the Nine of Clubs. Fished! You take 4 cards."}
//   turnWords(frame, turn)    -> "Your turn" / "Kitty's turn"
//   resultTitle(frame)        -> "You win!" / "Kitty wins" / "It's a draw"
//   reasonWords(frame)        -> "Kitty's pile ran out." / "Play limit reached — decided by card count"
//
// `entry` is a log entry of games/kitten_fishing.py (seat, card, took, jack_sweep,
// matched); the words only describe what the server decided.

import {plural} from "./dom.js";
import {cardName, cardText} from "./cards.js";
import {nameOf, who, whose} from "./seats.js";

export const OPENING_WORDS = "Your opponent flips first this game";
export const WAIT_WORDS = "Wait for your opponent";
export const HINT_WORDS = "Tap your pile to flip a card";

function takes(frame, seat) {
  return who(frame, seat) === "You" ? "take" : "takes";
}

export function flipWords(entry, frame) {
  const name = who(frame, entry.seat);
  const flipped = `${name} flipped the ${cardName(entry.card)}.`;
  if (!entry.took.length) {
    return {short: `${name} flipped ${cardText(entry.card)}`, spoken: flipped};
  }
  const count = plural(entry.took.length, "card");
  const short = entry.jack_sweep
    ? `Jack sweep! ${name} ${takes(frame, entry.seat)} all ${count}`
    : `Fished! ${name} ${takes(frame, entry.seat)} ${count}`;
  return {short, spoken: `${flipped} ${short}.`};
}

export function turnWords(frame, turn) {
  if (turn === null || turn === undefined) return "Game over";
  return `${whose(frame, turn, true)} turn`;
}

export function resultTitle(frame) {
  const winner = frame.game.result.winner;
  if (winner === null || winner === undefined) return "It’s a draw";
  const name = who(frame, winner);
  return name === "You" ? "You win!" : `${name} wins`;
}

export function reasonWords(frame) {
  const {winner, reason} = frame.game.result;
  if (reason === "flip-limit") return "Play limit reached — decided by card count";
  if (reason === "empty-pile" && winner !== null) return `${whose(frame, 1 - winner, true)} pile ran out.`;
  return "";
}

export function pileLabel(frame, seat, count) {
  return `${whose(frame, seat, true)} pile: ${plural(count, "card")}`;
}

export function seatName(frame, seat) {
  return who(frame, seat) === "You" ? "You" : nameOf(frame, seat);
}
