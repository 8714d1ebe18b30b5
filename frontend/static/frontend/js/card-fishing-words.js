// card-fishing-words.js — Card Fishing in words, for the message on the felt and
// the status line. Everything described was decided by the server.
//
//   playWords(entry, frame)       -> {short: "You take 9♠ 5♦ 4♣ with 9♥", spoken: "…"}
//   previewWords(card, takes)     -> "9♥ takes 9♠, 5♦ and 4♣. Tap it again to play it."
//   leftoverWords(entry, frame)   -> "The last 3 cards go to the Bot."
//   matchTitle(frame)             -> "You win the match!" / "The Bot wins the match"
//   playerName(frame, seat)       -> "You" / "The Bot"

import {listWords, plural} from "./dom.js";
import {cardName, cardText} from "./cards.js";
import {nameOf} from "./seats.js";

export function playerName(frame, seat) {
  if (frame.you && frame.you.seat === seat) return "You";
  const name = nameOf(frame, seat);
  return name.charAt(0).toUpperCase() + name.slice(1);
}

// Inside a sentence: "you", "the Bot".
export function nameInSentence(frame, seat) {
  const name = playerName(frame, seat);
  if (name === "You") return "you";
  return name === "The Bot" ? "the Bot" : name;
}

function verb(frame, seat, base) {
  return playerName(frame, seat) === "You" ? base : `${base}s`;
}

export function playWords(entry, frame) {
  const name = playerName(frame, entry.seat);
  if (!entry.took.length) {
    return {
      short: `${name} put ${cardText(entry.card)} on the table`,
      spoken: `${name} put the ${cardName(entry.card)} on the table.`,
    };
  }
  const takes = verb(frame, entry.seat, "take");
  const sweep = entry.sweep ? "Sweep! " : "";
  return {
    short: `${sweep}${name} ${takes} ${entry.took.map(cardText).join(" ")} with ${cardText(entry.card)}`,
    spoken: `${sweep}${name} ${takes} ${listWords(entry.took.map((card) => `the ${cardName(card)}`))}` +
      ` with the ${cardName(entry.card)}.`,
  };
}

export function previewWords(card, takes) {
  if (!takes || !takes.length) return `${cardText(card)} takes nothing: tap it again to put it on the table.`;
  return `${cardText(card)} takes ${listWords(takes.map(cardText))}. Tap it again to play it.`;
}

export function leftoverWords(entry, frame) {
  const count = entry.leftovers.length;
  if (!count) return "";
  if (entry.leftovers_to === null || entry.leftovers_to === undefined) {
    return `${plural(count, "card")} stay on the table: nobody captured this round.`;
  }
  return `The last ${plural(count, "card")} ${count === 1 ? "goes" : "go"} to ` +
    `${nameInSentence(frame, entry.leftovers_to)} (the last capture).`;
}

export function matchTitle(frame) {
  const winner = frame.game.result.winner;
  if (winner === null || winner === undefined) return "Match over";
  return playerName(frame, winner) === "You" ? "You win the match!" : `${playerName(frame, winner)} wins the match`;
}

export function turnWords(frame, shown) {
  if (shown.phase === "over") return matchTitle(frame);
  if (shown.phase === "scoring") return `Round ${shown.round + 1} is over`;
  if (shown.turn === frame.you.seat) return "Your turn: tap a card";
  return `${playerName(frame, shown.turn)}’s turn`;
}
