// Every board on the broker, from /api/boards (refreshed each second); ?board=ID shows one.
// A card: free or what is played, when the board was last heard, its health, links to its own
// pages, and for a board that is off a button that removes it from the fleet. While the page's
// own broker link is down, a banner says so and the cards stay as last heard.
const POLL_MS = 1000;
const boardsEl = document.getElementById("boards");
const summaryEl = document.getElementById("summary");
const outageEl = document.getElementById("outage");
const only = new URLSearchParams(location.search).get("board");
let brokerUp = true;
if (only) document.getElementById("back").hidden = false;

function drawLights(canvas, rows) {
  const height = rows.length;
  const width = height ? rows[0].length / 6 : 0;
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d");
  rows.forEach((row, y) => {
    for (let x = 0; x < width; x += 1) {
      context.fillStyle = `#${row.slice(x * 6, x * 6 + 6)}`;
      context.fillRect(x, y, 1, 1);
    }
  });
}

function line(text) {
  const p = document.createElement("p");
  p.className = "line";
  p.textContent = text;
  return p;
}

// When the board was last heard, on the fleet's clock (silent_s), never on the board's own.
function seen(silent, status) {
  if (status === "online" && brokerUp) return "connected";
  if (typeof silent !== "number") return "not heard yet";
  const seconds = Math.max(0, silent);
  const when = new Date(Date.now() - seconds * 1000);
  const clock = when.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", second: "2-digit" });
  return seconds < 90 ? `seen ${clock} (${seconds} s ago)` : `seen ${clock}`;
}

function notHeardFor(seconds) {
  if (typeof seconds !== "number") return "not heard yet";
  if (seconds < 60) return `not heard for ${seconds} s`;
  return `not heard for ${Math.floor(seconds / 60)} min`;
}

function healthBox(health) {
  const problems = (health && health.problems) || [];
  if (!problems.length) return null;
  const list = document.createElement("ul");
  list.className = "problems";
  for (const problem of problems) {
    const item = document.createElement("li");
    item.dataset.part = problem.part;
    item.textContent = `${problem.part}: ${problem.message}`;
    list.append(item);
  }
  return list;
}

function extras(board) {
  const nav = document.createElement("nav");
  nav.className = "card-links";
  if (typeof board.page === "string" && /^https?:\/\//.test(board.page)) {
    for (const [text, path] of [["Board page", ""], ["Staff page", "staff"]]) {
      const link = document.createElement("a");
      link.href = new URL(path, board.page).href;
      link.textContent = text;
      nav.append(link);
    }
  }
  if (board.status !== "online" && brokerUp) {
    const remove = document.createElement("button");
    remove.type = "button";
    remove.className = "remove";
    remove.textContent = "Remove from the fleet";
    remove.addEventListener("click", () => removeBoard(board.board));
    nav.append(remove);
  }
  return nav;
}

async function removeBoard(id, force = false) {
  if (!force && !window.confirm(`Remove ${id} from the fleet? Its last state is cleared from the broker.`)) return;
  const query = force ? "?force=1" : "";
  const reply = await fetch(`/api/boards/${encodeURIComponent(id)}/remove${query}`, { method: "POST" });
  if (reply.ok) {
    refresh();
    return;
  }
  const { error } = await reply.json();
  // A board heard in the last minute may be restarting: removing it anyway is asked once more.
  if (reply.status === 409 && !force && /silent for a minute/.test(error)
      && window.confirm(`${error}. Remove it anyway?`)) {
    removeBoard(id, true);
    return;
  }
  summaryEl.textContent = error;
}

