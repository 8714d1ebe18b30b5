// room.js — the room page (/r/<code>/): connects the socket, draws the lobby or
// the game's table, and turns the player's clicks into protocol commands.
//
// It owns what every game shares: the connection state, the status and error
// lines, banners (whom the game waits for, seats to take over), the lobby, the
// "leave" and "play again" buttons, and confirming a player's name the first
// time they sit down. The game's own table comes from tables.js.
//
// Everything shown comes from the latest "room" frame; nothing is decided here
// that the server decides. Errors from the server are shown in words.

import {Announcer} from "./announcer.js";
import {askName, confirmAction} from "./dialogs.js";
import {button, h, keepFocus} from "./dom.js";
import {renderLobby, rulesInForce} from "./lobby.js";
import {renderBanners, tickCountdowns} from "./room-banners.js";
import {describeRoomChange} from "./room-words.js";
import {RoomSocket} from "./socket.js";
import {loadTable} from "./tables.js";

class RoomPage {
  constructor(root, config) {
    this.root = root;
    this.config = config;
    this.el = {
      connection: root.querySelector("[data-testid=connection]"),
      banners: root.querySelector("[data-testid=banners]"),
      table: root.querySelector("[data-testid=table]"),
      lobby: root.querySelector("[data-testid=lobby]"),
      nameDialog: root.querySelector(".name-dialog"),
      confirmDialog: root.querySelector(".confirm-dialog"),
      me: document.querySelector("[data-testid=me]"),
    };
    this.announcer = new Announcer(
      root.querySelector("[data-testid=status]"), root.querySelector("[data-testid=error]"));
    this.frame = null;
    this.connection = {state: "connecting", attempt: 0};
    this.table = null;
    this.tableKey = null;
    this.tableLoading = null;
    this.lastEvents = [];
    this.actions = {
      sit: (seat) => this.seatCommand("sit", seat),
      take: (seat) => this.seatCommand("take", seat),
      stand: () => this.run("stand"),
      bot: (seat, level) => this.run("bot", {seat, level}),
      botFor: (seat) => this.run("bot", {seat, level: this.config.botLevels[0]}),
      unbot: (seat) => this.run("unbot", {seat}),
      shuffle: () => this.run("shuffle"),
      start: () => this.run("start"),
      again: () => this.run("again"),
      setRules: (rules) => this.run("options", {rules}),
      leave: () => this.leave(),
      copyLink: () => this.copyLink(),
      reconnect: () => this.socket.reconnectNow(),
    };
  }

  start() {
    this.socket = new RoomSocket(this.config.code, {
      onFrame: (frame, info) => this.onFrame(frame, info),
      onState: (state, detail) => this.onState(state, detail),
      onError: (error) => this.announcer.error(error.message),
    }, {heartbeatSeconds: this.config.heartbeatSeconds});
    this.socket.start();
    setInterval(() => tickCountdowns(this.root), 1000);
    this.renderConnection();
  }

  // --- commands ---------------------------------------------------------------

  // Send a command; on refusal show the server's words. Resolves true when applied.
  async run(type, fields = {}) {
    this.announcer.clearError();
    try {
      await this.socket.command(type, fields);
      return true;
    } catch (error) {
      this.announcer.error(error.message);
      return false;
    }
  }

  // sit and take: the first time a guest sits down, they confirm their name.
  async seatCommand(type, seat) {
    const fields = {seat};
    if (!this.config.nameConfirmed) {
      const name = await askName(this.el.nameDialog, this.config.name);
      if (name === null) return false;
      fields.name = name;
    }
    const done = await this.run(type, fields);
    if (done && fields.name) {
      this.config.nameConfirmed = true;
      this.config.name = fields.name;
      if (this.el.me) this.el.me.textContent = fields.name;
    }
    return done;
  }

  async leave() {
    const ok = await confirmAction(this.el.confirmDialog, {
      title: "Leave the game for good?",
      text: "Your seat and cards go to a spectator or a computer player. You can keep watching.",
      ok: "Leave the game",
    });
    if (ok) await this.run("leave");
  }

  async copyLink() {
    const link = location.origin + location.pathname;
    try {
      await navigator.clipboard.writeText(link);
      this.announcer.say("Link copied. Send it to your friends.");
    } catch (error) {
      // No clipboard permission (or an old browser): select the text instead.
      const input = this.root.querySelector("#invite-link");
      if (input) {
        input.focus();
        input.select();
      }
      this.announcer.say("Press Ctrl+C (or long-press and Copy) to copy the selected link.");
    }
  }

  // --- frames --------------------------------------------------------------------

  onFrame(frame, info) {
    const previous = this.frame;
    this.frame = frame;
    const change = describeRoomChange(previous, frame);
    if (change) this.announcer.say(change);
    keepFocus(() => this.render(frame, info));
  }

