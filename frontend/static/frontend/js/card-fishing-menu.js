// card-fishing-menu.js — the pause menu behind the button in the top-left corner.
//
//   const menu = new PauseMenu(parent, {sound, playUrl, rulesUrl, onPause, onResume, onNewGame});
//   menu.open()
//
// A native <dialog>: focus stays inside, Escape resumes. While it is open the
// table is paused (it shows nothing new; the Bot only ever moves after you).
// Resume, New game, sound on/off (off until the player turns it on), and links
// to change the difficulty or read the rules.

import {button, h} from "./dom.js";

export class PauseMenu {
  constructor(parent, {sound, playUrl, rulesUrl, onPause, onResume, onNewGame}) {
    this.sound = sound;
    this.onPause = onPause;
    this.onResume = onResume;
    this.soundButton = button("", () => this.toggleSound(), {data: {testid: "sound"}});
    this.dialog = h("dialog", {class: "cf-menu", "aria-labelledby": "cf-menu-title", data: {testid: "menu-dialog"},
      on: {cancel: (event) => {
        event.preventDefault();
        this.close();
      }}},
    h("h2", {id: "cf-menu-title", text: "Paused"}),
    h("div", {class: "cf-menu-buttons"},
      button("Resume", () => this.close(), {class: "primary", data: {testid: "resume"}}),
      button("New game", () => {
        this.close();
        onNewGame();
      }, {data: {testid: "menu-new-game"}}),
      this.soundButton,
      h("a", {class: "button", href: playUrl, text: "Change difficulty"}),
      h("a", {class: "button", href: rulesUrl, target: "_blank", rel: "noopener", text: "How to play"})));
    parent.append(this.dialog);
    this.renderSound();
  }

  get isOpen() {
    return this.dialog.open;
  }

  open() {
    if (this.dialog.open) return;
    this.renderSound();
    this.onPause();
    this.dialog.showModal();
  }

  close() {
    if (this.dialog.open) this.dialog.close();
    this.onResume();
  }

  toggleSound() {
    this.sound.setEnabled(!this.sound.enabled);
    this.renderSound();
  }

  renderSound() {
    this.soundButton.textContent = this.sound.enabled ? "Sound: on" : "Sound: off";
    this.soundButton.setAttribute("aria-pressed", String(this.sound.enabled));
  }
}
