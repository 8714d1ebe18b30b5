// card-fishing-stats.js — the guest's Card Fishing record, kept on the server.
//
//   const info = await soloInfo();        // {continue: {url, level, last_active_at} | null,
//                                         //  stats: {level: {played, wins, ...}}} or null offline
//   statsList(info.stats.easy)            -> <dl> of played, wins, losses, win rate, streaks
//   levelName("easy")                     -> "Easy"
//
// The numbers come from /api/solo/card-fishing (rooms/views.py), counted from
// the guest's finished matches per difficulty.

import {h} from "./dom.js";

const EMPTY = {played: 0, wins: 0, losses: 0, draws: 0, win_rate: 0, current_streak: 0, best_streak: 0};

export async function soloInfo() {
  try {
    const response = await fetch("/api/solo/card-fishing", {
      credentials: "same-origin",
      headers: {Accept: "application/json"},
      cache: "no-store",
    });
    if (!response.ok) return null;
    return await response.json();
  } catch (error) {
    return null;
  }
}

export function levelName(level) {
  return level ? level.charAt(0).toUpperCase() + level.slice(1) : "";
}

export function statsList(record) {
  const stats = {...EMPTY, ...(record || {})};
  const rows = [
    ["played", "Matches played", stats.played],
    ["wins", "Wins", stats.wins],
    ["losses", "Losses", stats.losses],
    ["win-rate", "Win rate", `${Math.round(stats.win_rate * 100)}%`],
    ["current-streak", "Current streak", stats.current_streak],
    ["best-streak", "Best streak", stats.best_streak],
  ];
  return h("dl", {class: "cf-stats"}, rows.map(([key, label, value]) =>
    h("div", {class: "cf-stat"},
      h("dt", {text: label}),
      h("dd", {data: {testid: `stat-${key}`}, text: String(value)}))));
}
