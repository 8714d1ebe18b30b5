// lobby.js — the room's lobby: invite link, seats, teams, host controls.
//
//   renderLobby(container, frame, actions, config)
//
// `frame` is the latest "room" frame; `actions` are the room page's commands:
//   {sit(seat), stand(), bot(seat, level), unbot(seat), shuffle(), start(), again(), copyLink(),
//    setRules(rules)}
// `config` is the page's room config (botLevels, game). Nothing here decides
// what is allowed: the server answers every command, and its errors are shown
// by the room page. The lobby is drawn for any game with seats; Fish seats are
// shown in two team columns (seat index % 2 is the team the server sends).

import {button, h, plural} from "./dom.js";
import {presenceBadge, teamName, teamTag} from "./seats.js";

// The level picked for each empty seat's "Add computer", and whether the house
// rules are unfolded: kept across re-renders.
const chosenLevels = new Map();
let rulesOpen = false;

export function renderLobby(container, frame, actions, config) {
  const {room, you} = frame;
  const finished = room.status === "finished";
  const section = h("section", {class: "lobby", "aria-labelledby": "lobby-heading"},
    h("h2", {id: "lobby-heading", text: finished ? "Seats for the next game" : "Take a seat"}),
    invite(actions),
    youLine(frame),
    seatsBlock(frame, actions, config),
    hostControls(frame, actions),
    spectatorLine(room),
    you.host ? houseRulesForm(room, actions, config) : rulesInForce(room, config));
  container.replaceChildren(section);
}

function invite(actions) {
  const link = location.origin + location.pathname;
  return h("div", {class: "invite"},
    h("label", {for: "invite-link", text: "Invite friends: send them this link"}),
    h("div", {class: "field-row"},
      h("input", {id: "invite-link", value: link, readOnly: true, data: {testid: "invite-link"},
        on: {focus: (event) => event.target.select()}}),
      button("Copy link", actions.copyLink, {class: "copy-link", data: {focus: "copy-link"}})));
}

function youLine(frame) {
  const {you, room} = frame;
  let text;
  if (you.seat === null || you.seat === undefined) {
    text = "You are watching. Pick a free seat to play.";
  } else {
    const team = room.seats[you.seat].team;
    text = `You sit in seat ${you.seat + 1}` + (team === null ? "." : ` on the ${teamName(team)}.`);
  }
  return h("p", {class: "you-line", data: {testid: "you-line"}, text});
}

function seatsBlock(frame, actions, config) {
  const seats = frame.room.seats;
  if (seats.some((seat) => seat.team !== null)) {
    return h("div", {class: "team-columns"},
      [0, 1].map((team) => h("div", {class: `team-column team-${team}`},
        h("h3", {}, teamTag(team, {long: true})),
        h("ul", {class: "seat-list"},
          seats.filter((seat) => seat.team === team)
            .map((seat) => seatCard(frame, seat, actions, config))))));
  }
  return h("ul", {class: "seat-list seat-list-plain"},
    seats.map((seat) => seatCard(frame, seat, actions, config)));
}

function seatCard(frame, seat, actions, config) {
  const mine = frame.you.seat === seat.index;
  const empty = !seat.occupied;
  return h("li", {
    class: ["seat-card", seat.team !== null && `team-${seat.team}`, mine && "is-you", empty && "is-empty"],
    data: {seat: seat.index, testid: `seat-${seat.index}`},
  },
  h("div", {class: "seat-head"},
    h("span", {class: "seat-number", text: `Seat ${seat.index + 1}`}),
    seat.team !== null ? teamTag(seat.team) : null),
  h("div", {class: "seat-name"},
    h("span", {class: "name", data: {testid: "seat-name"}, text: empty ? "Free" : seat.name}),
    mine ? h("span", {class: "badge", text: "you"}) : null,
    seat.host ? h("span", {class: "badge badge-host", text: "host"}) : null,
    seat.bot ? h("span", {class: "badge", text: `computer · ${seat.bot}`}) : null),
  presenceBadge(seat),
  h("div", {class: "seat-actions"}, seatButtons(frame, seat, actions, config)));
}

function seatButtons(frame, seat, actions, config) {
  const mine = frame.you.seat === seat.index;
  const seated = frame.you.seat !== null && frame.you.seat !== undefined;
  const host = frame.you.host;
  const label = `seat ${seat.index + 1}`;
  const buttons = [];
  if (!seat.occupied) {
    buttons.push(button(seated ? "Move here" : "Sit here", () => actions.sit(seat.index), {
      class: "primary", data: {focus: `sit-${seat.index}`}, "aria-label": `${seated ? "Move to" : "Sit in"} ${label}`,
    }));
    if (host) buttons.push(addComputer(seat, actions, config));
  } else if (mine) {
    buttons.push(button("Stand up", actions.stand, {
      data: {focus: `stand-${seat.index}`}, "aria-label": "Stand up and watch",
    }));
  } else if (seat.bot && host) {
    buttons.push(button("Remove computer", () => actions.unbot(seat.index), {
      data: {focus: `unbot-${seat.index}`}, "aria-label": `Remove the computer player from ${label}`,
    }));
  }
  return buttons;
}

