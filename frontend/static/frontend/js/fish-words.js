// fish-words.js — a Fish log entry as a sentence (parts for move-words.js).
//
//   fishMove(entry, frame, config)        -> ["Ann asked you for ", {card: "KH"}, ": got it. …"]
//   fishClaim(entry, frame, config)       -> who the declarer said holds each card
//   fishResult(frame)                     -> "Game over: the Blue team wins, 5 to 4."
//   fishSentences(config)                 -> the Fish words for turn-words.js
//
// Entries are the server's (games/fish.py): asks {seat, target, card, hit, next}
// and declarations {seat, halfsuit, cards, correct, team, next}.

import {teamName, who, whose} from "./seats.js";

function object(frame, seat) {
  const name = who(frame, seat);
  return name === "You" ? "you" : name;
}

function nextWords(entry, frame) {
  if (entry.next === null || entry.next === undefined) return "";
  if (entry.type === "ask" && entry.hit && entry.next === entry.seat) {
    const asker = who(frame, entry.seat);
    return ` ${asker === "You" ? "You ask" : `${asker} asks`} again.`;
  }
  return ` ${whose(frame, entry.next, true)} turn.`;
}

export function fishMove(entry, frame, config) {
  const actor = who(frame, entry.seat);
  if (entry.type === "ask") {
    return [`${actor} asked ${object(frame, entry.target)} for `, {card: entry.card},
      entry.hit ? ": got it." : ": no.", nextWords(entry, frame)];
  }
  if (entry.type === "declare") {
    const label = config.halfsuitLabels[entry.halfsuit] || entry.halfsuit;
    return [`${actor} declared ${label}: ${entry.correct ? "right" : "wrong"}! `,
      `The ${teamName(entry.team)} wins it.`, nextWords(entry, frame)];
  }
  return ["A move was made."];
}

export function fishClaim(entry, frame) {
  if (entry.type !== "declare" || !entry.cards) return [];
  const parts = ["Said: "];
  Object.entries(entry.cards).forEach(([card, seat], index) => {
    if (index) parts.push(", ");
    parts.push({card}, ` ${who(frame, seat)}`);
  });
  parts.push(".");
  return parts;
}

export function fishResult(frame) {
  const view = frame.game;
  const winner = view.result.winner;
  const score = `${view.score[0]} to ${view.score[1]}`;
  return winner === null ? `Game over: ${score}.` : `Game over: the ${teamName(winner)} wins, ${score}.`;
}

export function fishSentences(config) {
  return {
    move: (entry, frame) => fishMove(entry, frame, config),
    result: fishResult,
    yourTurn: (view) => (view.actions.ask
      ? "Your turn: ask a player of the other team for a card."
      : "Your turn: nobody can ask now, so declare a halfsuit."),
    theirTurn: (frame, seat) => `${whose(frame, seat, true)} turn (${teamName(frame.room.seats[seat].team)}).`,
  };
}
