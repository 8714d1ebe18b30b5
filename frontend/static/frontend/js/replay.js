// replay.js — the replay page: steps through a game as one seat saw it, drawn by
// the game's own table module (tables.js), as in the room. The steps come from
// /matches/<id>/replay.json (rooms/history.py): for each move the seat's view
// from the rules engine and the move's entries redacted for that seat, so the
// page holds no card that seat did not see. "Seen by" picks the seat.
//
// Next plays the move on the table (animated tables animate it); Previous, the
// slider and the keys jump to a step at once.

import {h} from "./dom.js";
import {loadTable} from "./tables.js";

const root = document.getElementById("replay");
const slider = root.querySelector("input[type=range]");
const position = root.querySelector("output");
const moveLine = root.querySelector(".replay-move");
const board = root.querySelector(".replay-board");
const seatPicker = root.querySelector(".replay-seat select");
const config = JSON.parse(document.getElementById("room-config").textContent);

let replay = null;
let words = null;
let table = null;
let shown = 0;

// A room frame around a recorded view, as the table gets it in the room.
function frameOf(step) {
  const seats = replay.players.map((player, index) => ({
    index, name: player.name, team: player.team, bot: player.bot, occupied: true,
    connected: true, away_since: null, vacated: false, host: false,
  }));
  return {
    room: {code: config.code, game: replay.game, status: step.view.over ? "finished" : "playing",
      seats, options: {}, match: {number: replay.number}, waiting_for: null},
    you: {seat: replay.viewer, host: false},
    game: step.view,
  };
}

function show(index, played) {
  const step = replay.steps[index];
  const frame = frameOf(step);
  shown = index;
  slider.value = String(index);
  position.textContent = `Move ${index} of ${replay.steps.length - 1}`;
  moveLine.textContent = index === 0 ? "The deal." : words(step.events, frame, config);
  table.update(frame, played ? step.events : [], played ? {} : {fresh: true});
}

function go(index) {
  const next = Math.min(Math.max(index, 0), replay.steps.length - 1);
  if (next !== shown) show(next, next === shown + 1);
}

function pickSeat() {
  seatPicker.replaceChildren(...replay.players.map((player, seat) =>
    h("option", {value: String(seat), selected: seat === replay.viewer, text: player.name || `Seat ${seat + 1}`})));
  seatPicker.addEventListener("change", () => {
    const url = new URL(window.location.href);
    url.searchParams.set("seat", seatPicker.value);
    window.location.assign(url);
  });
}

async function start() {
  const seat = new URLSearchParams(window.location.search).get("seat");
  const url = seat === null ? root.dataset.url : `${root.dataset.url}?seat=${encodeURIComponent(seat)}`;
  const response = await fetch(url, {credentials: "same-origin"});
  replay = await response.json();
  const module = await loadTable(replay.game);
  words = module.moveWords;
  // A replay is watched: nothing is sent, nothing asks for a confirmation.
  table = module.createTable(board, {
    config,
    act: async () => false,
    announce: () => {},
    error: () => {},
    again: async () => false,
    confirm: async () => false,
  });
  pickSeat();
  slider.max = String(replay.steps.length - 1);
  root.querySelectorAll("button[data-step]").forEach((button) => {
    button.addEventListener("click", () => go(shown + Number(button.dataset.step)));
  });
  slider.addEventListener("input", () => go(Number(slider.value)));
  document.addEventListener("keydown", (event) => {
    if (event.key === "ArrowRight") go(shown + 1);
    if (event.key === "ArrowLeft") go(shown - 1);
  });
  show(0, false);
}

start();
