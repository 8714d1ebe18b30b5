// seats.js — how a seat reads on every page: its player's name, team, presence.
//
//   nameOf(frame, 2)      -> "Ann" (or "Seat 3" when nobody sits there)
//   who(frame, 2)         -> "You" when seat 2 is the viewer's, else the name
//   teamTag(0)            -> <span class="team-tag team-0">● Blue</span>
//   presenceOf(seat)      -> {key: "online" | "away" | "left" | "computer" | "empty", text}
//   presenceBadge(seat)   -> <span class="presence presence-online">online</span>
//
// Teams (Fish only) are told apart by colour and by a shape (● / ▲) and a word,
// never by colour alone. Names always go through textContent (dom.js).

import {h} from "./dom.js";

export const TEAMS = [
  {name: "Blue", marker: "\u25cf"},
  {name: "Orange", marker: "\u25b2"},
];

export function teamName(team) {
  return `${TEAMS[team].name} team`;
}

// {marker: true}: only the shape, in the team colour, with the name for screen readers.
export function teamTag(team, {long = false, marker = false} = {}) {
  const shape = h("span", {class: "team-marker", "aria-hidden": "true", text: TEAMS[team].marker});
  if (marker) {
    return h("span", {class: `team-tag team-${team}`, title: teamName(team)}, shape,
      h("span", {class: "visually-hidden", text: ` ${teamName(team)}`}));
  }
  return h("span", {class: `team-tag team-${team}`}, shape, ` ${long ? teamName(team) : TEAMS[team].name}`);
}

export function nameOf(frame, index) {
  const seat = frame.room.seats[index];
  return (seat && seat.name) || `Seat ${index + 1}`;
}

export function who(frame, index) {
  return frame.you && frame.you.seat === index ? "You" : nameOf(frame, index);
}

// Possessive: "your" / "Ann's".
export function whose(frame, index, capital = false) {
  if (frame.you && frame.you.seat === index) return capital ? "Your" : "your";
  return `${nameOf(frame, index)}\u2019s`;
}

export function presenceOf(seat) {
  if (seat.vacated) return {key: "left", text: "left the game"};
  if (!seat.occupied) return {key: "empty", text: "empty"};
  if (seat.bot) return {key: "computer", text: "computer"};
  if (seat.connected) return {key: "online", text: "online"};
  return {key: "away", text: "away"};
}

export function presenceBadge(seat) {
  const {key, text} = presenceOf(seat);
  return h("span", {class: `presence presence-${key}`, data: {presence: key}},
    h("span", {class: "presence-dot", "aria-hidden": "true"}), text);
}
