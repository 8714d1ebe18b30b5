// move-words.js — turning a sentence with cards in it into page content and
// into plain words for the status line. Each game's *-words.js module builds a
// sentence as a list of parts: strings and {card: "KH"}.
//
//   renderParts(["Ann asked you for ", {card: "KH"}, "."])  -> [nodes]  (K♥ in its suit colour)
//   plainText(parts)                                        -> "Ann asked you for the King of Hearts."

import {h} from "./dom.js";
import {cardName, cardText, isJoker, suitOf} from "./cards.js";

function suitClass(card) {
  if (isJoker(card)) return card === "XR" ? "suit-xr" : "suit-xb";
  return `suit-${suitOf(card).toLowerCase()}`;
}

export function inlineCard(card) {
  return h("span", {class: `card-inline ${suitClass(card)}`, data: {card}},
    h("span", {"aria-hidden": "true", text: cardText(card)}),
    h("span", {class: "visually-hidden", text: cardName(card)}));
}

export function renderParts(parts) {
  return parts.map((part) => (typeof part === "string" ? part : inlineCard(part.card)));
}

export function plainText(parts) {
  return parts.map((part) => {
    if (typeof part === "string") return part;
    return isJoker(part.card) ? `the ${cardName(part.card).toLowerCase()}` : `the ${cardName(part.card)}`;
  }).join("");
}
