// room-banners.js — the notices above a room's table: the connection, a room
// notice from the server, whom the game waits for, and seats left mid-game
// (with "Take this seat" for spectators and "Let a computer play" for the host).
//
//   renderBanners(container, frame, connection, actions)
//     connection: {state, attempt, message} from socket.js
//     actions:    {take(seat), botFor(seat), reconnect()}
//
// Countdowns ("42 s") are spans with data-deadline (ms since the epoch);
// tickCountdowns() refreshes them, and room.js calls it every second.

import {button, h} from "./dom.js";
import {teamName} from "./seats.js";

export function renderBanners(container, frame, connection, actions) {
  const banners = [connectionBanner(connection, actions)];
  if (frame) {
    const {room} = frame;
    if (room.notice) banners.push(banner("info", "notice", room.notice));
    if (room.status === "playing") {
      banners.push(awayBanner(frame, actions));
      for (const seat of room.seats) {
        if (seat.vacated) banners.push(vacatedBanner(frame, seat, actions));
      }
    }
  }
  container.replaceChildren(...banners.filter(Boolean));
}

function banner(kind, testid, ...content) {
  return h("div", {class: `banner banner-${kind}`, data: {testid: `banner-${testid}`}}, ...content);
}

function connectionBanner(connection, actions) {
  const {state, attempt, message} = connection;
  if (state === "reconnecting") {
    return banner("warning", "connection",
      h("span", {text: `Connection lost. Reconnecting${attempt > 1 ? ` (try ${attempt})` : ""}…`}),
      button("Try now", actions.reconnect, {class: "small"}));
  }
  if (state === "throttled") {
    return banner("warning", "connection", h("span", {text: message}));
  }
  if (state === "gone" || state === "closed" || state === "no-session") {
    return banner("error", "connection", h("span", {text: message || "This room is closed."}),
      " ", h("a", {href: "/", text: "Back to the home page"}));
  }
  return null;
}

function awayBanner(frame, actions) {
  const waiting = frame.room.waiting_for;
  if (!waiting || waiting.reason !== "away") return null;
  const deadline = Date.now() + (waiting.seconds_left || 0) * 1000;
  return banner("warning", "waiting",
    h("span", {text: `Waiting for ${waiting.name}: their connection dropped. Their seat is kept for `}),
    h("span", {class: "countdown", data: {deadline}, text: `${waiting.seconds_left} s`}),
    h("span", {text: "."}),
    frame.you.host
      ? button(`Let a computer play for ${waiting.name}`, () => actions.botFor(waiting.seat),
        {class: "small", data: {focus: `bot-for-${waiting.seat}`}})
      : null);
}

function vacatedBanner(frame, seat, actions) {
  const watching = frame.you.seat === null || frame.you.seat === undefined;
  const team = seat.team === null ? "" : ` (${teamName(seat.team)})`;
  const name = seat.name || `Seat ${seat.index + 1}`;
  return banner("warning", `vacated-${seat.index}`,
    h("span", {text: `${name} left the game. Seat ${seat.index + 1}${team} is free, with ${name}'s cards.`}),
    watching
      ? button("Take this seat", () => actions.take(seat.index), {
        class: "primary small", data: {focus: `take-${seat.index}`, testid: `take-${seat.index}`},
        "aria-label": `Take seat ${seat.index + 1} and play ${name}'s cards`,
      })
      : null,
    frame.you.host
      ? button("Let a computer play", () => actions.botFor(seat.index),
        {class: "small", data: {focus: `bot-for-${seat.index}`}})
      : null);
}

export function tickCountdowns(root) {
  for (const span of root.querySelectorAll("[data-deadline]")) {
    const left = Math.max(0, Math.round((Number(span.dataset.deadline) - Date.now()) / 1000));
    span.textContent = `${left} s`;
  }
}
