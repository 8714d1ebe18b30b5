// card-fishing-motion.js — the Card Fishing animations, run by card-fishing-table.js
// inside an Animator sequence (animation.js), so a tap can always finish them.
//
//   showPlay(table, m, entry, frame)       // a card goes to the table; a capture
//                                          // lights up, then slides to the name tag
//   showLeftovers(table, m, entry, frame)  // the round's last cards go to the last capturer
//   dealCards(table, m, withTable)         // new cards come from the deck
//
// `table` is the CardFishingTable: its shown state moves along with the
// pictures, following the log entry (what was played, what it took), so a
// finished animation leaves the table where the server is.

import {boxOf} from "./animation.js";
import {cardBack} from "./cards.js";
import {fishingCard} from "./card-fishing-cards.js";
import {leftoverWords, playWords} from "./card-fishing-words.js";

const PLAY_MS = 300;
const HIGHLIGHT_MS = 750;
const LEFTOVER_MS = 600;
const SLIDE_MS = 380;
const DEAL_MS = 320;

export async function showPlay(table, m, entry, frame) {
  const {board, shown, config} = table;
  const seat = entry.seat;
  const mine = seat === frame.game.viewer;
  const source = mine ? boxOf(board.hand.element(entry.card)) : board.botCardBox();
  if (mine) shown.hand = shown.hand.filter((card) => card !== entry.card);
  if (table.lifted === entry.card) table.lifted = null;
  shown.counts[seat] = Math.max(0, shown.counts[seat] - 1);
  shown.table = [...shown.table, entry.card];
  shown.turn = 1 - seat;
  table.render({arriving: entry.card});
  const slot = board.tableCard(entry.card);
  table.sound.play("card");
  await m.fly(fishingCard(entry.card, config), source, boxOf(slot), {duration: PLAY_MS});
  if (slot) slot.classList.remove("is-arriving");
  const words = playWords(entry, frame);
  if (!entry.took.length) {
    table.say(words);
    return;
  }
  const cards = [...entry.took, entry.card];
  board.mark(cards, "is-taking");
  table.say(words, entry.sweep ? "sweep" : "catch");
  await m.wait(HIGHLIGHT_MS);
  await collect(table, m, cards, seat);
  table.sound.play(entry.sweep ? "sweep" : "capture");
  shown.captured[seat] += cards.length;
  if (entry.sweep) shown.sweeps[seat] += 1;
  table.render();
}

export async function showLeftovers(table, m, entry, frame) {
  const words = leftoverWords(entry, frame);
  table.say({short: words, spoken: words});
  const to = entry.leftovers_to;
  if (to === null || to === undefined) return;
  table.board.mark(entry.leftovers, "is-taking");
  await m.wait(LEFTOVER_MS);
  await collect(table, m, entry.leftovers, to);
  table.shown.captured[to] += entry.leftovers.length;
  table.render();
}

// Table cards slide to a player's name tag, then leave the table.
async function collect(table, m, cards, seat) {
  const {board, config} = table;
  const to = board.tagBox(seat);
  await Promise.all(cards.map((card, index) => {
    const slot = board.tableCard(card);
    const box = boxOf(slot);
    if (slot) slot.classList.add("is-leaving");
    return m.fly(slot ? slot.firstChild : fishingCard(card, config), box, to,
      {duration: SLIDE_MS, delay: index * 40, fade: true});
  }));
  const gone = new Set(cards);
  table.shown.table = table.shown.table.filter((card) => !gone.has(card));
}

// New cards come from the deck: both hands, and the table at a round's start.
export async function dealCards(table, m, withTable) {
  const {board} = table;
  table.sound.play("deal");
  const targets = [
    ...board.handList.querySelectorAll(".cf-hand-slot"),
    ...board.botHand.querySelectorAll(".cf-bot-slot"),
    ...(withTable ? board.tableList.querySelectorAll(".cf-slot") : []),
  ];
  const from = board.deckBox();
  for (const target of targets) target.classList.add("is-arriving");
  await Promise.all(targets.map((target, index) => m.fly(cardBack({size: "sm"}), from, boxOf(target),
    {duration: DEAL_MS, delay: index * 50}).then(() => target.classList.remove("is-arriving"))));
  for (const target of targets) target.classList.remove("is-arriving");
}
