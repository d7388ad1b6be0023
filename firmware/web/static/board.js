// The board page: the live LEDs, cell names on hover, a click is a touch, the three buttons.
import {
  cellName,
  connectLive,
  element,
  keepPinOnSubmit,
  sendCommand,
  showOnline,
  tabPin,
  title,
} from "/static/live.js";

const OFF = "#000000";

const grid = document.getElementById("grid");
const edge = document.getElementById("edge");
const hover = document.getElementById("hover");
const pinForm = document.getElementById("pin-form");
const pinInput = document.getElementById("pin");
const note = document.getElementById("note");
const keptPin = tabPin("cullsboard-pin");

let shape = { columns: 0, rows: 0, status: -1 };
let cells = []; // cells[topRow][column], top row first as in the frame
let leds = [];
let pinRequired = false;

function buildGrid(columns, rows) {
  grid.replaceChildren();
  grid.style.setProperty("--columns", columns);
  grid.style.setProperty("--rows", rows);
  const board = document.getElementById("board");
  board.style.setProperty("--columns", columns);
  board.style.setProperty("--rows", rows);
  cells = [];
  for (let top = 0; top < rows; top += 1) {
    const line = [];
    for (let column = 0; column < columns; column += 1) {
      const name = cellName(column, rows - 1 - top);
      const cell = document.createElement("button");
      cell.type = "button";
      cell.className = "cell";
      cell.dataset.cell = name;
      cell.dataset.led = OFF;
      cell.title = name;
      cell.setAttribute("aria-label", name);
      grid.append(cell);
      line.push(cell);
    }
    cells.push(line);
  }
  const letters = document.getElementById("columns");
  const numbers = document.getElementById("rows");
  const label = (text) => element("span", "", text);
  letters.replaceChildren(...Array.from({ length: columns }, (_, c) => label(cellName(c, 0)[0])));
  numbers.replaceChildren(...Array.from({ length: rows }, (_, t) => label(String(rows - t))));
}

// Status LEDs sit around the rim, evenly spaced clockwise from the bottom-left corner.
function buildEdge(count) {
  edge.replaceChildren();
  leds = [];
  for (let index = 0; index < count; index += 1) {
    const led = document.createElement("span");
    led.className = "led";
    led.dataset.led = OFF;
    const [x, y] = perimeterPoint((index + 0.5) / count);
    led.style.setProperty("--x", `${x}%`);
    led.style.setProperty("--y", `${y}%`);
    edge.append(led);
    leds.push(led);
  }
}

function perimeterPoint(fraction) {
  const side = Math.floor(fraction * 4);
  const along = (fraction * 4 - side) * 100;
  switch (side) {
    case 0: return [0, 100 - along]; // left edge, going up
    case 1: return [along, 0]; // top edge, going right
    case 2: return [100, along]; // right edge, going down
    default: return [100 - along, 100]; // bottom edge, going left
  }
}

function paint(light, colour) {
  if (light.dataset.led === colour) return;
  light.dataset.led = colour;
  light.style.setProperty("--led", colour);
  light.classList.toggle("lit", colour !== OFF);
}

function showView(view) {
  const { grid: colours, status } = view.frame;
  const rows = colours.length;
  const columns = rows ? colours[0].length : 0;
  if (columns !== shape.columns || rows !== shape.rows) buildGrid(columns, rows);
  if (status.length !== shape.status) buildEdge(status.length);
  shape = { columns, rows, status: status.length };
  colours.forEach((line, top) => line.forEach((colour, c) => paint(cells[top][c], colour)));
  status.forEach((colour, index) => paint(leds[index], colour));
  showScore(view.score || {});
  pinRequired = Boolean(view.control && view.control.pin_required);
  pinForm.hidden = !pinRequired;
  if (pinRequired && !keptPin.get() && !note.textContent) {
    note.textContent = "Watching. Enter the PIN to play from here.";
  }
}

function showScore(score) {
  document.getElementById("message").textContent = score.message || "\u00a0";
  showOnline(score.online);
  const error = document.getElementById("error");
  error.textContent = score.error || "";
  error.hidden = !score.error;
  const parts = [title(score.game || "")];
  if (score.mode) parts.push(score.mode === "teams" ? "2 vs 2" : "duel");
  if (score.round && score.phase !== "menu") parts.push(`round ${score.round}`);
  document.getElementById("headline").textContent = parts.filter(Boolean).join(" · ") || "\u00a0";
}

async function send(path, payload) {
  if (pinRequired && !keptPin.get()) {
    note.textContent = "Enter the PIN first.";
    pinInput.focus();
    return;
  }
  const result = await sendCommand(path, payload, keptPin.get());
  if (result.ok) {
    note.textContent = "";
    return;
  }
  if (result.status === 403) {
    keptPin.forget();
    pinInput.value = "";
    pinInput.focus();
  }
  note.textContent = title(result.error);
}

grid.addEventListener("click", (event) => {
  const cell = event.target.closest(".cell");
  if (!cell) return;
  cell.classList.remove("tapped");
  void cell.offsetWidth; // restart the tap animation
  cell.classList.add("tapped");
  send("/api/touch", { cell: cell.dataset.cell });
});
grid.addEventListener("animationend", (event) => event.target.classList.remove("tapped"));

grid.addEventListener("pointerover", (event) => {
  const cell = event.target.closest(".cell");
  if (cell) hover.textContent = cell.dataset.cell;
});
grid.addEventListener("pointerleave", () => {
  hover.textContent = "\u00a0";
});

document.getElementById("offer").addEventListener("click", () => send("/api/online", { online: "host" }));
document.getElementById("join-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const code = document.getElementById("join-code").value.trim().toUpperCase();
  send("/api/online", { online: `join:${code}` });
});

for (const button of document.querySelectorAll("[data-button]")) {
  button.addEventListener("click", () => send("/api/press", { button: button.dataset.button }));
}

pinInput.value = keptPin.get();
keepPinOnSubmit(pinForm, pinInput, keptPin, (typed) => {
  if (typed) note.textContent = "PIN kept for this tab.";
});

connectLive({ onView: showView });
