// go-fish-words.js — a Go Fish log entry as a sentence (parts for move-words.js).
//
//   goFishMove(entry, frame) -> ["Ann asked Bob for sevens. Go Fish! Ann drew a card. Bob's turn."]
//   winnerWords(frame)       -> "Ann wins with 5 books!" / "A tie: ..."
//   GO_FISH_SENTENCES        -> the Go Fish words for turn-words.js
//
// Entries are the server's (games/go_fish.py), already redacted for the viewer:
// the card a player drew is only there for the drawer (or when a lucky draw
// was shown to the table).

import {listWords, plural, sentences} from "./dom.js";
import {rankName} from "./cards.js";
import {who, whose} from "./seats.js";

function object(frame, seat) {
  const name = who(frame, seat);
  return name === "You" ? "you" : name;
}

function drew(frame, seat) {
  return who(frame, seat) === "You" ? "You drew" : `${who(frame, seat)} drew`;
}

export function goFishMove(entry, frame) {
  const parts = entry.type === "ask" ? askParts(entry, frame) : [];
  for (const refill of entry.refills || []) {
    parts.push(` ${drew(frame, refill.seat)} ${plural(refill.count, "new card")} from the pond.`);
  }
  for (const laid of entry.laid || []) {
    parts.push(` ${who(frame, laid.seat)} laid down a book of ${rankName(laid.rank, 4)}!`);
  }
  for (const seat of entry.out || []) parts.push(` ${who(frame, seat)} ${who(frame, seat) === "You" ? "are" : "is"} out.`);
  parts.push(nextParts(entry, frame));
  return entry.type === "deal" ? ["The cards are dealt.", ...parts] : parts;
}

function askParts(entry, frame) {
  const asker = who(frame, entry.seat);
  const parts = [`${asker} asked ${object(frame, entry.target)} for ${rankName(entry.rank, 2)}.`];
  if (entry.got > 0) {
    const giver = who(frame, entry.target);
    parts.push(` ${giver} ${giver === "You" ? "hand" : "hands"} over ${plural(entry.got, "card")}.`);
    return parts;
  }
  parts.push(" \u201cGo Fish!\u201d");
  if (!entry.drawn) {
    parts.push(" The pond is empty.");
  } else if (entry.drew) {
    parts.push(` ${drew(frame, entry.seat)} `, {card: entry.drew}, ".");
  } else {
    parts.push(` ${drew(frame, entry.seat)} a card from the pond.`);
  }
  if (entry.lucky && entry.shown) {
    parts.push(` Lucky draw: the ${rankName(entry.rank)} ${asker === "You" ? "you" : asker} asked for!`);
  } else if (entry.lucky) {
    parts.push(" The rank you asked for, but the turn passes.");
  }
  return parts;
}

function nextParts(entry, frame) {
  if (entry.next === null || entry.next === undefined) return ""; // the result says the rest
  if (entry.type === "ask" && entry.next === entry.seat) {
    const asker = who(frame, entry.seat);
    return ` ${asker === "You" ? "You ask" : `${asker} asks`} again.`;
  }
  return ` ${whose(frame, entry.next, true)} turn.`;
}

export function winnerWords(frame) {
  const view = frame.game;
  const winners = view.result.winners;
  if (!winners.length) return "Game over";
  const count = view.books[winners[0]].length;
  if (winners.length === 1) {
    const name = who(frame, winners[0]);
    return `${name} ${name === "You" ? "win" : "wins"} with ${plural(count, "book")}!`;
  }
  return `A tie: ${listWords(winners.map((seat) => who(frame, seat)))}, ${plural(count, "book")} each.`;
}

export const GO_FISH_SENTENCES = {
  move: goFishMove,
  result: (frame) => (frame.game.result.winners.length ? sentences("Game over", winnerWords(frame)) : "Game over."),
  yourTurn: () => "Your turn: ask a player for a rank you hold.",
  theirTurn: (frame, seat) => `${whose(frame, seat, true)} turn.`,
};
