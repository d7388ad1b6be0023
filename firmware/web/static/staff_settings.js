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
let readVersion = null; // their version: a change sends it, so another's newer value is kept
let refused = null; // the last 409: another staff member changed what this page would write

// The board's lines name settings by their config keys; the page shows their labels.
function inWords(text) {
  let said = text;
  for (const setting of [...shown].sort((a, b) => b.key.length - a.key.length)) {
    said = said.split(setting.key).join(`"${setting.label}"`);
  }
  return said;
}

function showError(text) {
  const said = inWords(text);
  errorLine.textContent = said; // the board's one line, as text
  errorLine.hidden = !said;
  if (form.hidden) {
    // The form is not shown yet (a wrong PIN, a lock-out): say it where the staff look.
    locked.textContent = said || "Enter the staff PIN above, then show the settings.";
    locked.dataset.kind = said ? "error" : "";
    locked.hidden = false;
  }
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
    // Empty: no schedule. The example says it is one, not a value already set.
    input.placeholder = "none: one step a line, e.g.\n10:00 1.0\n20:00 0.6";
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
    if (setting.nullable) input.placeholder = setting.empty || "none";
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
  const when = element("span", "when", setting.applies || (setting.restart ? "after a restart" : "at once"));
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
  readVersion = answer.version ?? null;
  fields.replaceChildren(...shown.map(row));
  form.hidden = false;
  locked.hidden = true;
  document.getElementById("settings-show").hidden = true;
}

async function call(method, path, payload) {
  const pin = keptPin.get();
  if (!pin) {
    locked.textContent = "Enter the staff PIN above and press Use, then show the settings.";
    locked.dataset.kind = "error";
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
      refused = reply.status === 409 && body.current ? body : null;
      if (reply.status === 403 && /PIN/.test(body.error || "")) keptPin.forget();
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
  const payload = { settings: changed };
  if (readVersion !== null) payload.version = readVersion;
  const answer = await call("POST", "/api/staff/settings", payload);
  if (!answer) {
    if (refused) {
      // Someone else saved first: show their values, say so, and let the staff decide again.
      const why = refused.error;
      refused = null;
      await load();
      showError(why);
      note.textContent = "Nothing was saved: the form now shows the current values.";
    }
    return;
  }
  show(answer);
  if ("kiosk.staff_pin" in changed) keptPin.keep(String(changed["kiosk.staff_pin"]));
  const waiting = shown.filter((setting) => setting.key in changed && setting.restart);
  note.textContent = waiting.length
    ? `Saved. ${waiting.map((setting) => `"${setting.label}"`).join(", ")} apply when the board `
      + "restarts: press Restart the board below."
    : "Saved: in use now.";
});

document.getElementById("settings-reset").addEventListener("click", async () => {
  const answer = await call("POST", "/api/staff/settings/reset", {});
  if (!answer) return;
  show(answer);
  note.textContent = "Back to the config file's values: press Restart the board below to use them all.";
});

// Read on request only: each read with a wrong PIN counts towards the lock-out.
document.getElementById("settings-show").addEventListener("click", load);
