// local-times.js — <time data-local-time datetime="ISO"> elements in the reader's
// own time zone and language. The server writes the UTC time as the text, which
// stays if this script does not run.

const FORMAT = new Intl.DateTimeFormat(undefined, {dateStyle: "medium", timeStyle: "short"});

export function showLocalTimes(root = document) {
  for (const element of root.querySelectorAll("time[data-local-time]")) {
    const when = new Date(element.dateTime);
    if (Number.isNaN(when.getTime())) continue; // keep the server's text
    element.textContent = FORMAT.format(when);
  }
}

showLocalTimes();
