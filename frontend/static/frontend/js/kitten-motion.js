// kitten-motion.js — the Kitten Fishing animations, run by kitten-table.js inside
// an Animator sequence (animation.js), so a tap can always finish them.
//
//   dealCards(table, m, piles)        // 52 cards go out to the two piles
//   showFlip(table, m, entry, frame)  // one flip: the card lands at the end of the
//                                     // row; a catch lights up, then slides away
//
// `table` is the KittenTable: they move its shown state along with the
// pictures (table.shown, table.board, table.render(), table.say()), and end with
// what the log entry says (its pile sizes), so a finished animation leaves the
// table exactly where the server is.

import {boxOf, centredBox} from "./animation.js";
import {cardBack, cardFace} from "./cards.js";
import {flipWords} from "./kitten-words.js";

const DEAL_STEPS = 13;
const DEAL_STEP_MS = 110;
const FLIP_MS = 260;
const HIGHLIGHT_MS = 650;
const SLIDE_MS = 380;

export async function dealCards(table, m, piles) {
  const {board} = table;
  const centre = centredBox(board.felt, board.pileBox(0));
  for (let step = 1; step <= DEAL_STEPS && !m.skipping; step += 1) {
    table.shown.piles = piles.map((count) => Math.round((count * step) / DEAL_STEPS));
    board.setCounts(table.shown.piles, table.frame);
    for (const seat of [0, 1]) m.fly(cardBack({size: "lg"}), centre, board.pileBox(seat), {duration: 240});
    await m.wait(DEAL_STEP_MS);
  }
  await m.wait(120);
}

export async function showFlip(table, m, entry, frame) {
  const {board, shown} = table;
  const seat = entry.seat;
  const from = board.pileBox(seat);
  const words = flipWords(entry, frame);
  shown.piles[seat] = Math.max(0, shown.piles[seat] - 1);
  shown.table = [...shown.table, entry.card];
  shown.flips = entry.flip;
  shown.turn = frame.game.turn; // the turn passes with the flip
  table.render({hidden: entry.card});
  const slot = board.cardElement(entry.card);
  await m.fly(cardFace(entry.card), from, boxOf(slot), {duration: FLIP_MS});
  if (slot) slot.classList.remove("is-arriving");
  if (!entry.took.length) {
    table.say(words.short, words.spoken);
    shown.piles = [...entry.piles];
    board.setCounts(shown.piles, frame);
    return;
  }
  // The catch: first the two matching cards (or the whole row) light up...
  if (entry.jack_sweep) board.mark(shown.table, "is-swept");
  else board.mark([entry.matched, entry.card], "is-match");
  table.say(words.short, words.spoken, entry.jack_sweep ? "sweep" : "catch");
  await m.wait(HIGHLIGHT_MS);
  // ... then the captured run slides to the capturer's pile.
  const to = board.pileBox(seat);
  await Promise.all(entry.took.map((card, index) => {
    const element = board.cardElement(card);
    const box = boxOf(element);
    if (element) element.classList.add("is-leaving");
    return m.fly(element ? element.firstChild : cardFace(card), box, to,
      {duration: SLIDE_MS, delay: index * 40, fade: true});
  }));
  const taken = new Set(entry.took);
  shown.table = shown.table.filter((card) => !taken.has(card));
  shown.piles = [...entry.piles];
  table.render();
}
