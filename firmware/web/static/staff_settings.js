// The staff page's settings form: GET/POST /api/staff/settings with the staff PIN kept in the tab.
import { element, tabPin } from "/static/live.js";

const PIN_HEADER = "X-Cullsboard-Staff-Pin";
const keptPin = tabPin("cullsboard-staff-pin");
const form = document.getElementById("settings");
const fields = document.getElementById("settings-fields");
const locked = document.getElementById("settings-locked");
const errorLine = document.getElementById("settings-error");
const note = document.getElementById("settings-note");

let shown = []; // the settings as last answered

function showError(text) {
  errorLine.textContent = text; // the board's one line, as text: it names the key
  errorLine.hidden = !text;
}

// A schedule as the textarea shows it: one "HH:MM brightness" per line.
function scheduleText(steps) {
  return (steps || []).map((step) => `${step.at} ${step.brightness}`).join("\n");
}

function scheduleValue(text) {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [at, level] = line.split(/\s+/);
      const brightness = Number(level);
      return { at, brightness: Number.isFinite(brightness) && level !== undefined ? brightness : level ?? null };
    });
}

function control(setting) {
  const id = `setting-${setting.key.replace(/[^a-z0-9]/gi, "-")}`;
  let input;
  if (setting.type === "boolean") {
    input = document.createElement("input");
    input.type = "checkbox";
    input.checked = Boolean(setting.value);
  } else if (setting.type === "choice") {
    input = document.createElement("select");
    for (const choice of setting.choices) {
      const option = element("option", "", String(choice));
      option.value = String(choice);
      input.append(option);
    }
    input.value = String(setting.value);
  } else if (setting.type === "schedule") {
    input = document.createElement("textarea");
    input.placeholder = "10:00 1.0\n20:00 0.6";
    input.value = scheduleText(setting.value);
  } else {
    input = document.createElement("input");
    if (setting.type === "integer" || setting.type === "number") {
      input.type = "number";
      input.step = setting.type === "integer" ? "1" : "any";
      if (setting.low !== null && setting.low !== undefined) input.min = String(setting.low);
      if (setting.high !== null && setting.high !== undefined) input.max = String(setting.high);
    } else {
      const pin = /pin$/.test(setting.key);
      input.type = pin ? "password" : "text";
      input.autocomplete = "off";
      if (pin) input.inputMode = "numeric";
    }
    input.value = setting.value === null ? "" : String(setting.value);
    if (setting.nullable) input.placeholder = "none";
  }
  input.id = id;
  input.name = setting.key;
  input.dataset.key = setting.key;
  return input;
}

function row(setting) {
  const box = element("div", "setting");
  box.dataset.key = setting.key;
  const input = control(setting);
  const label = element("label", "", setting.label);
  label.htmlFor = input.id;
  const when = element("span", "when", setting.restart ? "after a restart" : "at once");
  if (setting.type === "boolean") {
    const line = element("div", "check");
    line.append(input, label);
    box.append(line, when);
  } else {
    box.append(label, input, when);
  }
  return box;
}

// The value a control holds, as the API takes it.
function valueOf(setting, input) {
  if (setting.type === "boolean") return input.checked;
  if (setting.type === "schedule") return scheduleValue(input.value);
  const text = input.value.trim();
  if (text === "" && setting.nullable) return null;
  if (setting.type === "integer" || setting.type === "number") {
    const number = Number(text);
    return text !== "" && Number.isFinite(number) ? number : text;
  }
  return text;
}

function show(answer) {
  shown = answer.settings;
  fields.replaceChildren(...shown.map(row));
  form.hidden = false;
  locked.hidden = true;
  document.getElementById("settings-show").hidden = true;
}

async function call(method, path, payload) {
  const pin = keptPin.get();
  if (!pin) {
    locked.hidden = false;
    form.hidden = true;
    return null;
  }
  const options = { method, headers: { [PIN_HEADER]: pin } };
  if (payload !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(payload);
  }
  try {
    const reply = await fetch(path, options);
    const body = await reply.json();
    if (!reply.ok) {
      showError(body.error || `The board answered ${reply.status}.`);
      return null;
    }
    showError("");
    return body;
  } catch {
    showError("Cannot reach the board. Check the network and try again.");
    return null;
  }
}

async function load() {
  const answer = await call("GET", "/api/staff/settings");
  if (answer) show(answer);
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const changed = {};
  for (const setting of shown) {
    const input = fields.querySelector(`[data-key="${setting.key}"]:is(input, select, textarea)`);
    const value = valueOf(setting, input);
    if (JSON.stringify(value) !== JSON.stringify(setting.value)) changed[setting.key] = value;
  }
  if (Object.keys(changed).length === 0) {
    note.textContent = "Nothing changed.";
    return;
  }
  const answer = await call("POST", "/api/staff/settings", { settings: changed });
  if (!answer) return;
  show(answer);
  if ("kiosk.staff_pin" in changed) keptPin.keep(String(changed["kiosk.staff_pin"]));
  note.textContent = `Saved: ${answer.note}.`;
});

document.getElementById("settings-reset").addEventListener("click", async () => {
  const answer = await call("POST", "/api/staff/settings/reset", {});
  if (!answer) return;
  show(answer);
  note.textContent = `Reset: ${answer.note}.`;
});

// Read on request only: each read with a wrong PIN counts towards the lock-out.
document.getElementById("settings-show").addEventListener("click", load);
