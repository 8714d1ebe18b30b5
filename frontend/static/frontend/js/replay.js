// The replay page: steps through the states of a finished game, served by
// /matches/<id>/replay.json. Every card is visible here: the game is over.
// Rendering only: the states come from the server's rules engine.

import {sentences} from "./dom.js";

const root = document.getElementById("replay");
const slider = root.querySelector("input[type=range]");
const position = root.querySelector("output");
const moveLine = root.querySelector(".replay-move");
const board = root.querySelector(".replay-board");
let replay = null;

function el(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

function playerName(seat) {
  const player = replay.players[seat];
  return (player && player.name) || `Seat ${seat + 1}`;
}

function row(label, cards) {
  const line = el("div", undefined, "replay-row");
  line.append(el("strong", `${label}: `));
  line.append(el("span", cards.length ? cards.join(" ") : "—", "replay-cards"));
  return line;
}

const RENDERERS = {
  "fish": (state) => [
    ...state.hands.map((hand, seat) => row(`${playerName(seat)} (team ${seat % 2 + 1})`, hand)),
    el("p", `Score: team 1 ${state.score[0]} – team 2 ${state.score[1]}`),
    el("p", `Declared: ${Object.entries(state.declared)
      .map(([name, info]) => `${name} → team ${info.team + 1}`).join(", ") || "none"}`),
  ],
  "go-fish": (state) => [
    ...state.hands.map((hand, seat) =>
      row(`${playerName(seat)} (books ${state.books[seat].join(" ") || "none"})`, hand)),
    row("Pond", state.pond),
  ],
  "kitten-fishing": (state) => [
    row(`${playerName(0)}'s pile (top first)`, state.piles[0]),
    row(`${playerName(1)}'s pile (top first)`, state.piles[1]),
    row("Table", state.table),
    el("p", `Flips: ${state.flips}`),
  ],
  "card-fishing": (state) => [
    row(playerName(0), state.hands[0]),
    row(playerName(1), state.hands[1]),
    row("Table", state.table),
    row("Deck", state.deck),
    el("p", `Round ${state.round + 1} · score ${state.scores[0]} – ${state.scores[1]}`),
  ],
};

function describe(step) {
  if (step.seat === null) return "The deal.";
  const who = playerName(step.seat);
  const action = step.action;
  const entry = step.entries[0] || {};
  switch (action.type) {
    case "ask":
      if (action.card) {
        return `${who} asked ${playerName(action.target)} for ${action.card}: ${entry.hit ? "yes" : "no"}.`;
      }
      return sentences(`${who} asked ${playerName(action.target)} for ${action.rank}s: ${entry.got ? `got ${entry.got}` : "Go Fish!"}`);
    case "declare":
      return `${who} declared ${action.halfsuit}: ${entry.correct ? "correct" : "wrong"}.`;
    case "play":
      return `${who} played ${action.card}${entry.took && entry.took.length ? `, taking ${entry.took.join(" ")}` : ""}${entry.sweep ? " (sweep)" : ""}.`;
    case "flip":
      return `${who} flipped ${entry.card}.`;
    case "finish":
      return `The rest of the game was flipped at once (${step.entries.length} flips).`;
    case "next-round":
      return "A new round was dealt.";
    default:
      return `${who}: ${action.type}.`;
  }
}

function show(index) {
  const step = replay.steps[index];
  slider.value = String(index);
  position.textContent = `Move ${index} of ${replay.steps.length - 1}`;
  moveLine.textContent = describe(step);
  board.replaceChildren(...RENDERERS[replay.game](step.state));
}

function move(delta) {
  const next = Math.min(Math.max(Number(slider.value) + delta, 0), replay.steps.length - 1);
  show(next);
}

async function start() {
  const response = await fetch(root.dataset.url, { credentials: "same-origin" });
  replay = await response.json();
  slider.max = String(replay.steps.length - 1);
  root.querySelectorAll("button[data-step]").forEach((button) => {
    button.addEventListener("click", () => move(Number(button.dataset.step)));
  });
  slider.addEventListener("input", () => show(Number(slider.value)));
  document.addEventListener("keydown", (event) => {
    if (event.key === "ArrowRight") move(1);
    if (event.key === "ArrowLeft") move(-1);
  });
  show(0);
}

start();
