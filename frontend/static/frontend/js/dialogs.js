// dialogs.js — the room page's two modal questions, on native <dialog> elements
// (room.html): "what is your name at the table?" and "are you sure?".
//
//   const name = await askName(dialogElement, "Lucky Herring 42");  // string, or null if cancelled
//   const ok = await confirmAction(dialogElement, {title, text, ok: "Leave"});
//
// <dialog> gives focus trapping, Escape to cancel and focus return for free.

export function askName(dialog, current) {
  const input = dialog.querySelector("input");
  const form = dialog.querySelector("form");
  const cancel = dialog.querySelector("[data-cancel]");
  input.value = current || "";
  return new Promise((resolve) => {
    const done = (value) => {
      form.removeEventListener("submit", onSubmit);
      cancel.removeEventListener("click", onCancel);
      dialog.removeEventListener("cancel", onCancel);
      if (dialog.open) dialog.close();
      resolve(value);
    };
    const onSubmit = (event) => {
      event.preventDefault();
      const name = input.value.trim();
      if (!name) {
        input.focus();
        return;
      }
      done(name);
    };
    const onCancel = (event) => {
      event.preventDefault();
      done(null);
    };
    form.addEventListener("submit", onSubmit);
    cancel.addEventListener("click", onCancel);
    dialog.addEventListener("cancel", onCancel);
    dialog.showModal();
    input.select();
  });
}

export function confirmAction(dialog, {title, text, ok = "OK"}) {
  dialog.querySelector("h2").textContent = title;
  dialog.querySelector(".confirm-text").textContent = text;
  dialog.querySelector("button[value=ok]").textContent = ok;
  dialog.returnValue = "";
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => resolve(dialog.returnValue === "ok"), {once: true});
    dialog.showModal();
  });
}
