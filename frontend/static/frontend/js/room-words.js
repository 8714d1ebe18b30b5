// room-words.js — what changed in a room between two frames, in words, for the
// status line: a game starting, players sitting down, leaving, dropping and
// coming back, a new host. Game moves are described by each table.
//
//   describeRoomChange(previousFrame, frame) -> "Ann sat in seat 3." or null

export function describeRoomChange(previous, frame) {
  if (!previous) return firstWords(frame);
  const parts = [statusWords(previous.room, frame.room), ...seatWords(previous.room, frame.room)];
  if (!previous.you.host && frame.you.host) parts.push("You are the host now.");
  return parts.filter(Boolean).join(" ") || null;
}

function firstWords(frame) {
  if (frame.room.status !== "lobby") return null; // the table says whose turn it is
  const seated = frame.you.seat !== null && frame.you.seat !== undefined;
  return seated ? `You sit in seat ${frame.you.seat + 1}.` : "Pick a free seat to play.";
}

function statusWords(before, after) {
  if (before.status === after.status) return null;
  if (after.status === "playing") return "The game has started.";
  if (after.status === "lobby") return after.notice || "The game was stopped. Back to the lobby.";
  return null; // "finished": the table announces the result
}

function seatWords(before, after) {
  if (shuffled(before, after)) return ["The teams were shuffled."];
  const words = [];
  after.seats.forEach((seat, index) => {
    const old = before.seats[index];
    if (old) words.push(seatChange(old, seat, index, after.status));
  });
  return words;
}

function shuffled(before, after) {
  const names = (room) => room.seats.map((seat) => seat.name || "");
  const a = names(before);
  const b = names(after);
  const moved = a.filter((name, index) => name !== b[index]).length;
  return moved > 2 && [...a].sort().join("\n") === [...b].sort().join("\n");
}

function seatChange(old, seat, index, status) {
  const number = index + 1;
  if (seat.vacated && !old.vacated) return `${seat.name} left the game.`;
  if (old.vacated && seat.occupied) return `${seat.name} took over seat ${number}.`;
  if (old.occupied && !seat.occupied && !seat.vacated) return `${old.name} left seat ${number}.`;
  if (!old.occupied && seat.occupied) return `${seat.name} sat in seat ${number}.`;
  if (old.occupied && seat.occupied && old.name !== seat.name) {
    return `${seat.name} took seat ${number}.`;
  }
  if (status !== "playing" || seat.bot) return null;
  if (old.connected && !seat.connected) return `${seat.name} lost connection.`;
  if (!old.connected && seat.connected) return `${seat.name} is back.`;
  return null;
}
