// card-fishing-cards.js — Card Fishing's cards: a card worth points carries a
// gold dot; in your hand the dot shows what the card counts when played
// (Ace 14, 2 of spades 15, 10 of diamonds 16).
//
//   fishingCard("AS", config, {inHand: true, size: "lg"})  -> a card face with its dot
//   cardLabel("AS", config, {inHand: true})  -> "Ace of Spades, worth 1 point, counts 14 from the hand"
//
// The values come from the room config (frontend/catalogue.py asks the engine):
// config.pointCards = {card: {points, hand}}.

import {h, plural} from "./dom.js";
import {cardFace, cardName} from "./cards.js";

export function pointsOf(card, config) {
  return (config.pointCards || {})[card] || null;
}

export function cardLabel(card, config, {inHand = false} = {}) {
  const value = pointsOf(card, config);
  if (!value) return cardName(card);
  return `${cardName(card)}, worth ${plural(value.points, "point")}` +
    (inHand ? `, counts ${value.hand} from the hand` : "");
}

export function fishingCard(card, config, {inHand = false, size = "md"} = {}) {
  const face = cardFace(card, {size, label: cardLabel(card, config, {inHand})});
  const value = pointsOf(card, config);
  if (value) {
    face.classList.add("has-dot");
    face.append(h("span", {
      class: ["cf-dot", inHand && "cf-dot-value"],
      "aria-hidden": "true",
      data: {testid: "point-dot"},
      text: inHand ? String(value.hand) : "",
    }));
  }
  return face;
}
