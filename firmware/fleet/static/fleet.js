// Every board on the broker, from /api/boards (refreshed each second); ?board=ID shows one.
const POLL_MS = 1000;
const boardsEl = document.getElementById("boards");
const summaryEl = document.getElementById("summary");
const only = new URLSearchParams(location.search).get("board");
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

function card(board) {
  const link = document.createElement("a");
  link.className = "card";
  link.href = `/?board=${encodeURIComponent(board.board)}`;
  link.dataset.status = board.status || "unknown";
  const title = document.createElement("h2");
  const name = document.createElement("span");
  name.textContent = board.board;
  const status = document.createElement("span");
  status.className = "status";
  status.textContent = board.status || "not heard";
  title.append(name, status);
  link.append(title);
  if (Array.isArray(board.lights)) {
    const canvas = document.createElement("canvas");
    drawLights(canvas, board.lights);
    link.append(canvas);
  }
  const game = board.game ? `${board.game}${board.mode ? ` ${board.mode}` : ""}` : "menu";
  const scores = board.scores ? Object.entries(board.scores).map(([c, n]) => `${c} ${n}`).join(" · ") : "";
  link.append(line(`${game}${scores ? ` — ${scores}` : ""}`));
  if (board.to_move) link.append(line(`${board.to_move} to move`));
  if (board.online) link.append(line(`online game ${board.online.code} with ${board.online.peer || "nobody yet"}`));
  link.append(line(`games today: ${board.games_today ?? "?"}${board.cafe ? ` · ${board.cafe}` : ""}`));
  if (only && board.message) link.append(line(board.message));
  return link;
}

async function refresh() {
  try {
    const response = await fetch("/api/boards", { cache: "no-store" });
    const { boards } = await response.json();
    const shown = only ? boards.filter((b) => b.board === only) : boards;
    const online = boards.filter((b) => b.status === "online").length;
    summaryEl.textContent = `${boards.length} boards, ${online} online`;
    boardsEl.classList.toggle("one", Boolean(only));
    boardsEl.replaceChildren(...shown.map(card));
  } catch (error) {
    summaryEl.textContent = "The fleet page lost its server";
  }
}

refresh();
setInterval(refresh, POLL_MS);
