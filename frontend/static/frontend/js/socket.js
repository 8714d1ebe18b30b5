// socket.js — the room's websocket client (protocol version 1, docs/protocol.md).
//
//   const socket = new RoomSocket(code, {
//     onFrame(frame, {gap, fresh}) {},   // every accepted "room" frame, in version order
//     onState(state, detail) {},         // "connecting" | "open" | "reconnecting" |
//                                        // "throttled" | "closed" | "gone" | "no-session"
//     onError(error) {},                 // an "error" frame that answers no command of ours
//   }, {heartbeatSeconds: 20});          // the server's HEARTBEAT_SECONDS
//   socket.start();
//   await socket.command("sit", {seat: 2});   // resolves on "ack", rejects with CommandError
//
// What it takes care of, so pages never have to:
// - versions: a frame at or below the last version is ignored; a jump (a missed
//   frame) is still shown, since every frame is a full view, and a "sync" is sent
//   as the protocol asks;
// - reconnecting with backoff (and at once when the browser comes back online or
//   the tab becomes visible), then resyncing: the server's first frame on a new
//   connection is the full room;
// - a lost frame of our own command: an "ack" names the version of the change;
//   if no frame of that version follows within a moment, the page asks for a "sync"
//   (the channel layer delivers at most once, and otherwise nothing would show
//   the page it is behind until the next change);
// - heartbeats: a "ping" every HEARTBEAT_SECONDS (it hands back the last pong's
//   mark, which shows the server how far we have read); no answer within 10 s
//   counts as a dropped connection;
// - refusals: no such room (4404) and no session (4401) end the connection for
//   good, since trying again cannot help; too many connections from this address
//   (4429) waits a minute, the server's counting window, before trying again;
// - game actions survive a drop: an unanswered "act" is sent again with the same
//   id after reconnecting, and the server applies it at most once. Other commands
//   that lost their answer are rejected, so the page can say so.

const PONG_WITHIN_MS = 10000;
const BACKOFF_MS = [400, 1000, 2000, 4000, 8000, 15000];
const CATCH_UP_MS = 1500;
const CLOSE_NO_SESSION = 4401;
const CLOSE_NO_ROOM = 4404;
const CLOSE_FLOOD = 4429;
// The server counts new connections per address and minute.
const FLOOD_RETRY_MS = 60000;

export class CommandError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

let counter = 0;
function newId(type) {
  counter += 1;
  return `${type}-${Date.now().toString(36)}-${counter}`;
}

