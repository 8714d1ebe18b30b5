// card-fishing-table.js — the Card Fishing table (see tables.js for the table interface).
//
// You against the Bot, to 16 points. Tap a card to lift it (the table cards it
// would take glow, the rest dim), tap it again to play it; or drag it up out
// of the hand. Each play is animated: the card goes to the table, a capture
// lights up and slides to the capturer's name tag. Between rounds the score
// sheet ticks off the round's points and NEXT ROUND deals again. The menu
// button pauses the game. At the end: the score, rounds, sweeps, and your
// record at this difficulty.
//
// Everything shown comes from the server: the view and log entries of
// games/card_fishing.py (captures, previews, the score sheet) and the point
// values the room config took from the engine. The root carries data-phase,
// data-turn, data-over, data-animating and data-ready ("play" when you may
// play, "next-round" when the score sheet waits for you) for tests and scripts.

import {h, keepFocus, sentences} from "./dom.js";
import {Animator} from "./animation.js";
import {FrameQueue} from "./frame-queue.js";
import {FishingBoard} from "./card-fishing-board.js";
import {PauseMenu} from "./card-fishing-menu.js";
import {dealCards, showLeftovers, showPlay} from "./card-fishing-motion.js";
import {renderResults, renderSheet} from "./card-fishing-sheet.js";
import {soloInfo} from "./card-fishing-stats.js";
import {leftoverWords, matchTitle, playWords, previewWords, turnWords} from "./card-fishing-words.js";
import {HandOrder} from "./hand-order.js";
import {Sound} from "./sound.js";

// The Bot's play shows at least this long after the last change on screen.
const BOT_GAP_MS = 400;
const TICK_MS = 260;

export function createTable(container, ctx) {
  return new CardFishingTable(container, ctx);
}

export function moveWords(events, frame) {
  return events.map((entry) => (entry.type === "play"
    ? sentences(playWords(entry, frame).spoken, entry.round_over ? leftoverWords(entry, frame) : "")
    : "A new round is dealt.")).join(" ");
}

function shownOf(view) {
  return {
    hand: view.hand ? [...view.hand] : [],
    counts: [...view.hand_counts],
    table: [...view.table],
    deck: view.deck_count,
    captured: [...view.captured_counts],
    sweeps: [...view.sweeps],
    scores: [...view.scores],
    phase: view.phase,
    turn: view.turn,
    round: view.round,
  };
}

class CardFishingTable {
  constructor(container, ctx) {
    this.container = container;
    this.ctx = ctx;
    this.config = ctx.config;
    this.frame = null;
    this.shown = null;
    this.queue = new FrameQueue({
      present: (frame, events) => this.present(frame, events),
      ready: async () => {
        while (this.paused) await this.resumed;
      },
      settled: () => this.updateFlags(),
    });
    this.pending = null; // the card we played and wait to see played
    this.lifted = null;
    this.paused = false;
    this.resumed = null;
    this.lastChange = performance.now();
    this.sheetShown = null;
    this.stats = undefined;
    this.destroyed = false;
    this.sound = new Sound("fishsite:sound:card-fishing");
    this.root = h("div", {class: "card-fishing-table", data: {testid: "card-fishing-table"}});
    container.replaceChildren(this.root);
    this.motion = new Animator(() => this.updateFlags());
    this.board = new FishingBoard(this.root, {
      config: this.config,
      openMenu: () => this.menu.open(),
      handHandlers: {
        tap: (card) => this.tap(card),
        play: (card) => this.play(card),
        lower: () => this.lower(),
        reorder: (cards) => {
          if (this.order) this.order.set(cards);
          this.render();
        },
      },
    });
    this.menu = new PauseMenu(this.root, {
      sound: this.sound,
      playUrl: this.config.playUrl,
      rulesUrl: this.config.rulesUrl,
      onPause: () => this.pause(),
      onResume: () => this.resume(),
      onNewGame: () => this.newGame(),
    });
    // A tap on the table during an animation only finishes it (it never reaches a card).
    this.root.addEventListener("click", (event) => {
      if (!this.motion.busy || event.target.closest(".cf-menu-button, dialog, .cf-sheet, .cf-results")) return;
      this.motion.finish();
      event.stopPropagation();
      event.preventDefault();
    }, true);
  }

