// home.js — the home page: saving your name without leaving the page.
// Without JavaScript the form still posts and the page reloads; with it, the
// name is saved in the background (POST /me/name, JSON) and the header shows it.

const form = document.getElementById("name-form");
const status = document.getElementById("name-status");

async function saveName(event) {
  event.preventDefault();
  const data = new FormData(form);
  status.textContent = "Saving…";
  try {
    const response = await fetch(form.action, {
      method: "POST",
      body: data,
      headers: {"Accept": "application/json", "X-CSRFToken": data.get("csrfmiddlewaretoken")},
      credentials: "same-origin",
    });
    const reply = await response.json();
    if (!response.ok) {
      status.textContent = reply.message || "That name cannot be used.";
      status.classList.add("error");
      return;
    }
    status.classList.remove("error");
    status.textContent = `Saved. You are “${reply.name}” on this device.`;
    form.querySelector("input[name=name]").value = reply.name;
    const me = document.querySelector("[data-testid=me]");
    if (me) me.textContent = reply.name;
  } catch (error) {
    status.textContent = "Could not save the name: no connection. Please try again.";
    status.classList.add("error");
  }
}

if (form && status) form.addEventListener("submit", saveName);
