// animation.js — short animations the player can always cut short (the solo tables).
//
//   const motion = new Animator((kind) => { root.dataset.animating = kind || ""; });
//   await motion.run("capture", async (m) => {
//     await m.fly(cardFace("9H"), fromBox, toBox, {duration: 300});
//     await m.wait(450);                      // a highlight stays on screen
//   });
//   motion.finish();                          // a tap: the running sequence ends at once
//   motion.pause(ms)                          // a wait that is not an animation (not finishable)
//
// While a sequence runs, `busy` is true and `kind` names it ("deal", "flip",
// "capture", ...). finish() jumps every running animation to its end and lets
// the rest of the sequence run without delays, so the table still reaches the
// sequence's last state: nothing is skipped, only sped up.
//
// prefers-reduced-motion: nothing travels across the screen (fly() is instant),
// waits are shortened, and highlights still show, so a tap can still finish them.
// Flying cards are copies in a fixed, clipped layer over the page, removed at
// the end of the sequence: they never widen the page.

const REDUCED_WAIT_MS = 320;

export function prefersReducedMotion() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

export class Animator {
  constructor(onChange = () => {}) {
    this.onChange = onChange;
    this.kind = null;
    this.skipping = false;
    this.running = new Set();
    this.timers = new Map();
    this.layer = null;
  }

  get busy() {
    return this.kind !== null;
  }

  get reduced() {
    return prefersReducedMotion();
  }

  async run(kind, sequence) {
    this.kind = kind;
    this.skipping = false;
    this.onChange(kind);
    try {
      await sequence(this);
    } finally {
      this.kind = null;
      this.skipping = false;
      this.clearLayer();
      this.onChange(null);
    }
  }

  // Finish the running sequence at once; false when nothing was running.
  finish() {
    if (!this.busy) return false;
    this.skipping = true;
    for (const animation of [...this.running]) {
      try {
        animation.finish();
      } catch (error) {
        animation.cancel();
      }
    }
    for (const [id, resolve] of this.timers) {
      clearTimeout(id);
      resolve();
    }
    this.timers.clear();
    return true;
  }

  // A moment of the animation (a highlight on screen): finishable.
  wait(ms) {
    if (this.skipping || ms <= 0) return Promise.resolve();
    return this.timer(this.reduced ? Math.min(ms, REDUCED_WAIT_MS) : ms, true);
  }

  // A pause that is not an animation (the opponent thinking): not cut short by finish().
  pause(ms) {
    return this.timer(ms, false);
  }

  timer(ms, finishable) {
    return new Promise((resolve) => {
      const id = setTimeout(() => {
        this.timers.delete(id);
        resolve();
      }, ms);
      if (finishable) this.timers.set(id, resolve);
    });
  }

  // Web Animations on an element; resolves at the end, or at once after finish().
  animate(element, keyframes, options) {
    if (this.skipping || !element.animate) return Promise.resolve();
    const animation = element.animate(keyframes, options);
    this.running.add(animation);
    return animation.finished
      .catch(() => {})
      .finally(() => this.running.delete(animation));
  }

  // A copy of `node` travels from one box (a DOMRect) to another.
  fly(node, from, to, {duration = 300, delay = 0, fade = false} = {}) {
    if (this.skipping || this.reduced || !from || !to || !from.width) return Promise.resolve();
    const ghost = node.cloneNode(true);
    ghost.removeAttribute("id");
    ghost.removeAttribute("data-testid");
    ghost.setAttribute("aria-hidden", "true");
    ghost.classList.add("ghost");
    Object.assign(ghost.style, {
      position: "fixed",
      left: `${from.left}px`,
      top: `${from.top}px`,
      width: `${from.width}px`,
      height: `${from.height}px`,
      margin: "0",
      transform: "none",
    });
    this.layerElement().append(ghost);
    const dx = to.left + to.width / 2 - (from.left + from.width / 2);
    const dy = to.top + to.height / 2 - (from.top + from.height / 2);
    // By height: a card flying to a wide name tag keeps its shape.
    const scale = to.height ? Math.max(0.3, Math.min(1.6, to.height / from.height)) : 1;
    return this.animate(ghost, [
      {transform: "translate(0, 0) scale(1)", opacity: 1},
      {transform: `translate(${dx}px, ${dy}px) scale(${scale})`, opacity: fade ? 0.25 : 1},
    ], {duration, delay, easing: "ease-in-out", fill: "forwards"}).then(() => ghost.remove());
  }

  // A soft glow or fade on an element that stays where it is (fine with reduced motion).
  glow(element, duration = 400) {
    return this.animate(element, [
      {boxShadow: "0 0 0 0 rgba(255, 191, 0, 0)"},
      {boxShadow: "0 0 0 5px rgba(255, 191, 0, 0.95)"},
    ], {duration, easing: "ease-out", fill: "none"});
  }

  layerElement() {
    if (!this.layer) {
      this.layer = document.createElement("div");
      this.layer.className = "anim-layer";
      this.layer.setAttribute("aria-hidden", "true");
      document.body.append(this.layer);
    }
    return this.layer;
  }

  clearLayer() {
    if (this.layer) this.layer.remove();
    this.layer = null;
  }

  destroy() {
    this.finish();
    this.clearLayer();
  }
}

// A box the size of `like`, centred in `element`: where a card starts from the middle of the table.
export function centredBox(element, like) {
  const outer = boxOf(element);
  if (!outer || !like) return null;
  const left = outer.left + (outer.width - like.width) / 2;
  const top = outer.top + (outer.height - like.height) / 2;
  return {left, top, width: like.width, height: like.height, right: left + like.width, bottom: top + like.height};
}

// The box of an element, or null when it is not on screen.
export function boxOf(element) {
  if (!element || !element.isConnected) return null;
  const box = element.getBoundingClientRect();
  return box.width || box.height ? box : null;
}