  destroy() {
    this.destroyed = true;
    this.queue.stop();
    this.motion.destroy();
    if (this.menu.isOpen) this.menu.dialog.close();
    this.container.replaceChildren();
  }

  // --- frames ------------------------------------------------------------------------

  update(frame, events, info = {}) {
    const first = this.frame === null;
    this.frame = frame;
    const view = frame.game;
    if (this.pending && (!view.hand || !view.hand.includes(this.pending))) this.pending = null;
    if (first) {
      const match = frame.room.match ? frame.room.match.number : 0;
      this.order = new HandOrder(`fishsite:hand:${frame.room.code}:${match}:${view.viewer}`);
      this.shown = shownOf(view);
      this.ctx.announce(sentences(turnWords(frame, this.shown)));
      this.render();
      if (view.phase !== "play") this.queue.push({run: () => this.showSheet(false)});
      else if (view.log.length === 0 && view.round === 0) this.queue.push({run: () => this.dealAnimation(true)});
      return;
    }
    if (info.fresh || info.gap) {
      this.queue.replace({run: async () => this.jump()});
      this.motion.finish();
    } else {
      this.queue.push({frame, events});
    }
  }

  jump() {
    this.shown = shownOf(this.frame.game);
    this.render();
    if (this.shown.phase !== "play") return this.showSheet(false);
    return null;
  }

  async present(frame, events) {
    let deal = false;
    let newRound = false;
    for (const entry of events) {
      if (this.destroyed) return;
      if (entry.type === "play") {
        if (entry.seat !== frame.game.viewer) await this.botMoment();
        await this.motion.run(entry.took.length ? "capture" : "play", (m) => showPlay(this, m, entry, frame));
        if (entry.round_over && entry.leftovers.length) {
          await this.motion.run("leftovers", (m) => showLeftovers(this, m, entry, frame));
        }
        deal = deal || Boolean(entry.dealt);
      } else if (entry.type === "next-round") {
        deal = true;
        newRound = true;
      }
    }
    const before = this.shown.phase;
    this.shown = shownOf(frame.game);
    if (this.lifted && !this.shown.hand.includes(this.lifted)) this.lifted = null;
    if (newRound) this.hideSheet();
    this.render();
    if (deal) await this.dealAnimation(newRound);
    if (before === "play" && this.shown.phase !== "play") await this.showSheet(true);
    if (events.length) this.lastChange = performance.now();
  }

  async botMoment() {
    const left = BOT_GAP_MS - (performance.now() - this.lastChange);
    if (left > 0) await this.motion.pause(left);
    while (this.paused) await this.resumed;
  }

  // --- animations ----------------------------------------------------------------------

  dealAnimation(withTable) {
    return this.motion.run("deal", (m) => dealCards(this, m, withTable));
  }

  // The score sheet of the round just played, ticked off item by item.
  async showSheet(animate) {
    const frame = this.frame;
    const rows = renderSheet(this.board.sheet, frame, this.config, {onNext: () => this.nextRound()});
    this.sheetShown = frame.game.rounds.length;
    if (frame.game.over) this.showResults();
    const view = frame.game;
    const last = view.rounds[view.rounds.length - 1];
    this.ctx.announce(view.over
      ? sentences(matchTitle(frame), `Final score ${view.scores[0]} to ${view.scores[1]}`)
      : `Round ${last.round + 1} is over: you score ${last.points[0]}, ${last.points[1]} for the Bot. ` +
        `Match score ${view.scores[0]} to ${view.scores[1]}.`);
    if (view.over) this.sound.play(view.result.winner === view.viewer ? "win" : "lose");
    if (!animate) {
      for (const row of rows) row.classList.remove("is-pending");
      this.updateFlags();
      return;
    }
    await this.motion.run("sheet", async (m) => {
      for (const row of rows) {
        await m.wait(TICK_MS);
        row.classList.remove("is-pending");
        row.classList.add("is-ticked");
      }
    });
    for (const row of rows) row.classList.remove("is-pending");
  }

