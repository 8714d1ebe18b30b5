// dom.js — tiny DOM helpers shared by every page script.
//
//   h("button", {class: "primary", text: name, on: {click}}, child, ...)
//
// Text is always set with textContent, never innerHTML, so names typed by
// other players can never become markup. Props:
//   class   string or array (falsy entries dropped)
//   text    textContent
//   data    dataset entries        ({seat: 2} -> data-seat="2")
//   on      event listeners        ({click: fn})
//   aria-*, role, for, tabindex, ... any name with a dash or in ATTRIBUTES
//           is set as an attribute (false is written "false", for aria-pressed)
//   anything else is set as a property (type, disabled, hidden, value, id).
// keepFocus(render) re-renders without losing the keyboard user's place: the
// focused element's data-focus key is looked up again after the render.

const ATTRIBUTES = new Set(["role", "for", "tabindex", "title", "href", "lang", "colspan"]);

export function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    setProp(el, key, value);
  }
  append(el, children);
  return el;
}

function setProp(el, key, value) {
  if (value === undefined || value === null) return;
  if (key === "class") {
    const names = Array.isArray(value) ? value.filter(Boolean).join(" ") : value;
    if (names) el.className = names;
  } else if (key === "text") {
    el.textContent = String(value);
  } else if (key === "data") {
    for (const [name, item] of Object.entries(value)) {
      if (item !== undefined && item !== null) el.dataset[name] = String(item);
    }
  } else if (key === "on") {
    for (const [event, handler] of Object.entries(value)) el.addEventListener(event, handler);
  } else if (key.includes("-") || ATTRIBUTES.has(key)) {
    el.setAttribute(key, String(value));
  } else {
    el[key] = value;
  }
}

export function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

// Replace an element's children, skipping null/false (native replaceChildren
// would write them as the text "null").
export function fill(el, ...children) {
  el.replaceChildren();
  return append(el, children);
}

// A button that is always type="button", so it never submits a form by accident.
export function button(text, onClick, props = {}) {
  return h("button", {type: "button", text, ...props, on: {click: onClick, ...(props.on || {})}});
}

export function keepFocus(render) {
  const active = document.activeElement;
  const key = active && active.dataset ? active.dataset.focus : undefined;
  render();
  if (!key || (document.activeElement && document.activeElement.dataset?.focus === key)) return;
  const again = document.querySelector(`[data-focus="${CSS.escape(key)}"]`);
  if (again) again.focus({preventScroll: true});
}

// Screen-reader-only text (the CSS class hides it visually).
export function srOnly(text) {
  return h("span", {class: "visually-hidden", text});
}

export function plural(count, one, many = `${one}s`) {
  return `${count} ${count === 1 ? one : many}`;
}

// Parts that may or may not end in a stop, as sentences: a stop is added only
// where a part has none, so "You win!" and "Game over" never become "You win!.".
//   sentences("Game over", "You win!", "") -> "Game over. You win!"
export function sentences(...parts) {
  return parts
    .map((part) => (part || "").trim())
    .filter(Boolean)
    .map((part) => (/[.!?…]$/.test(part) ? part : `${part}.`))
    .join(" ");
}

// "Ann", "Ann and Bob", "Ann, Bob and Cy"
export function listWords(words) {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}
