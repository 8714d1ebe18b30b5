// flip-keys.js — the keyboard of a table you play by flipping (Kitten Fishing):
// Space or Enter flips; while an animation plays, any key only finishes it.
//
//   const keys = new FlipKeys({busy: () => bool, finish() {}, flip() {}});
//   keys.stop();   // when the table goes away
//
// A focused button answers Space and Enter itself (the pile and Flip buttons
// flip), so the keys act here only when no control has the focus. A key that
// finished an animation is used up: its keyup does not click the focused
// button either. Keys are left alone while a dialog is open, in form fields,
// and with Ctrl, Alt or Meta held.

const IGNORED = new Set(["Tab", "Shift", "Control", "Alt", "Meta", "Escape", "CapsLock"]);

export class FlipKeys {
  constructor({busy, finish, flip}) {
    this.busy = busy;
    this.finish = finish;
    this.flip = flip;
    this.swallowed = null;
    this.onDown = (event) => this.down(event);
    this.onUp = (event) => this.up(event);
    document.addEventListener("keydown", this.onDown, true);
    document.addEventListener("keyup", this.onUp, true);
  }

  stop() {
    document.removeEventListener("keydown", this.onDown, true);
    document.removeEventListener("keyup", this.onUp, true);
  }

  down(event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (document.querySelector("dialog[open]")) return;
    const target = event.target instanceof Element ? event.target : document.body;
    if (target.closest("input, select, textarea, [contenteditable=true]")) return;
    const flipKey = event.key === " " || event.key === "Enter";
    if (this.busy() && !IGNORED.has(event.key)) {
      this.finish(); // a key press during an animation only finishes it
      if (flipKey) {
        event.preventDefault();
        event.stopPropagation();
        this.swallowed = event.key;
      }
      return;
    }
    if (!flipKey) return;
    if (event.repeat) {
      event.preventDefault(); // holding the key down flips once
      return;
    }
    if (target.closest("button, a, summary, [role=button]")) return;
    event.preventDefault();
    this.flip();
  }

  up(event) {
    if (this.swallowed !== event.key) return;
    this.swallowed = null;
    event.preventDefault(); // no click from the key that finished an animation
    event.stopPropagation();
  }
}
