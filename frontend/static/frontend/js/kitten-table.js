// kitten-table.js — the Kitten Fishing table (see tables.js for the table interface).
//
// You flip by tapping your pile, pressing Flip, or Space / Enter; Kitty flips on
// the server after a moment. Frames are played one after another: each flip
// slides from its pile to the end of the row; a catch first lights up the two
// matching cards (or the whole row for a Jack sweep), then the captured run
// slides to the capturer's pile. A new game opens with the deal (Skip ends it).
// While an animation plays a tap or key press only finishes it, never flips.
// During Kitty's turn a tap says "Wait for your opponent" and sends nothing.
// Auto flips your turns for you; See the result asks the server to finish the
// game (after a confirmation) and shows the real result.
//
// Everything shown comes from the server's view and log entries
// (games/kitten_fishing.py); the table never decides a capture itself. The
// root carries data-moves (plays shown), data-turn, data-over and
// data-animating for tests and scripts.

import {h, sentences} from "./dom.js";
import {Animator} from "./animation.js";
import {FrameQueue} from "./frame-queue.js";
import {FlipKeys} from "./flip-keys.js";
import {KittenBoard} from "./kitten-board.js";
import {dealCards, showFlip} from "./kitten-motion.js";
import {OPENING_WORDS, WAIT_WORDS, flipWords, reasonWords, resultTitle, turnWords} from "./kitten-words.js";

// A frame with more flips than this (See the result) is shown at once, not animated.
const MAX_ANIMATED = 3;
// Kitty's flip shows at least this long after her turn began (her "moment").
const KITTY_GAP_MS = 800;
// ... and longer when she opens the game, so the opening message can be read.
const OPENING_GAP_MS = 1500;
const AUTO_DELAY_MS = 400;
const FIRST_GAME_KEY = "fishsite:kitten-fishing:first-game";
const ALL_FLIPPED = "All the remaining cards were flipped.";

export function createTable(container, ctx) {
  return new KittenTable(container, ctx);
}

export function moveWords(events, frame) {
  const flips = events.filter((entry) => "flip" in entry);
  if (flips.length > MAX_ANIMATED) return ALL_FLIPPED;
  return flips.map((entry) => flipWords(entry, frame).spoken).join(" ");
}

function shownOf(view) {
  return {
    piles: [...view.piles],
    table: [...view.table],
    flips: view.flips,
    turn: view.turn,
    over: view.over,
  };
}

class KittenTable {
  constructor(container, ctx) {
    this.container = container;
    this.ctx = ctx;
    this.frame = null;
    this.shown = null;
    this.queue = new FrameQueue({
      present: (frame, events) => this.present(frame, events),
      settled: () => this.schedule(),
    });
    this.pending = null; // the flip count we wait for after sending a flip
    this.auto = false;
    this.autoTimer = null;
    this.turnShownAt = performance.now();
    this.destroyed = false;
    this.root = h("div", {class: "kitten-table", data: {testid: "kitten-table", animating: ""}});
    container.replaceChildren(this.root);
    this.motion = new Animator((kind) => this.animating(kind));
    this.board = new KittenBoard(this.root, {
      flip: () => this.requestFlip(),
      toggleAuto: () => this.toggleAuto(),
      seeResult: () => this.seeResult(),
      newGame: () => this.newGame(),
      playAgain: () => this.ctx.again(),
      skip: () => this.motion.finish(),
      fullScreen: () => this.toggleFullScreen(),
    });
    // A tap anywhere on the table (not the buttons below it) finishes an animation.
    // The tap is used up: it never reaches the pile (the animation may be over by then).
    this.root.addEventListener("click", (event) => {
      if (!this.motion.busy || event.target.closest(".kt-tools, .kt-result, .kt-skip")) return;
      this.motion.finish();
      event.stopPropagation();
      event.preventDefault();
    }, true);
    this.keys = new FlipKeys({busy: () => this.motion.busy, finish: () => this.motion.finish(),
      flip: () => this.requestFlip()});
    this.onFullScreen = () => this.render();
    document.addEventListener("fullscreenchange", this.onFullScreen);
  }

  destroy() {
    this.destroyed = true;
    this.queue.stop();
    clearTimeout(this.autoTimer);
    this.motion.destroy();
    this.keys.stop();
    document.removeEventListener("fullscreenchange", this.onFullScreen);
    this.container.replaceChildren();
  }

  // --- frames ------------------------------------------------------------------------

  update(frame, events, info = {}) {
    const first = this.frame === null;
    this.frame = frame;
    const view = frame.game;
    if (this.pending !== null && (view.flips >= this.pending || view.over)) this.pending = null;
    if (first) {
      this.open(frame);
      return;
    }
    if (info.fresh || info.gap || events.length > MAX_ANIMATED) {
      this.jump(frame, events);
      return;
    }
    this.queue.push({frame, events});
  }

  // The table's first frame: the deal for a new game, else the game as it stands.
  open(frame) {
    const view = frame.game;
    this.hint = this.firstGame(frame);
    this.shown = shownOf(view);
    const opening = view.first !== view.viewer && view.viewer !== null && view.flips <= 1;
    if (opening) this.say(OPENING_WORDS, OPENING_WORDS);
    this.announcedEnd = view.over;
    if (view.over) this.say(resultTitle(frame), sentences(resultTitle(frame), reasonWords(frame)));
    else if (!opening) this.ctx.announce(`${turnWords(frame, view.turn)}.`);
    if (view.flips === 0 && !view.over) {
      this.queue.push({run: () => this.deal(view)});
    } else {
      this.render();
      this.schedule();
    }
  }

