// card-fishing-settings.js — Card Fishing's settings page (/play/card-fishing/):
// the difficulty and PLAY (a plain form that opens a room, so it works without
// JavaScript too), CONTINUE when an unfinished match is saved for this guest,
// and the guest's record at the chosen difficulty. The last difficulty chosen
// is remembered on this device.

import {levelName, soloInfo, statsList} from "./card-fishing-stats.js";

const LEVEL_KEY = "fishsite:card-fishing:level";
const form = document.getElementById("cf-settings-form");
const record = document.querySelector("[data-testid=record]");
let info = null;

function chosenLevel() {
  const checked = form.querySelector("input[name=level]:checked");
  return checked ? checked.value : "normal";
}

function showRecord() {
  if (!info) return;
  const level = chosenLevel();
  record.querySelector("[data-testid=record-level]").textContent = levelName(level);
  const list = statsList(info.stats[level]);
  list.dataset.testid = "record-stats";
  record.querySelector("[data-testid=record-stats]").replaceWith(list);
  record.hidden = false;
}

function showContinue() {
  const saved = info && info.continue;
  const area = document.querySelector("[data-testid=continue-area]");
  if (!saved) return;
  area.querySelector("[data-testid=continue]").href = saved.url;
  const when = new Date(saved.last_active_at);
  const time = Number.isNaN(when.getTime()) ? "" : `, last played ${when.toLocaleString()}`;
  area.querySelector("[data-testid=continue-note]").textContent =
    `Carry on with your unfinished ${levelName(saved.level)} match${time}.`;
  area.hidden = false;
}

function restoreLevel() {
  let level = null;
  try {
    level = localStorage.getItem(LEVEL_KEY);
  } catch (error) {
    level = null;
  }
  const input = level && form.querySelector(`input[name=level][value="${CSS.escape(level)}"]`);
  if (input) input.checked = true;
}

if (form) {
  restoreLevel();
  form.addEventListener("change", (event) => {
    if (event.target.name !== "level") return;
    try {
      localStorage.setItem(LEVEL_KEY, event.target.value);
    } catch (error) {
      // storage unavailable: nothing to remember
    }
    showRecord();
  });
  soloInfo().then((answer) => {
    info = answer;
    showContinue();
    showRecord();
  });
}