  hideSheet() {
    this.board.sheet.hidden = true;
    this.board.sheet.replaceChildren();
    this.sheetShown = null;
  }

  showResults() {
    const draw = () => renderResults(this.board.results, this.frame, {
      stats: this.stats,
      onAgain: () => this.ctx.again(),
      playUrl: this.config.playUrl,
    });
    draw();
    if (this.stats !== undefined || this.statsAsked) return;
    this.statsAsked = true;
    const level = this.frame.room.options.level || "";
    soloInfo().then((info) => {
      if (this.destroyed) return;
      this.stats = info ? (info.stats[level] || {}) : null;
      draw();
    });
  }

  // --- the player's moves ----------------------------------------------------------------

  myTurn() {
    const view = this.frame.game;
    return view.viewer !== null && this.shown.phase === "play" && this.shown.turn === view.viewer;
  }

  idle() {
    return !this.queue.draining && !this.motion.busy && !this.paused;
  }

  tap(card) {
    if (this.motion.busy) {
      this.motion.finish(); // a tap during an animation only finishes it
      return;
    }
    if (this.lifted !== card) {
      this.lifted = card;
      this.render();
      const view = this.frame.game;
      const same = this.shown.table.join() === view.table.join();
      this.ctx.announce(previewWords(card, same ? (view.previews || {})[card] : null));
      return;
    }
    this.play(card);
  }

  lower() {
    if (this.lifted === null) return;
    this.lifted = null;
    this.render();
  }

  async play(card) {
    if (this.pending) return;
    if (!this.myTurn() || !this.idle()) {
      this.say({short: "Wait for the Bot’s play", spoken: "Wait for the Bot’s play."}, "wait");
      return;
    }
    this.pending = card;
    this.lifted = card;
    this.render();
    const done = await this.ctx.act({type: "play", card});
    if (!done) {
      this.pending = null;
      this.render();
    }
  }

  async nextRound() {
    this.motion.finish();
    if (this.nextSent) return;
    this.nextSent = true;
    const done = await this.ctx.act({type: "next-round"});
    this.nextSent = false;
    if (!done) this.render();
  }

  async newGame() {
    const ok = this.shown.phase === "over" || await this.ctx.confirm({
      title: "Start a new game?",
      text: "This match ends here and is not counted.",
      ok: "New game",
    });
    if (ok) await this.ctx.again();
  }

  pause() {
    if (this.paused) return;
    this.paused = true;
    this.resumed = new Promise((resolve) => { this.wakeUp = resolve; });
    this.motion.finish();
    this.updateFlags();
  }

  resume() {
    if (!this.paused) return;
    this.paused = false;
    const wake = this.wakeUp;
    this.wakeUp = null;
    if (wake) wake();
    this.updateFlags();
  }

  // --- drawing ----------------------------------------------------------------------------------

  say(words, kind = "") {
    this.board.setMessage(words.short, kind);
    this.ctx.announce(words.spoken || words.short);
  }

  render(options = {}) {
    if (!this.frame || !this.shown || this.destroyed) return;
    keepFocus(() => this.board.render(this.shown, this.frame, {
      lifted: this.lifted,
      arriving: options.arriving,
      order: (cards) => (this.order ? this.order.arrange(cards) : cards),
    }));
    this.updateFlags();
  }

  updateFlags() {
    if (!this.shown || this.destroyed) return;
    const view = this.frame.game;
    let ready = "";
    if (this.idle() && !this.pending && view.viewer !== null) {
      if (this.myTurn()) ready = "play";
      else if (this.shown.phase === "scoring" && view.actions["next-round"]) ready = "next-round";
    }
    Object.assign(this.root.dataset, {
      phase: this.shown.phase,
      turn: this.shown.turn ?? "",
      over: this.shown.phase === "over",
      round: this.shown.round,
      plays: view.log.length,
      animating: this.motion.kind || "",
      paused: this.paused,
      ready,
    });
  }
}
