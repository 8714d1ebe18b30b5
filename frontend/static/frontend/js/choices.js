// choices.js — the pick-one buttons of the move pickers (Fish ask and declare,
// Go Fish ask): real <button>s with aria-pressed, so they work with the keyboard
// and screen readers say which one is chosen.
//
//   choiceButton(content, {pressed, onClick, focus, label, testid, className})
//   choiceGroup(label, buttons, {className})   -> <div role="group" aria-label=…>

import {h} from "./dom.js";

export function choiceButton(content, {pressed, onClick, focus, label, testid, className, disabled}) {
  return h("button", {
    type: "button",
    class: ["choice", className, pressed && "is-chosen"],
    "aria-pressed": Boolean(pressed),
    "aria-label": label,
    disabled: Boolean(disabled),
    data: {focus, testid},
    on: {click: onClick},
  }, content);
}

export function choiceGroup(label, buttons, {className} = {}) {
  return h("div", {class: ["choice-group", className], role: "group", "aria-label": label}, buttons);
}
