// cards.js — drawing playing cards and naming them, for every table.
//
// Cards are the server's strings: rank then suit letter ("KH", "10D", "AS"), and
// "XR" / "XB" for the red and black jokers (Fish).
//
//   cardFace("KH")                  -> <span class="card suit-h" data-card="KH" role="img"
//                                       aria-label="King of Hearts"> with corner and pip
//   cardFace("KH", {size: "sm"})    -> the same, smaller ("sm", "md" default, "lg")
//   cardBack({label: "The pond"})   -> a face-down card
//   cardText("KH") -> "K♥"   cardName("KH") -> "King of Hearts"
//   rankOf("10D") -> "10"    suitOf("10D") -> "D"   rankName("7", 2) -> "sevens"
//
// Suits are told apart by their symbol and by four colours (♠ black, ♥ red,
// ♦ blue, ♣ green — the CSS variables --suit-*); every card also carries its
// full name for screen readers. Cards are drawn with CSS only (cards.css).

const SUITS = {
  S: {symbol: "\u2660\ufe0e", name: "Spades"},
  H: {symbol: "\u2665\ufe0e", name: "Hearts"},
  D: {symbol: "\u2666\ufe0e", name: "Diamonds"},
  C: {symbol: "\u2663\ufe0e", name: "Clubs"},
};
const RANK_NAMES = {
  A: ["Ace", "aces"], J: ["Jack", "jacks"], Q: ["Queen", "queens"], K: ["King", "kings"],
  2: ["Two", "twos"], 3: ["Three", "threes"], 4: ["Four", "fours"], 5: ["Five", "fives"],
  6: ["Six", "sixes"], 7: ["Seven", "sevens"], 8: ["Eight", "eights"], 9: ["Nine", "nines"],
  10: ["Ten", "tens"],
};
const JOKERS = {XR: "Red joker", XB: "Black joker"};

export function isJoker(card) {
  return card in JOKERS;
}

export function rankOf(card) {
  return isJoker(card) ? "X" : card.slice(0, -1);
}

export function suitOf(card) {
  return card.slice(-1);
}

export function suitSymbol(suit) {
  return SUITS[suit] ? SUITS[suit].symbol : "";
}

export function suitName(suit) {
  return SUITS[suit] ? SUITS[suit].name : "";
}

// "Ace" for one, "aces" for several; "A" stays readable if a rank is unknown.
export function rankName(rank, count = 1) {
  const names = RANK_NAMES[rank];
  if (!names) return rank;
  return count === 1 ? names[0] : names[1];
}

export function cardName(card) {
  if (isJoker(card)) return JOKERS[card];
  return `${rankName(rankOf(card))} of ${suitName(suitOf(card))}`;
}

export function cardText(card) {
  if (isJoker(card)) return card === "XR" ? "Red joker" : "Black joker";
  return `${rankOf(card)}${suitSymbol(suitOf(card))}`;
}

function suitClass(card) {
  if (isJoker(card)) return card === "XR" ? "suit-xr" : "suit-xb";
  return `suit-${suitOf(card).toLowerCase()}`;
}

function el(tag, className, text) {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

export function cardFace(card, {size = "md", label} = {}) {
  const face = el("span", `card card-${size} ${suitClass(card)}`);
  face.dataset.card = card;
  face.setAttribute("role", "img");
  face.setAttribute("aria-label", label || cardName(card));
  const corner = el("span", "card-corner");
  corner.setAttribute("aria-hidden", "true");
  if (isJoker(card)) {
    corner.append(el("span", "card-suit", "\u2605"));
    face.append(corner, ariaHidden(el("span", "card-pip card-joker", "JOKER")));
  } else {
    corner.append(el("span", "card-rank", rankOf(card)), el("span", "card-suit", suitSymbol(suitOf(card))));
    face.append(corner, ariaHidden(el("span", "card-pip", suitSymbol(suitOf(card)))));
  }
  return face;
}

export function cardBack({size = "md", label = "A face-down card"} = {}) {
  const back = el("span", `card card-${size} card-back`);
  back.setAttribute("role", "img");
  back.setAttribute("aria-label", label);
  return back;
}

function ariaHidden(node) {
  node.setAttribute("aria-hidden", "true");
  return node;
}
