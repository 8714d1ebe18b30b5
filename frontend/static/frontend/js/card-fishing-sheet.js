// card-fishing-sheet.js — between rounds, the score sheet; at the end, the results.
//
//   renderSheet(section, frame, config, {onNext})   -> the rows, to tick off one by one
//   renderResults(section, frame, {stats, onAgain, playUrl})
//
// The sheet lists the round's points item by item: most cards, most spades,
// Aces, the 2 of spades, the 10 of diamonds and sweeps, then the round's total
// and the match score. Counts and totals are the engine's (view.rounds); the
// points per item come from config.scoring, which the server took from the
// engine too. The results show the final score, rounds, sweeps, and the
// player's record at this difficulty (card-fishing-stats.js).

import {button, fill, h, plural} from "./dom.js";
import {levelName, statsList} from "./card-fishing-stats.js";
import {matchTitle, nameInSentence, playerName} from "./card-fishing-words.js";

function items(round, scoring) {
  const holder = (seat, who) => (who === seat ? "\u2713" : "\u2013");
  return [
    ["most-cards", "Most cards", (s) => `${round.cards[s]} cards`, (s) => (round.most_cards === s ? scoring.most_cards : 0)],
    ["most-spades", "Most spades", (s) => `${round.spades[s]} \u2660\ufe0e`, (s) => (round.most_spades === s ? scoring.most_spades : 0)],
    ["aces", "Aces", (s) => `${round.aces[s]}`, (s) => round.aces[s] * scoring.ace],
    ["two-of-spades", "2 of spades", (s) => holder(s, round.two_of_spades), (s) => (round.two_of_spades === s ? scoring.two_of_spades : 0)],
    ["ten-of-diamonds", "10 of diamonds", (s) => holder(s, round.ten_of_diamonds), (s) => (round.ten_of_diamonds === s ? scoring.ten_of_diamonds : 0)],
    ["sweeps", "Sweeps", (s) => `${round.sweeps[s]}`, (s) => round.sweeps[s] * scoring.sweep],
  ];
}

function cell(seat, text, points, data = {}) {
  return h("td", {data: {seat, points, ...data}},
    h("span", {class: "cf-count", text}),
    h("span", {class: ["cf-points", points ? "has-points" : null], text: points ? `+${points}` : "0"}));
}

export function renderSheet(section, frame, config, {onNext}) {
  const view = frame.game;
  const round = view.rounds[view.rounds.length - 1];
  const seats = [0, 1];
  const scores = view.rounds.reduce((sum, done) => sum.map((value, seat) => value + done.points[seat]), [0, 0]);
  const rows = items(round, config.scoring).map(([key, label, count, points]) =>
    h("tr", {class: "cf-row is-pending", data: {item: key}},
      h("th", {scope: "row"}, h("span", {class: "cf-tick", "aria-hidden": "true", text: "\u2713"}), label),
      seats.map((seat) => cell(seat, count(seat), points(seat)))));
  const total = h("tr", {class: "cf-row cf-total is-pending", data: {item: "round"}},
    h("th", {scope: "row", text: `Round ${round.round + 1}`}),
    seats.map((seat) => h("td", {data: {seat, points: round.points[seat]}, text: String(round.points[seat])})));
  const match = h("tr", {class: "cf-row cf-match is-pending", data: {item: "match"}},
    h("th", {scope: "row", text: "Match score"}),
    seats.map((seat) => h("td", {data: {seat, points: scores[seat]}, text: String(scores[seat])})));
  const leftovers = round.leftover_count && round.last_capture !== null
    ? h("p", {class: "hint", text: `${plural(round.leftover_count, "card")} left on the table went to ` +
      `${nameInSentence(frame, round.last_capture)} (the last capture).`})
    : null;
  const next = view.actions && view.actions["next-round"];
  fill(section,
    h("h2", {text: `Round ${round.round + 1}: the score sheet`}),
    h("table", {class: "cf-sheet-table"},
      h("thead", {}, h("tr", {}, h("th", {scope: "col", text: "Points"}),
        seats.map((seat) => h("th", {scope: "col", text: playerName(frame, seat)})))),
      h("tbody", {}, rows, total, match)),
    leftovers,
    next ? button("NEXT ROUND", onNext, {class: "primary cf-big", data: {testid: "next-round", focus: "next-round"}}) : null);
  section.hidden = false;
  return [...rows, total, match];
}

export function renderResults(section, frame, {stats, onAgain, playUrl}) {
  const view = frame.game;
  const level = frame.room.options.level || "";
  const sweeps = view.rounds.reduce((sum, done) => sum.map((value, seat) => value + done.sweeps[seat]), [0, 0]);
  const name = (seat) => playerName(frame, seat);
  fill(section,
    h("h2", {data: {testid: "result-title"}, text: matchTitle(frame)}),
    h("p", {class: "cf-final-score", data: {testid: "final-score"}},
      `${name(0)} `, h("strong", {text: String(view.scores[0])}), " \u2013 ",
      h("strong", {text: String(view.scores[1])}), ` ${name(1)}`),
    h("dl", {class: "cf-match-facts"},
      h("div", {}, h("dt", {text: "Rounds"}), h("dd", {data: {testid: "rounds"}, text: String(view.rounds.length)})),
      [0, 1].map((seat) => h("div", {},
        h("dt", {text: `${name(seat) === "You" ? "Your" : `${name(seat)}\u2019s`} sweeps`}),
        h("dd", {data: {testid: `sweeps-${seat}`}, text: String(sweeps[seat])})))),
    h("h3", {text: `Your record at ${levelName(level)}`}),
    stats === undefined
      ? h("p", {class: "muted", text: "Loading your record…"})
      : h("div", {data: {testid: "result-stats"}}, stats === null
        ? h("p", {class: "muted", text: "Your record could not be loaded."})
        : statsList(stats)),
    h("div", {class: "button-row"},
      view.viewer !== null ? button("Play again", onAgain, {class: "primary", data: {testid: "play-again", focus: "play-again"}}) : null,
      h("a", {class: "button", href: playUrl, data: {testid: "change-difficulty"}, text: "Change difficulty"})));
  section.hidden = false;
}