  onState(state, detail) {
    const before = this.connection.state;
    this.connection = {state, ...detail};
    if (state === "open") sessionStorage.removeItem("fishsite-reloaded");
    if (state === "open" && before === "reconnecting") this.announcer.say("Reconnected.");
    if (state === "reconnecting" && before === "open") {
      this.announcer.say("Connection lost. Reconnecting…");
    }
    if (state === "no-session" && !sessionStorage.getItem("fishsite-reloaded")) {
      // The session cookie was missing: a page load makes one.
      sessionStorage.setItem("fishsite-reloaded", "1");
      location.reload();
      return;
    }
    if (state === "throttled") this.announcer.say(detail.message);
    if (state === "gone" || state === "closed") {
      this.announcer.say(detail.message);
      this.closeTable();
      this.el.lobby.replaceChildren();
    }
    this.renderConnection();
  }

  renderConnection() {
    const {state, attempt} = this.connection;
    const words = {
      connecting: "Connecting…",
      open: "Connected",
      reconnecting: `Reconnecting…${attempt > 1 ? ` (${attempt})` : ""}`,
      throttled: "Too many connections",
      closed: "Closed",
      gone: "No such room",
      "no-session": "Not connected",
    };
    this.el.connection.textContent = words[state] || state;
    this.el.connection.className = `conn conn-${state}`;
    this.el.connection.dataset.state = state;
    renderBanners(this.el.banners, this.frame, this.connection, this.actions);
  }

  render(frame, info) {
    // For scripts and tests: which room state the page shows.
    this.root.dataset.version = String(frame.v);
    this.root.dataset.status = frame.room.status;
    renderBanners(this.el.banners, frame, this.connection, this.actions);
    this.renderTable(frame, info);
    this.renderFooter(frame);
    this.renderTitle(frame);
  }

  renderTitle(frame) {
    const view = frame.game;
    const myTurn = view && !view.over && view.turn !== null && view.turn === frame.you.seat;
    document.title = `${myTurn ? "\u25b6 Your turn · " : ""}${this.config.gameName} · fishsite`;
  }

  // --- the table -------------------------------------------------------------------

  renderTable(frame, info) {
    if (!frame.game || this.final()) {
      this.closeTable();
      return;
    }
    const key = `${frame.room.match ? frame.room.match.number : 0}`;
    if (this.table && this.tableKey === key) {
      this.table.update(frame, frame.events || [], info);
      return;
    }
    this.openTable(key, frame, info);
  }

  async openTable(key, frame, info) {
    if (this.tableLoading === key) return;
    this.closeTable();
    this.tableLoading = key;
    const {createTable} = await loadTable(this.config.game);
    if (this.tableLoading !== key) return; // a newer game started meanwhile
    this.tableLoading = null;
    this.tableKey = key;
    this.table = createTable(this.el.table, {
      config: this.config,
      act: (action) => this.run("act", {action}),
      announce: (text) => this.announcer.say(text),
      error: (text) => this.announcer.error(text),
      again: () => this.run("again"),
      confirm: (question) => confirmAction(this.el.confirmDialog, question),
    });
    const latest = this.frame;
    this.table.update(latest, latest === frame ? frame.events || [] : [], info);
  }

  closeTable() {
    this.tableLoading = null;
    if (!this.table) return;
    this.table.destroy();
    this.table = null;
    this.tableKey = null;
    this.el.table.replaceChildren();
  }

  final() {
    return ["gone", "closed"].includes(this.connection.state);
  }

  // --- lobby, or the footer under a game -------------------------------------------------

  renderFooter(frame) {
    if (this.final()) return;
    const {room, you} = frame;
    // A solo game's table has its own Play again and New game: no lobby.
    if (!this.config.solo && (room.status === "lobby" || room.status === "finished")) {
      renderLobby(this.el.lobby, frame, this.actions, this.config);
      return;
    }
    const seated = you.seat !== null && you.seat !== undefined;
    this.el.lobby.replaceChildren(h("section", {class: "room-footer"},
      room.spectators.length
        ? h("p", {class: "spectators", data: {testid: "spectators"}},
          h("strong", {text: "Watching: "}), room.spectators.join(", "))
        : null,
      rulesInForce(room, this.config),
      h("div", {class: "button-row"},
        button("Copy the room link", this.actions.copyLink, {data: {focus: "copy-link"}}),
        seated && !this.config.solo ? button("Leave the game", this.actions.leave,
          {class: "danger", data: {focus: "leave", testid: "leave"}}) : null)));
  }
}

function readConfig() {
  const script = document.getElementById("room-config");
  return JSON.parse(script.textContent);
}

const root = document.getElementById("room");
if (root) {
  const page = new RoomPage(root, readConfig());
  page.start();
}
