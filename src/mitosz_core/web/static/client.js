// The browser client of mitosz-core's game server: plain JavaScript, no build step,
// nothing loaded from elsewhere. It speaks the protocol of docs/server.rst (version 1).
"use strict";

const VERSION = 1;
const $ = (id) => document.getElementById(id);
let socket = null;
let current = null; // the last "state" message

function text(tag, content) {
  const node = document.createElement(tag);
  node.textContent = content;
  return node;
}

// --- lobby ------------------------------------------------------------------------------

async function decksOf(ruleset) {
  const answer = await fetch(`/api/decks/${ruleset}`);
  return answer.json();
}

let drawing = 0; // the latest drawSeats call; an older one's answer is dropped

async function drawSeats() {
  const call = ++drawing;
  const info = await decksOf($("ruleset").value);
  if (call !== drawing) return;
  const players = $("players");
  const chosen = Number(players.value) || info.players[0];
  players.replaceChildren();
  for (let n = info.players[0]; n <= info.players[1]; n++) {
    const option = text("option", String(n));
    option.value = String(n);
    option.selected = n === chosen;
    players.append(option);
  }
  const seats = $("seats");
  seats.replaceChildren();
  for (let i = 0; i < Number(players.value); i++) {
    const row = document.createElement("div");
    row.className = "seat";
    const who = document.createElement("select");
    who.className = "who";
    for (const name of ["person", "random", "heuristic", "mcts"]) {
      const option = text("option", name);
      option.value = name;
      option.selected = name === (i === 0 ? "person" : "random");
      who.append(option);
    }
    const deck = document.createElement("select");
    deck.className = "deck";
    info.decks.forEach((name, k) => {
      const option = text("option", name);
      option.value = name;
      option.selected = k === i % info.decks.length;
      deck.append(option);
    });
    row.append(text("span", `Seat ${i}: `), who, deck);
    seats.append(row);
  }
  seats.dataset.ruleset = info.ruleset; // the seats now offer this ruleset's decks
}

async function drawLobby() {
  const answer = await fetch("/api/lobby");
  const lobby = await answer.json();
  const list = $("tables");
  list.replaceChildren();
  for (const t of lobby.tables) {
    const item = document.createElement("li");
    const seed = t.fixed_seed === null ? "secret seed" : `fixed seed ${t.fixed_seed}`;
    const seats = t.bots.map((b, i) => `${i}: ${b === null ? "person" : b}`).join(", ");
    item.append(text("span", `${t.table} (${t.ruleset}, ${seats}, ${seed}) `));
    const watch = text("button", "watch");
    watch.onclick = () => join(t.table, null);
    item.append(watch);
    list.append(item);
  }
}

async function createTable(event) {
  event.preventDefault();
  const bots = [...document.querySelectorAll("#seats .who")].map((s) => (s.value === "person" ? null : s.value));
  const decks = [...document.querySelectorAll("#seats .deck")].map((s) => s.value);
  const request = { type: "new_table", version: VERSION, ruleset: $("ruleset").value, bots, decks };
  request.fixed_seed = $("fixed").checked ? Number($("seed").value) : null;
  const answer = await fetch("/api/tables", { method: "POST", body: JSON.stringify(request) });
  const reply = await answer.json();
  if (reply.type === "error") {
    $("status").textContent = `refused: ${reply.message}`;
    return;
  }
  const seat = reply.tokens.findIndex((t) => t !== null);
  reply.tokens.forEach((token, i) => {
    if (token !== null) localStorage.setItem(`mitosz:${reply.table}:${i}`, token);
  });
  join(reply.table, reply.tokens[seat]);
}

// --- a table ------------------------------------------------------------------------------

function join(table, token) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const query = token === null ? "" : `?token=${encodeURIComponent(token)}`;
  socket = new WebSocket(`${scheme}://${location.host}/ws/${table}${query}`);
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = () => { $("status").textContent = "disconnected"; };
  $("lobby").hidden = true;
  $("game").hidden = false;
  history.replaceState(null, "", `#${table}`);
}

function receive(message) {
  if (message.type === "hello") {
    $("status").textContent = message.seat === null ? `watching table ${message.table}` : `table ${message.table}, seat ${message.seat}`;
  } else if (message.type === "state") {
    drawState(message);
  } else if (message.type === "decision") {
    $("log").append(text("li", `P${message.player}: ${message.text}`));
    $("log").scrollTop = $("log").scrollHeight;
  } else if (message.type === "error") {
    $("status").textContent = `refused: ${message.message}`;
  }
}

function drawState(message) {
  current = message;
  $("board").innerHTML = message.svg; // drawn by the server from this seat's own view
  const mine = message.seat;
  const whose = message.to_act === null ? "nobody" : message.to_act === mine ? "yours" : `P${message.to_act}'s`;
  $("turn").textContent = message.over ? "The game is over" : `Decision ${message.number}: ${whose}`;
  const hand = $("hand");
  hand.replaceChildren();
  const players = message.observation.players || [];
  const me = mine === null ? null : players[mine];
  for (const card of (me && me.hand) || []) hand.append(text("li", card.name));
  const actions = $("actions");
  actions.replaceChildren();
  for (const option of message.legal || []) {
    const button = text("button", option.text);
    button.className = "action";
    button.dataset.index = String(option.index);
    button.onclick = () => send({ type: "act", version: VERSION, number: message.number, action: option.action });
    actions.append(button);
  }
  const end = $("end");
  end.hidden = !message.over;
  if (message.over) {
    const winner = message.winner === null ? "a draw" : message.winner === mine ? "you win" : `P${message.winner} wins`;
    end.textContent = `Game over: ${winner} (seed ${message.seed})`;
    end.id = "end";
  }
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

$("ruleset").onchange = () => { $("players").value = ""; drawSeats(); };
$("players").onchange = drawSeats;
$("new-table").onsubmit = createTable;
drawSeats();
drawLobby();