function card(board) {
  const box = document.createElement("article");
  box.className = "card-box";
  box.dataset.board = board.board;
  const link = document.createElement("a");
  link.className = "card";
  link.href = `/?board=${encodeURIComponent(board.board)}`;
  link.dataset.status = board.status || "unknown";
  const title = document.createElement("h2");
  const name = document.createElement("span");
  name.textContent = board.board;
  const status = document.createElement("span");
  status.className = "status";
  status.textContent = brokerUp ? board.status || "not heard" : "as last heard";
  title.append(name, status);
  link.append(title);
  if (Array.isArray(board.lights)) {
    const canvas = document.createElement("canvas");
    drawLights(canvas, board.lights);
    link.append(canvas);
  }
  link.dataset.free = String(Boolean(board.free));
  if (!brokerUp) {
    link.append(line(notHeardFor(board.silent_s)));
  } else if (board.free || board.status === "offline") {
    link.append(line(board.status === "offline" ? "off" : "free"));
  } else {
    const game = board.game ? `${board.game}${board.mode ? ` ${board.mode}` : ""}` : "menu";
    const scores = board.scores ? Object.entries(board.scores).map(([c, n]) => `${c} ${n}`).join(" · ") : "";
    link.append(line(`${game}${scores ? ` — ${scores}` : ""}`));
    if (board.to_move) link.append(line(`${board.to_move} to move`));
  }
  const problems = healthBox(board.health);
  if (problems) {
    link.dataset.health = "problem";
    link.append(problems);
  }
  link.append(line(seen(board.silent_s, board.status)));
  if (board.online) link.append(line(`online game ${board.online.code} with ${board.online.peer || "nobody yet"}`));
  const lost = lostOnTime(board.lost_on_time_today);
  link.append(line(`games today: ${board.games_today ?? "?"}${lost ? ` · ${lost}` : ""}${board.cafe ? ` · ${board.cafe}` : ""}`));
  if (only && board.message) link.append(line(board.message));
  for (const fact of board.facts || []) link.append(line(`${fact.label}: ${fact.words}`));
  box.append(link, extras(board));
  return box;
}

// Matches won, or rounds won for one who has won no match yet.
function winsText(player) {
  const matches = player.match_wins;
  if (matches) return matches === 1 ? "1 match won" : `${matches} matches won`;
  return player.wins === 1 ? "1 round won" : `${player.wins} rounds won`;
}

// The café's champions today: each board's names added up (the same name in any case is one);
// most matches won first, round wins breaking a tie.
function champions(boards) {
  const players = new Map();
  for (const board of boards) {
    for (const player of Array.isArray(board.champions_today) ? board.champions_today : []) {
      const key = String(player.name).toLowerCase();
      const sum = players.get(key) || { name: player.name, match_wins: 0, wins: 0, rounds: 0 };
      sum.match_wins += player.match_wins || 0;
      sum.wins += player.wins || 0;
      sum.rounds += player.rounds || 0;
      players.set(key, sum);
    }
  }
  return [...players.values()]
    .filter((player) => player.wins > 0)
    .sort((a, b) => b.match_wins - a.match_wins || b.wins - a.wins || a.rounds - b.rounds
      || a.name.localeCompare(b.name))
    .slice(0, 3);
}

function showChampions(boards) {
  const top = champions(boards);
  const box = document.getElementById("champions");
  box.hidden = top.length === 0;
  document.getElementById("champions-list").replaceChildren(
    ...top.map((player) => {
      const item = document.createElement("li");
      item.textContent = `${player.name}: ${winsText(player)}`;
      item.dataset.rank = String(top.indexOf(player) + 1);
      return item;
    }),
  );
}

// "2 rounds lost on time", or nothing for none (or a board that does not say).
function lostOnTime(count) {
  return Number.isInteger(count) && count > 0 ? `${plural(count, "round")} lost on time` : "";
}

// The café's day: games finished across its boards, rounds lost on time, and free tables.
function totals(boards) {
  const online = boards.filter((b) => b.status === "online");
  const free = online.filter((b) => b.free).length;
  const games = boards.reduce((sum, b) => sum + (Number.isInteger(b.games_today) ? b.games_today : 0), 0);
  const lost = lostOnTime(boards.reduce(
    (sum, b) => sum + (Number.isInteger(b.lost_on_time_today) ? b.lost_on_time_today : 0), 0));
  return `${boards.length} boards, ${online.length} online, ${free} free · ${games} games today${lost ? ` · ${lost}` : ""}`;
}

function plural(count, word) {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

function showOutage(broker) {
  brokerUp = Boolean(broker && broker.connected);
  outageEl.hidden = brokerUp;
  if (brokerUp) return;
  const since = broker && typeof broker.since === "number"
    ? ` since ${new Date(broker.since * 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}`
    : "";
  outageEl.textContent = `This page cannot reach the broker${since}: the tables are not known `
    + "to be off. Each card shows its table as last heard; check the broker, not the tables.";
}

async function refresh() {
  try {
    const response = await fetch("/api/boards", { cache: "no-store" });
    const { boards, broker } = await response.json();
    showOutage(broker);
    const shown = only ? boards.filter((b) => b.board === only) : boards;
    summaryEl.textContent = brokerUp ? totals(boards) : `${plural(boards.length, "board")}, as last heard`;
    showChampions(boards);
    boardsEl.classList.toggle("one", Boolean(only));
    boardsEl.replaceChildren(...shown.map(card));
  } catch (error) {
    summaryEl.textContent = "The fleet page lost its server";
  }
}

refresh();
setInterval(refresh, POLL_MS);
