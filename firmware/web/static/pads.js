// The pad view: polls /api/pads and draws each electrode's change against its thresholds.
import { element } from "/static/live.js";

const POLL_MS = 500;
const body = document.querySelector("#pads tbody");
const note = document.getElementById("note");
const link = document.getElementById("link");
const linkText = document.getElementById("link-text");
const rows = new Map();

function setLink(state, text) {
  link.dataset.state = state;
  linkText.textContent = text;
}

function rowFor(name) {
  let row = rows.get(name);
  if (row) return row;
  const tr = element("tr");
  const meter = element("td", "meter");
  const track = element("div", "track");
  const parts = {
    noise: element("div", "noise"),
    fill: element("div", "fill"),
    touch: element("div", "mark touch"),
    release: element("div", "mark release"),
  };
  track.append(parts.noise, parts.fill, parts.touch, parts.release);
  meter.append(track);
  const cells = { name: element("td", "", name), delta: element("td"), noise: element("td") };
  const limits = element("td");
  tr.append(cells.name, meter, cells.noise, limits);
  body.append(tr);
  row = { tr, parts, cells, limits };
  rows.set(name, row);
  return row;
}

function percent(value, scale) {
  return `${Math.max(0, Math.min(100, (100 * value) / scale))}%`;
}

function draw(pads) {
  for (const pad of pads) {
    const row = rowFor(pad.pad);
    const scale = Math.max(2 * pad.touch, 1);
    row.parts.fill.style.width = percent(pad.delta, scale);
    row.parts.noise.style.width = percent(3 * pad.noise, scale);
    row.parts.touch.style.left = percent(pad.touch, scale);
    row.parts.release.style.left = percent(pad.release, scale);
    row.cells.noise.textContent = `${pad.delta} ± ${pad.noise.toFixed(1)}`;
    row.limits.textContent = `${pad.touch} / ${pad.release}`;
    row.tr.classList.toggle("touched", pad.touched);
    row.tr.classList.toggle("over", !pad.touched && pad.delta > pad.touch);
    row.tr.title = `${pad.chip} E${pad.electrode}: reading ${pad.filtered}, baseline ${pad.baseline}`;
  }
}

async function poll() {
  try {
    const response = await fetch("/api/pads", { cache: "no-store" });
    const answer = await response.json();
    if (!response.ok) {
      note.hidden = false;
      note.textContent = answer.error || `the board answered ${response.status}`;
      setLink("lost", "no pads");
      return;
    }
    note.hidden = true;
    draw(answer.pads);
    setLink("live", "live");
  } catch {
    setLink("lost", "reconnecting");
  }
  setTimeout(poll, POLL_MS);
}

poll();
