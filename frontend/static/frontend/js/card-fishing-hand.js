// card-fishing-hand.js — your four cards: tap to lift, tap again to play; drag
// a card up out of the hand to play it at once, or sideways to reorder.
//
//   const hand = new FishingHand(listElement, {tap(card), play(card), lower(), reorder(cards)});
//   hand.render(cards, {lifted, config})   // cards in the player's order
//   hand.element("9H")                     // the card's button, for animations
//
// Cards are real buttons: Enter or Space taps, Left/Right move the focus,
// Alt (or Shift) + Left/Right moves the card, Escape puts a lifted card down.
// Only this screen sees the order; the table saves it (hand-order.js).

import {h} from "./dom.js";
import {fishingCard, cardLabel} from "./card-fishing-cards.js";

const DRAG_START = 8;

export class FishingHand {
  constructor(list, handlers) {
    this.list = list;
    this.handlers = handlers;
    this.drag = null;
    this.dragged = false;
    list.addEventListener("pointerdown", (event) => this.down(event));
    list.addEventListener("click", (event) => this.click(event));
    list.addEventListener("keydown", (event) => this.key(event));
    this.onMove = (event) => this.move(event);
    this.onUp = (event) => this.up(event);
  }

  get dragging() {
    return Boolean(this.drag && this.drag.moving);
  }

  render(cards, {lifted, config, canPlay}) {
    this.list.replaceChildren(...cards.map((card) => h("li", {class: "cf-hand-slot"},
      h("button", {
        type: "button",
        class: ["cf-card", card === lifted && "is-lifted"],
        "aria-pressed": card === lifted,
        "aria-label": cardLabel(card, config, {inHand: true}) +
          (card === lifted ? (canPlay ? ". Lifted: press again to play it" : ". Lifted") : ""),
        data: {handCard: card, card, focus: `hand-${card}`, testid: `hand-${card}`},
      }, fishingCard(card, config, {inHand: true, size: "lg"})))));
  }

  element(card) {
    return this.list.querySelector(`[data-hand-card="${CSS.escape(card)}"]`);
  }

  order() {
    return [...this.list.querySelectorAll("[data-hand-card]")].map((item) => item.dataset.handCard);
  }

  // --- taps and keys --------------------------------------------------------------

  click(event) {
    const item = event.target.closest("[data-hand-card]");
    if (!item) return;
    if (this.dragged) {
      this.dragged = false; // the click that ends a drag is not a tap
      return;
    }
    this.handlers.tap(item.dataset.handCard);
  }

  key(event) {
    const item = event.target.closest("[data-hand-card]");
    if (!item) return;
    if (event.key === "Escape") {
      this.handlers.lower();
      return;
    }
    if (!["ArrowLeft", "ArrowRight"].includes(event.key)) return;
    event.preventDefault();
    const items = [...this.list.querySelectorAll("[data-hand-card]")];
    const step = event.key === "ArrowLeft" ? -1 : 1;
    const other = items[items.indexOf(item) + step];
    if (!other) return;
    if (event.altKey || event.shiftKey) {
      const slot = item.parentElement;
      if (step < 0) other.parentElement.before(slot);
      else other.parentElement.after(slot);
      item.focus();
      this.handlers.reorder(this.order());
    } else {
      other.focus();
    }
  }

  // --- dragging ---------------------------------------------------------------------

  down(event) {
    const item = event.target.closest("[data-hand-card]");
    if (!item || event.button !== 0 || this.drag) return;
    this.dragged = false;
    this.drag = {item, id: event.pointerId, x: event.clientX, y: event.clientY, dx: 0, dy: 0, moving: false};
    window.addEventListener("pointermove", this.onMove);
    window.addEventListener("pointerup", this.onUp);
    window.addEventListener("pointercancel", this.onUp);
  }

  move(event) {
    const drag = this.drag;
    if (!drag || event.pointerId !== drag.id) return;
    drag.dx = event.clientX - drag.x;
    drag.dy = event.clientY - drag.y;
    if (!drag.moving) {
      if (Math.hypot(drag.dx, drag.dy) < DRAG_START) return;
      drag.moving = true;
      drag.item.classList.add("is-dragging");
    }
    event.preventDefault();
    this.reorderUnder(event.clientX, event.clientY);
    drag.item.style.transform = `translate(${drag.dx}px, ${drag.dy}px)`;
    drag.item.classList.toggle("is-leaving-hand", this.outOfHand(event.clientY));
  }

  up(event) {
    const drag = this.drag;
    if (!drag || event.pointerId !== drag.id) return;
    window.removeEventListener("pointermove", this.onMove);
    window.removeEventListener("pointerup", this.onUp);
    window.removeEventListener("pointercancel", this.onUp);
    this.drag = null;
    if (!drag.moving) return;
    this.dragged = true;
    setTimeout(() => { this.dragged = false; }, 0);
    drag.item.classList.remove("is-dragging", "is-leaving-hand");
    drag.item.style.transform = "";
    const card = drag.item.dataset.handCard;
    if (event.type === "pointerup" && this.outOfHand(event.clientY)) this.handlers.play(card);
    else this.handlers.reorder(this.order());
  }

  // Up and out: the pointer is well above the top of the hand.
  outOfHand(y) {
    const box = this.list.getBoundingClientRect();
    const card = this.drag ? this.drag.item.getBoundingClientRect().height : 60;
    return y < box.top - card * 0.35;
  }

  // Sideways over another card: the dragged card takes its place.
  reorderUnder(x, y) {
    const drag = this.drag;
    const box = this.list.getBoundingClientRect();
    if (y < box.top - 10 || y > box.bottom + 10) return;
    const slot = drag.item.parentElement;
    const target = [...this.list.children].find((other) => {
      if (other === slot) return false;
      const rect = other.getBoundingClientRect();
      return x >= rect.left && x <= rect.right;
    });
    if (!target) return;
    const before = slot.getBoundingClientRect().left;
    const rect = target.getBoundingClientRect();
    if (x < rect.left + rect.width / 2) target.before(slot);
    else target.after(slot);
    // The card moved in the list: keep it under the pointer.
    drag.x += slot.getBoundingClientRect().left - before;
    drag.dx = x - drag.x;
  }
}
