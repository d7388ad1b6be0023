// The staff page: the staff PIN, reset, change the game, brightness, restart, shut down, and
// what the board shows.
import {
  AWAITING_WORDS,
  COLOUR_NAMES,
  connectLive,
  element,
  tabPin,
  title,
} from "/static/live.js";

const PIN_HEADER = "X-Cullsboard-Staff-Pin";

const pinForm = document.getElementById("pin-form");
const pinInput = document.getElementById("pin");
const pinForget = document.getElementById("pin-forget");
const pinNote = document.getElementById("pin-note");
const feedback = document.getElementById("feedback");
const waitLine = document.getElementById("wait");
const slider = document.getElementById("brightness");
const sliderValue = document.getElementById("brightness-value");
const dialog = document.getElementById("confirm");
const keptPin = tabPin("cullsboard-staff-pin");

let latestScore = {};
let lockedUntil = 0; // ms since the epoch; staff actions wait until then
let lockTimer = 0;
let busy = false;

function showPinState() {
  const kept = Boolean(keptPin.get());
  pinForget.hidden = !kept;
  pinNote.textContent = kept
    ? "PIN kept in this tab until it is closed."
    : "Enter the staff PIN; it is kept in this tab only.";
}

function forgetPin() {
  keptPin.forget();
  pinInput.value = "";
  showPinState();
}

function say(kind, text) {
  feedback.dataset.kind = kind;
  feedback.textContent = text;
  feedback.hidden = !text;
}

// -- what the board shows --------------------------------------------------------------------

// The games and their options (GET /api/games), once loaded.
let catalogue = [];

// How the staff page words an option's value, e.g. Culls' mode "teams": "Teams 2 vs 2".
function optionText(game, name, value) {
  const entry = catalogue.find((candidate) => candidate.name === game);
  const option = entry ? entry.options.find((candidate) => candidate.name === name) : undefined;
  const choice = option ? option.choices.find((candidate) => candidate.value === value) : undefined;
  return choice ? choice.text : title(value);
}

function gameLine(score) {
  const menuOpen = Boolean(score.menu) && !score.attract;
  if (!score.game) return menuOpen ? "The game menu is open on the board" : "No game yet";
  const parts = [title(score.game)];
  if (score.mode) parts.push(optionText(score.game, "mode", score.mode));
  else if (score.players) parts.push(`${score.players} players`);
  if (Number.isInteger(score.rounds_to_win) && score.rounds_to_win > 1) {
    parts.push(`first to ${score.rounds_to_win}`);
  }
  return parts.join(" · ");
}

function seatName(score) {
  const seats = score.seats || [];
  const seat = Number.isInteger(score.seat) ? seats[score.seat] : undefined;
  if (seat && seat.colour === score.to_move) return seat.name;
  return title(score.to_move);
}

function turnLine(score) {
  const moves = Array.isArray(score.moves) ? score.moves.length : 0;
  const count = moves === 1 ? "1 move" : `${moves} moves`;
  const round = score.round ? `Round ${score.round} · ${count}` : "";
  if (score.attract) return ["Idle: the attract animation is showing", round].filter(Boolean).join(" · ");
  if (score.menu) return "Players are choosing the game";
  if (score.over === "match") {
    return score.match_winner ? `${title(score.match_winner)} won the match` : "The game is over";
  }
  if (score.over === "round") return `${round} · round over`;
  if (!score.to_move) return round;
  const doing = AWAITING_WORDS[score.awaiting] || score.awaiting || "play";
  return `${round} · ${seatName(score)} to ${doing}`;
}

function showScore(score) {
  latestScore = score;
  document.getElementById("now-game").textContent = gameLine(score);
  const line = document.getElementById("now-score");
  const sides = Object.entries(score.game ? score.scores || {} : {}).map(([colour, points]) => {
    const side = element("span", "side");
    side.dataset.colour = colour;
    const dot = element("span", "swatch");
    dot.style.setProperty("--colour", COLOUR_NAMES[colour] || "#888");
    side.append(dot, element("span", "", title(colour)), element("strong", "", String(points)));
    return side;
  });
  line.replaceChildren(...sides);
  document.getElementById("now-turn").textContent = turnLine(score);
}

// -- staff actions ---------------------------------------------------------------------------

function setBusy(state) {
  busy = state;
  const off = document.body.dataset.staff === "off"; // not in kiosk mode: nothing to press
  const locked = Date.now() < lockedUntil;
  for (const control of document.querySelectorAll("[data-staff]")) {
    control.disabled = off || state || locked;
  }
}