function addComputer(seat, actions, config) {
  const levels = config.botLevels || [];
  const id = `level-${seat.index}`;
  const chosen = chosenLevels.get(seat.index) || levels[0];
  const select = h("select", {id, "aria-label": `Computer level for seat ${seat.index + 1}`,
    on: {change: (event) => chosenLevels.set(seat.index, event.target.value)}},
  levels.map((level) => h("option", {value: level, text: level, selected: level === chosen})));
  return h("span", {class: "add-computer"}, select,
    button("Add computer", () => actions.bot(seat.index, select.value), {
      data: {focus: `bot-${seat.index}`}, "aria-label": `Add a computer player to seat ${seat.index + 1}`,
    }));
}

function hostControls(frame, actions) {
  const {room, you} = frame;
  const seated = you.seat !== null && you.seat !== undefined;
  const empty = room.seats.filter((seat) => !seat.occupied).length;
  const finished = room.status === "finished";
  const hostName = room.seats.find((seat) => seat.host)?.name;
  const controls = [];
  if (you.host && room.seats.some((seat) => seat.team !== null)) {
    controls.push(button("Shuffle teams", actions.shuffle, {data: {focus: "shuffle"}}));
  }
  if (finished && seated) {
    controls.push(button("Play again", actions.again, {class: "primary", data: {focus: "again"}}));
  } else if (!finished && you.host) {
    controls.push(button("Start the game", actions.start, {
      class: "primary", data: {focus: "start"}, disabled: empty > 0,
    }));
  }
  let note;
  if (empty > 0) {
    note = `${plural(empty, "seat")} still ${empty === 1 ? "needs" : "need"} a player` +
      (you.host ? " (or a computer player)." : ".");
  } else if (!you.host && !finished) {
    note = `Everyone is seated. Waiting for ${hostName || "the host"} to start.`;
  } else {
    note = "Everyone is seated.";
  }
  return h("div", {class: "host-controls"},
    controls.length ? h("div", {class: "button-row"}, controls) : null,
    h("p", {class: "lobby-note", data: {testid: "lobby-note"}, text: note}));
}

function spectatorLine(room) {
  if (!room.spectators.length) return null;
  return h("p", {class: "spectators", data: {testid: "spectators"}},
    h("strong", {text: "Watching: "}), room.spectators.join(", "));
}

// The host chooses the house rules in the lobby: each change sends the whole set.
function houseRulesForm(room, actions, config) {
  const choices = config.houseRules || [];
  if (!choices.length) return null;
  const current = Object.fromEntries(room.rules.map((rule) => [rule.name, rule.value]));
  return h("details", {class: "rules-in-force", open: rulesOpen,
    on: {toggle: (event) => { rulesOpen = event.target.open; }}},
  h("summary", {text: "House rules at this table (you choose)"}),
  choices.map((rule) => {
    const id = `rule-${rule.name}`;
    const chosen = JSON.stringify(current[rule.name]);
    return h("div", {class: "rule-choice"},
      h("label", {for: id, text: rule.label}),
      h("select", {id, data: {focus: id}, on: {change: (event) => {
        const value = rule.choices[Number(event.target.value)].value;
        actions.setRules({...current, [rule.name]: value});
      }}}, rule.choices.map((choice, index) => h("option", {
        value: String(index), text: choice.text, selected: JSON.stringify(choice.value) === chosen,
      }))));
  }),
  h("p", {}, h("a", {href: config.rulesUrl, target: "_blank", rel: "noopener", text: `How to play ${config.gameName}`})));
}

export function rulesInForce(room, config) {
  if (!room.rules || !room.rules.length) return null;
  return h("details", {class: "rules-in-force", open: rulesOpen,
    on: {toggle: (event) => { rulesOpen = event.target.open; }}},
    h("summary", {text: "House rules at this table"}),
    h("dl", {}, room.rules.map((rule) => [
      h("dt", {text: rule.label}),
      h("dd", {text: rule.text + (rule.default ? "" : " (changed)")}),
    ])),
    h("p", {}, h("a", {href: config.rulesUrl, target: "_blank", rel: "noopener", text: `How to play ${config.gameName}`})));
}
