// hand-order.js — the player's own arrangement of their hand.
//
//   const order = new HandOrder("fishsite:hand:<room>:<game>:<seat>");
//   order.arrange(cardsInServerOrder)   -> the cards in the player's order
//   order.set(cards) / order.reset()
//   makeReorderable(listElement, {onOrder(cards), onDrag(active)})
//
// The server sends a hand in its display order (Fish: by halfsuit). The player
// may drag cards (mouse or touch) or move the focused card with Alt+Left/Right;
// only this screen changes, the server never sees it. The order is saved in
// localStorage so a reload keeps it. A card that arrives later is placed next to
// the card that precedes it in the server's order, so it lands in its group.
// The list's items must carry data-hand-card="<card>" and be focusable.

export class HandOrder {
  constructor(key) {
    this.key = key;
    this.order = null;
    try {
      this.order = JSON.parse(localStorage.getItem(key) || "null");
    } catch (error) {
      this.order = null;
    }
  }

  arrange(cards) {
    if (!Array.isArray(this.order)) return [...cards];
    const present = new Set(cards);
    const result = this.order.filter((card) => present.has(card));
    cards.forEach((card, index) => {
      if (result.includes(card)) return;
      result.splice(insertionPoint(result, cards, index), 0, card);
    });
    return result;
  }

  set(cards) {
    this.order = [...cards];
    this.save();
  }

  reset() {
    this.order = null;
    try {
      localStorage.removeItem(this.key);
    } catch (error) {
      // storage unavailable: the order lives for this page only
    }
  }

  save() {
    try {
      localStorage.setItem(this.key, JSON.stringify(this.order));
    } catch (error) {
      // storage unavailable: the order lives for this page only
    }
  }
}

// Where a new card goes: after the nearest card before it in server order.
function insertionPoint(result, cards, index) {
  for (let before = index - 1; before >= 0; before -= 1) {
    const at = result.indexOf(cards[before]);
    if (at >= 0) return at + 1;
  }
  for (let after = index + 1; after < cards.length; after += 1) {
    const at = result.indexOf(cards[after]);
    if (at >= 0) return at;
  }
  return result.length;
}

const DRAG_THRESHOLD = 6;

export function makeReorderable(list, {onOrder, onDrag}) {
  const items = () => [...list.querySelectorAll("[data-hand-card]")];
  const current = () => items().map((item) => item.dataset.handCard);
  let drag = null;

  // Moves and the release are followed on the window: the dragged item moves in
  // the DOM, which would end a pointer capture, and the pointer may leave the list.
  list.addEventListener("pointerdown", (event) => {
    const item = event.target.closest("[data-hand-card]");
    if (!item || event.button !== 0 || drag) return;
    drag = {item, x: event.clientX, y: event.clientY, moving: false, id: event.pointerId};
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", finish);
    window.addEventListener("pointercancel", finish);
  });
  function move(event) {
    if (!drag || event.pointerId !== drag.id) return;
    if (!drag.moving) {
      if (Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < DRAG_THRESHOLD) return;
      drag.moving = true;
      drag.item.classList.add("dragging");
      onDrag(true);
    }
    event.preventDefault();
    moveTo(drag.item, event.clientX, event.clientY);
  }
  function finish(event) {
    if (!drag || event.pointerId !== drag.id) return;
    window.removeEventListener("pointermove", move);
    window.removeEventListener("pointerup", finish);
    window.removeEventListener("pointercancel", finish);
    const moved = drag.moving;
    drag.item.classList.remove("dragging");
    drag = null;
    if (moved) {
      onDrag(false);
      onOrder(current());
    }
  }

  list.addEventListener("keydown", (event) => {
    const item = event.target.closest("[data-hand-card]");
    if (!item || !["ArrowLeft", "ArrowRight"].includes(event.key)) return;
    event.preventDefault();
    const all = items();
    const index = all.indexOf(item);
    const step = event.key === "ArrowLeft" ? -1 : 1;
    const other = all[index + step];
    if (!other) return;
    if (event.altKey || event.shiftKey) {
      // Move the card itself, keeping the focus on it.
      if (step < 0) other.before(item);
      else other.after(item);
      item.focus();
      onOrder(current());
    } else {
      other.focus();
    }
  });

  // Put the dragged item before or after the item under the pointer.
  function moveTo(item, x, y) {
    const target = items().find((other) => {
      if (other === item) return false;
      const box = other.getBoundingClientRect();
      return x >= box.left && x <= box.right && y >= box.top && y <= box.bottom;
    });
    if (!target) return;
    const box = target.getBoundingClientRect();
    if (x < box.left + box.width / 2) target.before(item);
    else target.after(item);
  }
}