export class RoomSocket {
  constructor(code, handlers = {}, {heartbeatSeconds = 20} = {}) {
    this.url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/r/${code}/`;
    this.handlers = handlers;
    this.pingEveryMs = heartbeatSeconds * 1000;
    this.mark = null; // from the last pong read
    this.ws = null;
    this.state = "idle";
    this.version = 0;
    this.attempt = 0;
    this.connections = 0;
    this.pending = new Map();
    this.timers = {};
    this.final = false;
  }

  start() {
    window.addEventListener("online", () => this.reconnectNow());
    window.addEventListener("offline", () => this.drop("offline"));
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState !== "visible") return;
      if (this.state === "open") this.ping();
      else this.reconnectNow();
    });
    this.connect();
  }

  // --- commands --------------------------------------------------------------

  command(type, fields = {}) {
    const id = newId(type);
    const frame = {type, id, ...fields};
    return new Promise((resolve, reject) => {
      const entry = {frame, resolve, reject, sentOn: null};
      this.pending.set(id, entry);
      if (this.state === "open") this.transmit(entry);
    });
  }

  sync() {
    this.send({type: "sync"});
  }

  transmit(entry) {
    entry.sentOn = this.connections;
    this.send(entry.frame);
  }

  send(frame) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(frame));
  }

  // --- the connection ----------------------------------------------------------

  connect() {
    if (this.final) return;
    clearTimeout(this.timers.retry);
    this.setState(this.connections === 0 ? "connecting" : "reconnecting", {attempt: this.attempt});
    let ws;
    try {
      ws = new WebSocket(this.url);
    } catch (error) {
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    this.freshConnection = true;
    ws.addEventListener("open", () => this.opened(ws));
    ws.addEventListener("message", (event) => this.received(ws, event));
    ws.addEventListener("close", (event) => this.closed(ws, event));
  }

  opened(ws) {
    if (ws !== this.ws) return;
    this.connections += 1;
    this.attempt = 0;
    this.setState("open");
    this.startHeartbeat();
    for (const [id, entry] of this.pending) {
      if (entry.sentOn === null || entry.frame.type === "act") {
        // An action retried with its id is applied at most once by the server.
        this.transmit(entry);
      } else {
        this.pending.delete(id);
        entry.reject(new CommandError("connection-lost",
          "The connection dropped before the server answered. Please look and try again."));
      }
    }
  }

  closed(ws, event) {
    if (ws !== this.ws) return;
    this.ws = null;
    this.stopHeartbeat();
    if (event.code === CLOSE_NO_ROOM) {
      this.finish("gone", "This room does not exist (any more).");
    } else if (event.code === CLOSE_NO_SESSION) {
      this.finish("no-session",
        "Your browser did not send this site's session cookie. Allow cookies for this site and reload the page.");
    } else if (event.code === CLOSE_FLOOD) {
      this.retryLater(FLOOD_RETRY_MS,
        "Too many connections from your network. Trying again in a minute.");
    } else if (!this.final) {
      this.scheduleReconnect();
    }
  }

  // Give up on the current connection at once (no answer, or the browser went
  // offline): waiting for the close handshake of a dead connection takes minutes.
  drop(reason) {
    const ws = this.ws;
    if (!ws || this.final) return;
    this.ws = null;
    this.stopHeartbeat();
    try {
      ws.close(3000, reason);
    } catch (error) {
      // already closing
    }
    this.scheduleReconnect();
  }

  scheduleReconnect() {
    if (this.final) return;
    const base = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)];
    const delay = Math.round(base * (0.8 + Math.random() * 0.4));
    this.attempt += 1;
    this.setState("reconnecting", {attempt: this.attempt, delay});
    clearTimeout(this.timers.retry);
    this.timers.retry = setTimeout(() => this.connect(), delay);
  }

  // Coming back sooner (tab shown, back online) would only count against the limit again.
  retryLater(delay, message) {
    this.setState("throttled", {delay, message});
    clearTimeout(this.timers.retry);
    this.timers.retry = setTimeout(() => this.connect(), delay);
  }

  reconnectNow() {
    if (this.final || this.state === "open" || this.state === "throttled" || this.ws) return;
    this.connect();
  }

  finish(state, message) {
    this.final = true;
    this.stopHeartbeat();
    clearTimeout(this.timers.retry);
    for (const entry of this.pending.values()) entry.reject(new CommandError(state, message));
    this.pending.clear();
    this.setState(state, {message});
    if (this.ws) this.ws.close();
  }

  setState(state, detail = {}) {
    this.state = state;
    if (this.handlers.onState) this.handlers.onState(state, detail);
  }

  // --- heartbeats ----------------------------------------------------------------

  startHeartbeat() {
    this.stopHeartbeat();
    this.timers.ping = setInterval(() => this.ping(), this.pingEveryMs);
  }

  stopHeartbeat() {
    clearInterval(this.timers.ping);
    clearTimeout(this.timers.pong);
  }

  ping() {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return;
    // The mark shows the server how far we have read, which bounds what it buffers for us.
    this.send({type: "ping", mark: this.mark});
    clearTimeout(this.timers.pong);
    this.timers.pong = setTimeout(() => this.drop("no answer"), PONG_WITHIN_MS);
  }

  // --- frames from the server ------------------------------------------------------

  received(ws, event) {
    if (ws !== this.ws) return;
    clearTimeout(this.timers.pong); // anything at all shows the connection is alive
    let frame;
    try {
      frame = JSON.parse(event.data);
    } catch (error) {
      return;
    }
    if (frame.type === "room") this.roomFrame(frame);
    else if (frame.type === "ack") this.acknowledged(frame);
    else if (frame.type === "error") this.errorFrame(frame);
    else if (frame.type === "closed") this.finish("closed", frame.message || "The room was closed.");
    else if (frame.type === "pong") this.ponged(frame);
  }

  ponged(frame) {
    this.mark = frame.mark;
    if (frame.v > this.version && !this.syncing) {
      this.syncing = true; // the room moved on without a frame reaching us
      this.sync();
    }
  }

  roomFrame(frame) {
    const fresh = this.freshConnection;
    if (!fresh && !this.syncing && frame.v <= this.version) return; // stale or seen
    if (!fresh && frame.v < this.version) return;
    const gap = !fresh && !this.syncing && frame.v !== this.version + 1;
    this.freshConnection = false;
    this.syncing = gap;
    this.version = fresh ? frame.v : Math.max(this.version, frame.v);
    if (gap) this.sync(); // a frame went missing: ask for the whole room again
    if (this.handlers.onFrame) this.handlers.onFrame(frame, {gap, fresh});
  }

  acknowledged(frame) {
    this.answer(frame.id, (entry) => entry.resolve(frame));
    if (!frame.v || frame.v <= this.version) return;
    // The change's own frame normally follows the ack; if it was lost, resync.
    this.expected = Math.max(this.expected || 0, frame.v);
    clearTimeout(this.timers.catchUp);
    this.timers.catchUp = setTimeout(() => {
      if (this.version >= this.expected || this.state !== "open") return;
      this.syncing = true;
      this.sync();
    }, CATCH_UP_MS);
  }

  errorFrame(frame) {
    const error = new CommandError(frame.code, frame.message || frame.code);
    const answered = this.answer(frame.id, (entry) => entry.reject(error));
    if (!answered && this.handlers.onError) this.handlers.onError(error);
  }

  answer(id, settle) {
    const entry = id ? this.pending.get(id) : undefined;
    if (!entry) return false;
    this.pending.delete(id);
    settle(entry);
    return true;
  }
}