  // Show the latest state at once: after a reconnect, or the whole rest of a game.
  jump(frame, events) {
    this.queue.clear();
    this.motion.finish();
    if (events.length > MAX_ANIMATED) {
      this.say(ALL_FLIPPED, ALL_FLIPPED);
    }
    const run = async () => {
      this.shown = shownOf(frame.game);
      this.render();
      this.ended(frame);
    };
    this.queue.push({run});
  }

  async present(frame, events) {
    for (const entry of events) {
      if (!("flip" in entry) || this.destroyed) continue;
      if (entry.seat !== frame.game.viewer) await this.kittyMoment(entry);
      await this.motion.run(entry.took.length ? "capture" : "flip", (m) => showFlip(this, m, entry, frame));
    }
    this.shown = shownOf(frame.game);
    if (events.length) this.turnShownAt = performance.now();
    this.render();
    this.ended(frame);
  }

  // Kitty flips "after a moment", even when the server was quicker.
  async kittyMoment(entry) {
    const gap = entry.flip === 1 ? OPENING_GAP_MS : KITTY_GAP_MS;
    const left = gap - (performance.now() - this.turnShownAt);
    if (left > 0) await this.motion.pause(left);
  }

  ended(frame) {
    const view = frame.game;
    if (!view.over || this.announcedEnd) return;
    this.announcedEnd = true;
    this.auto = false;
    const title = resultTitle(frame);
    const reason = reasonWords(frame);
    this.say(title, sentences("Game over", title, reason));
    this.render();
  }

  // --- animations ----------------------------------------------------------------------

  async deal(view) {
    const final = shownOf(view);
    this.shown = {...final, piles: [0, 0], table: []};
    this.render();
    await this.motion.run("deal", (m) => dealCards(this, m, final.piles));
    this.shown = final;
    this.turnShownAt = performance.now();
    this.render();
  }

  animating(kind) {
    if (this.destroyed) return;
    this.root.dataset.animating = kind || "";
    this.board.skip.hidden = kind !== "deal";
  }

  // --- the player's controls ----------------------------------------------------------------

  requestFlip() {
    if (this.motion.busy) {
      this.motion.finish(); // a tap during an animation only finishes it
      return;
    }
    const view = this.frame && this.frame.game;
    if (!view || view.viewer === null || !this.shown || this.shown.over) return;
    if (this.shown.turn !== view.viewer) {
      this.say(WAIT_WORDS, `${WAIT_WORDS}.`, "wait");
      return;
    }
    if (this.pending !== null || this.queue.draining) return; // the last flip is on its way
    this.sendFlip();
  }

  async sendFlip() {
    clearTimeout(this.autoTimer);
    this.pending = this.shown.flips + 1;
    const done = await this.ctx.act({type: "flip"});
    if (!done) {
      this.pending = null;
      this.schedule();
    }
  }

  toggleAuto() {
    this.auto = !this.auto;
    this.ctx.announce(this.auto ? "Auto is on: your cards are flipped for you." : "Auto is off.");
    this.render();
    this.schedule();
  }

  // Auto: flip my turn after a short moment, when nothing else is going on.
  schedule() {
    clearTimeout(this.autoTimer);
    if (!this.auto || this.destroyed) return;
    this.autoTimer = setTimeout(() => {
      const view = this.frame.game;
      if (!this.auto || this.queue.draining || this.motion.busy || this.pending !== null) return;
      if (this.shown.over || this.shown.turn !== view.viewer) return;
      this.sendFlip();
    }, AUTO_DELAY_MS);
  }

  async seeResult() {
    const ok = await this.ctx.confirm({
      title: "See the result now?",
      text: "The remaining cards are flipped at once. The result is the same as flipping to the end.",
      ok: "See the result",
    });
    if (!ok || this.shown.over) return;
    this.auto = false;
    this.motion.finish();
    await this.ctx.act({type: "finish"});
  }

  async newGame() {
    if (!this.shown.over) {
      const ok = await this.ctx.confirm({
        title: "Start a new game?",
        text: "This game ends here and is not counted.",
        ok: "New game",
      });
      if (!ok) return;
    }
    await this.ctx.again();
  }

  toggleFullScreen() {
    if (document.fullscreenElement) document.exitFullscreen().catch(() => {});
    else document.documentElement.requestFullscreen().catch(() => {});
  }

  // --- drawing ----------------------------------------------------------------------------------

  firstGame(frame) {
    if (frame.game.viewer === null) return false;
    const key = `${frame.room.code}:${frame.room.match ? frame.room.match.number : 0}`;
    try {
      const stored = localStorage.getItem(FIRST_GAME_KEY);
      if (stored === null) localStorage.setItem(FIRST_GAME_KEY, key);
      return stored === null || stored === key;
    } catch (error) {
      return true;
    }
  }

  say(short, spoken, kind = "") {
    this.board.setMessage(short, kind);
    this.ctx.announce(spoken || short);
  }

  render(options = {}) {
    if (!this.frame || !this.shown || this.destroyed) return;
    const view = this.frame.game;
    Object.assign(this.root.dataset, {
      moves: this.shown.flips,
      turn: this.shown.over || this.shown.turn === null ? "" : this.shown.turn,
      over: this.shown.over,
    });
    this.board.render(this.shown, this.frame, {
      auto: this.auto,
      hint: this.hint && view.viewer !== null,
      animating: this.motion.kind,
      fullScreen: Boolean(document.fullscreenElement),
    });
    if (options.hidden) this.board.setRow(this.shown.table, {hidden: options.hidden});
  }
}
