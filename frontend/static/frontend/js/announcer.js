// announcer.js — the page's status line and error line.
//
//   const announcer = new Announcer(statusElement, alertElement);
//   announcer.say("Bob asked you for the King of Hearts.");   // polite, visible
//   announcer.error("It is not your turn.");                  // role="alert", stays
//
// The status element carries aria-live="polite" and the alert role="alert"
// (see room.html), so screen readers hear every status change and every error
// from the server; sighted players see the same words. Errors stay until the
// player dismisses them or does something else, so a refused move is never a
// silent no-op.

export class Announcer {
  constructor(statusEl, alertEl) {
    this.statusEl = statusEl;
    this.alertEl = alertEl;
    this.alertText = alertEl.querySelector(".alert-text") || alertEl;
    const close = alertEl.querySelector(".alert-close");
    if (close) close.addEventListener("click", () => this.clearError());
  }

  say(text) {
    if (!text) return;
    // Messages of one change (the room's and the table's) are read as one.
    this.queue = this.queue || [];
    this.queue.push(text);
    if (this.queue.length === 1) queueMicrotask(() => this.flush());
  }

  flush() {
    const text = this.queue.join(" ");
    this.queue = [];
    // The same text set twice is not announced again; a trailing non-breaking
    // space makes a repeated message a change.
    const same = this.statusEl.textContent.trim() === text;
    this.statusEl.textContent = same && !this.statusEl.textContent.endsWith("\u00a0")
      ? `${text}\u00a0`
      : text;
  }

  error(text) {
    this.alertText.textContent = text;
    this.alertEl.hidden = false;
  }

  clearError() {
    this.alertEl.hidden = true;
    this.alertText.textContent = "";
  }
}