function startLock(seconds) {
  lockedUntil = Date.now() + seconds * 1000;
  window.clearInterval(lockTimer);
  const tick = () => {
    const left = Math.ceil((lockedUntil - Date.now()) / 1000);
    if (left <= 0) {
      window.clearInterval(lockTimer);
      waitLine.hidden = true;
      setBusy(busy);
      return;
    }
    waitLine.textContent = `Staff actions open again in ${left} s.`;
    waitLine.hidden = false;
  };
  tick();
  lockTimer = window.setInterval(tick, 1000);
  setBusy(busy);
}

// POSTs one staff action; resolves to true when the board accepted it.
async function staffAction(path, payload, done) {
  const pin = keptPin.get() || pinInput.value.trim();
  if (!pin) {
    say("error", "Enter the staff PIN first.");
    pinInput.focus();
    return false;
  }
  setBusy(true);
  say("", "");
  try {
    const reply = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json", [PIN_HEADER]: pin },
      body: JSON.stringify(payload),
    });
    if (reply.ok) {
      keptPin.keep(pin);
      showPinState();
      say("ok", done);
      return true;
    }
    let error = `The board answered ${reply.status}.`;
    try {
      error = title((await reply.json()).error) || error;
    } catch {
      // not JSON: keep the status line
    }
    if (reply.status === 403 && /PIN/.test(error) && !/are off/.test(error)) forgetPin();
    if (reply.status === 429) startLock(Number(reply.headers.get("Retry-After")) || 60);
    say("error", error);
  } catch {
    say("error", "Cannot reach the board. Check the network and try again.");
  } finally {
    setBusy(false);
  }
  return false;
}

// Opens the confirm dialog; resolves to true for "Yes".
function confirmFirst(question, yes) {
  document.getElementById("confirm-text").textContent = question;
  document.getElementById("confirm-yes").textContent = yes;
  dialog.returnValue = "";
  dialog.showModal();
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => resolve(dialog.returnValue === "yes"), { once: true });
  });
}

// A match with moves in it would be put away by a change of game.
function matchUnderway(score) {
  if (!score.game || (!score.attract && (score.over === "match" || score.menu))) return false;
  const moves = Array.isArray(score.moves) ? score.moves.length : 0;
  return moves > 0 || (score.round || 1) > 1;
}

// One form per game, each option a row of radio buttons (the first choice checked); a form
// of its own keeps each game's radio groups apart.
function gameForm(game) {
  const form = element("form", "");
  const fieldset = element("fieldset", "choice");
  fieldset.append(element("legend", "", title(game.name)));
  for (const option of game.options) {
    const row = element("div", "segments");
    row.setAttribute("role", "radiogroup");
    row.setAttribute("aria-label", option.label);
    option.choices.forEach((choice, index) => {
      const input = document.createElement("input");
      input.type = "radio";
      input.name = option.name;
      input.value = String(choice.value);
      input.dataset.json = JSON.stringify(choice.value);
      input.dataset.text = choice.text;
      input.checked = index === 0;
      const label = document.createElement("label");
      label.append(input, element("span", "", choice.text));
      row.append(label);
    });
    fieldset.append(row);
  }
  const start = element("button", "action", `Start ${title(game.name)}`);
  start.type = "button";
  start.id = `start-${game.name}`;
  start.dataset.staff = "";
  start.addEventListener("click", () => startGame(game.name, form));
  fieldset.append(start);
  form.append(fieldset);
  form.addEventListener("submit", (event) => event.preventDefault());
  return form;
}

async function showGames() {
  const reply = await fetch("/api/games");
  const { games } = await reply.json();
  catalogue = games;
  document.getElementById("games").replaceChildren(...games.map(gameForm));
  setBusy(busy);
  if (latestScore.game) showScore(latestScore);
}

async function startGame(game, form) {
  const payload = { game };
  const words = [title(game)];
  for (const input of form.querySelectorAll("input[type=radio]:checked")) {
    payload[input.name] = JSON.parse(input.dataset.json);
    words.push(input.dataset.text.charAt(0).toLowerCase() + input.dataset.text.slice(1));
  }
  const label = words.join(", ");
  if (matchUnderway(latestScore)) {
    const question = `Start ${label}? The ${title(latestScore.game)} game in progress is put away.`;
    if (!(await confirmFirst(question, "Yes, start it"))) return;
  }
  await staffAction("/api/staff/game", payload, `Starting ${label}.`);
}

document.getElementById("confirm-yes").addEventListener("click", () => dialog.close("yes"));
document.getElementById("confirm-no").addEventListener("click", () => dialog.close("no"));

document.getElementById("reset").addEventListener("click", async () => {
  const question = "Reset the board? The game in progress is put away and a fresh match starts.";
  if (!(await confirmFirst(question, "Yes, reset"))) {
    say("", "");
    return;
  }
  await staffAction("/api/staff/reset", {}, "Reset: a fresh match is set up.");
});
document.getElementById("restart").addEventListener("click", async () => {
  const question = "Restart the board? It is dark for a few seconds, then every saved setting "
    + "applies; the game on the board goes on where it was.";
  if (!(await confirmFirst(question, "Yes, restart"))) {
    say("", "");
    return;
  }
  await staffAction("/api/staff/restart", {}, "Restarting: the board is back in a few seconds, with its game.");
});
document.getElementById("shutdown").addEventListener("click", async () => {
  const question = "Shut the table down? The board stops and the Pi powers off until it is "
    + "switched on again at the wall.";
  if (!(await confirmFirst(question, "Yes, shut down"))) {
    say("", "");
    return;
  }
  const done = "Shutting down: switch off at the wall once the LEDs are dark.";
  await staffAction("/api/staff/shutdown", {}, done);
});

slider.addEventListener("input", () => {
  sliderValue.textContent = `${slider.value} %`;
});
slider.addEventListener("change", async () => {
  const percent = Number(slider.value);
  const done = `Brightness ${percent} % until the schedule's next step.`;
  await staffAction("/api/staff/brightness", { level: percent / 100 }, done);
});

// "Use" asks the board whether the PIN is right before keeping it: a wrong one is said at once
// (and not kept), and so is a lock-out after too many.
async function checkPin(typed) {
  keptPin.forget();
  try {
    const reply = await fetch("/api/staff/check", {
      method: "POST",
      headers: { "Content-Type": "application/json", [PIN_HEADER]: typed },
      body: "{}",
    });
    if (reply.ok) {
      keptPin.keep(typed);
      pinInput.value = "";
      say("ok", "Staff PIN accepted: the staff actions and settings are open.");
    } else {
      let error = `The board answered ${reply.status}.`;
      try {
        error = title((await reply.json()).error) || error;
      } catch {
        // not JSON: keep the status line
      }
      if (reply.status === 429) startLock(Number(reply.headers.get("Retry-After")) || 60);
      say("error", reply.status === 403 ? `${error}: nothing was kept. Try again.` : error);
      pinInput.focus();
    }
  } catch {
    say("error", "Cannot reach the board. Check the network and try again.");
  }
  showPinState();
}

pinForm.addEventListener("submit", (event) => {
  event.preventDefault();
  const typed = pinInput.value.trim();
  if (typed) {
    checkPin(typed);
  } else {
    forgetPin();
  }
});
pinForget.addEventListener("click", forgetPin);

const BUTTON_WORDS = { menu: "MENU", undo: "UNDO", new: "NEW", hint: "HINT" };

// The power-off hold at the table, as the config sets it (kiosk.power_off_buttons, _seconds).
function showPowerOffHold(powerOff) {
  if (!powerOff) return;
  const names = powerOff.buttons.map((name) => BUTTON_WORDS[name] || name.toUpperCase());
  const line = document.getElementById("power-off-hold");
  if (!names.length) {
    line.textContent = "No buttons at the table power it off: use this page.";
    return;
  }
  const both = names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names.at(-1)} together`;
  line.textContent = `At the table: hold ${both} for ${powerOff.seconds} seconds.`;
}

// A board not in kiosk mode takes no staff actions: say so first, and offer no controls.
async function checkStaffActions() {
  try {
    const reply = await fetch("/api/staff");
    const status = reply.ok ? await reply.json() : { enabled: true };
    showPowerOffHold(status.power_off);
    if (status.enabled) return;
  } catch {
    return; // the board is unreachable: the link light says so
  }
  document.body.dataset.staff = "off";
  document.getElementById("staff-off").hidden = false;
  for (const control of document.querySelectorAll("[data-staff], #pin-form input, #pin-form button")) {
    control.disabled = true;
  }
  pinNote.textContent = "No staff PIN is needed or kept while staff actions are off.";
}

showPinState();
showGames();
checkStaffActions();
connectLive({ onView: (view) => showScore(view.score || {}) });
