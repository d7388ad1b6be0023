// The board page: the live LEDs, cell names on hover, a click is a touch, the buttons,
// the score, and the game's own drawing (its page.js, e.g. the Cubulus cube in 3D) when it has one.
import {
  COLOUR_NAMES,
  cellName,
  connectLive,
  element,
  gameDrawing,
  keepPinOnSubmit,
  sendCommand,
  showFacts,
  showOnline,
  showTournament,
  tabPin,
  title,
  showAddress,
} from "/static/live.js";
import { menuHeadline, menuPanel } from "/static/board_menu.js";
import { rulesCard } from "/static/rules_card.js";
import { clockBox } from "/static/clocks.js";
import { showCoach } from "/static/coach.js";

const OFF = "#000000";
const DIM = 48; // an LED this faint (every channel below it) marks an empty hole, not a piece
// The LED looks of a black ball (palette.py: the ball, the latest arrival, the supply's dimmed):
// drawn black, since the LED itself is a dim blue-grey.
const BLACK_LOOKS = new Set(["#3c466e", "#767e9a", "#1e2337"]);

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
const showMenu = menuPanel(document.getElementById("menu-panel"), (cell) =>
  send("/api/touch", { cell }),
);
const card = rulesCard(document.getElementById("rules"));
const showClocks = clockBox(document.getElementById("clocks"));
const showGamePage = gameDrawing({
  panel: document.getElementById("game-view"),
  marks: document.getElementById("marks"),
  push: (cell) => send("/api/touch", { cell }),
});

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

function isDim(colour) {
  const value = parseInt(colour.slice(1), 16);
  return [16, 8, 0].every((shift) => ((value >> shift) & 255) < DIM);
}

// A bright LED shows a piece; a faint one is an empty hole lit from below, drawn as a hole.
function paint(light, colour) {
  if (light.dataset.led === colour) return;
  light.dataset.led = colour;
  light.style.setProperty("--led", colour);
  const dim = colour !== OFF && isDim(colour);
  light.classList.toggle("lit", colour !== OFF && !dim);
  light.classList.toggle("dim", dim);
  light.classList.toggle("black-ball", BLACK_LOOKS.has(colour));
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
  buildButtons((view.control && view.control.commands) || []);
  showScore(view.score || {});
  showGamePage(view);
  pinRequired = Boolean(view.control && view.control.pin_required);
  pinForm.hidden = !pinRequired;
  if (pinRequired && !keptPin.get() && !note.textContent) {
    note.textContent = "Watching. Enter the PIN to play from here.";
  }
}

const MENU_WORDS = "Pick a game and who plays below, then Start. On the board: tap a lit tile, then the green cell.";

function showScore(score) {
  const menuOpen = Boolean(score.menu) && !score.attract;
  // The menu's own sentence lists its cells; the page says it in words and offers buttons.
  const ending = endWords(score);
  // On the menu a notice (MENU picked another game) is said before the page's own words.
  const picked = menuOpen && score.menu.picked;
  const menuWords = picked ? `${picked}. ${MENU_WORDS}` : MENU_WORDS;
  const words = menuOpen ? menuWords : ending || score.message || "\u00a0";
  document.getElementById("message").textContent = words;
  showGoOn(ending ? score : null);
  showMistakesButton.hidden = !(ending && score.show_mistakes);
  const review = score.review;
  showCoach(coachPanel, review ? review.coach : null, review ? review.ply : 0, (ply) => send("/api/review", { ply }));
  showPaused(score.paused);
  showOnline(score.online);
  showTournament(score.tournament);
  showVoice(score.voice, words);
  showFacts(document.getElementById("facts"), score.facts);
  const error = document.getElementById("error");
  error.textContent = score.error || "";
  error.hidden = !score.error;
  showReview(score.review, score.hints !== false);
  const menu = menuOpen ? score.menu : null;
  showMenu(menu);
  const game = menu ? menu.game : score.game || null;
  const finished = Boolean(score.last_result) || ["won", "draw"].includes(score.status);
  card.show(game, finished).then(() => {
    showGoal(menu, game);
    showPiecesLeft(menu ? null : score, game); // the card says the pieces' word and neutrals
  });
  showSaid(score, menu);
  document.getElementById("headline").textContent = menu ? menuHeadline(menu) : headline(score);
  showPoints(menu ? {} : score);
  // A review shows the clocks as they were at the move shown (from the record), else the match's.
  showClocks(menu ? null : (score.review && score.review.clock) || score.clock);
  showPiecesLeft(menu ? null : score, game);
  showComputer(menu ? {} : score);
  showNames(menu ? {} : score);
}

// A round's or the match's end in the page's own words: the score is in the panel above and
// the button below goes on (the board's own words ask to touch and clear a real board).
function endWords(score) {
  if (!score.ready_cell || !score.over || score.attract) return "";
  const result = score.last_result || {};
  const round = result.round ? ` round ${result.round}` : " the round";
  const draw = result.round ? `Round ${result.round} is a draw` : "The round is a draw";
  const off = result.ending || ""; // ended off the board: the board's words ("Red won on time")
  let head = result.status === "draw" ? draw : `${title(result.winner || "")} wins${round}`;
  if (off) head = `${off}:${round}`;
  if (score.over === "round") {
    const first = score.rounds_to_win ? ` (first to ${score.rounds_to_win} takes the match)` : "";
    return `${head}${first}. Press Next round to play on.`;
  }
  const winner = score.match_winner ? `${title(score.match_winner)} wins the match!` : "The match is a draw.";
  return `${off ? `${off}. ` : ""}${winner} Press Rematch to play again, or MENU for another game.`;
}

const goOn = document.getElementById("go-on");
let readyCell = null;

function showGoOn(score) {
  readyCell = score ? score.ready_cell : null;
  goOn.hidden = !readyCell;
  goOn.textContent = score && score.over === "match" && !score.attract ? "Rematch" : "Next round";
}

// After a round against the computer: the review at the worst move of the players here.
const showMistakesButton = document.getElementById("show-mistakes");
const coachPanel = document.getElementById("coach");
showMistakesButton.addEventListener("click", () => send("/api/press", { button: "mistakes" }));

goOn.addEventListener("click", () => {
  if (readyCell) send("/api/touch", { cell: readyCell });
});

// Wherever a game waits under the menu, a lesson, puzzles or a review: one button back to it.
const backToGame = document.getElementById("back-to-game");

function showPaused(paused) {
  backToGame.hidden = !paused;
  if (paused) {
    const round = paused.round ? `, round ${paused.round}` : "";
    backToGame.textContent = `Back to the game (${title(paused.game)}${round})`;
  }
}

backToGame.addEventListener("click", () => send("/api/press", { button: "back" }));

// The simulated board's voice: the latest sentence it was given (a real board speaks it aloud).
// Shown only when it differs from the sentence above it: the same words twice say nothing more.
function showVoice(voice, shown) {
  const line = document.getElementById("voice");
  const said = voice && voice.said ? voice.said : [];
  const text = said.length ? said[said.length - 1].text : "";
  const same = text.trim().replace(/\.$/, "") === String(shown || "").trim().replace(/\.$/, "");
  line.hidden = !text || same;
  line.textContent = text && !same ? `Voice: ${text}` : "";
}

function headline(score) {
  const parts = [title(score.game || "")];
  if (score.mode) parts.push(score.mode === "teams" ? "2 vs 2" : "duel");
  if (score.round) parts.push(`round ${score.round}`); // a lesson, puzzle or review has none
  if (score.review) {
    const { ply, of } = score.review;
    parts.push(ply ? `review: move ${ply} of ${of}` : `review: start, ${of} moves`);
  }
  if (score.lesson) {
    const { title: name, step, steps } = score.lesson;
    parts.push(`lesson: ${name}, step ${step} of ${steps}`);
  }
  if (score.puzzle) {
    const { number, of, solved, tried } = score.puzzle;
    parts.push(`puzzle ${number} of ${of}, solved ${solved} of ${tried}`);
  }
  return parts.filter(Boolean).join(" · ") || "\u00a0";
}

// What just happened and what the hint shows, in the game's words, when the board says them.
function showSaid(score, menu) {
  const said = document.getElementById("last-action");
  const action = !menu && typeof score.last_action === "string" ? score.last_action : "";
  said.textContent = action;
  said.hidden = !action;
  const hint = document.getElementById("hint-words");
  const shown = score.hint && typeof score.hint === "object" ? score.hint : null;
  const words = shown ? shown.said || shown.text || "" : "";
  hint.textContent = typeof words === "string" ? words : "";
  hint.hidden = !hint.textContent;
}

// The game's goal in one line, from its rules card (the menu's pick while the menu is open).
function showGoal(menu, game) {
  const goal = document.getElementById("goal");
  const rules = game ? card.rules(game) : null;
  const parts = rules ? [rules.goal] : [];
  const rounds = menu ? menu.rules && menu.rules.rounds_to_win : null;
  if (Number.isInteger(rounds) && rounds > 1) parts.push(`first to ${rounds} rounds`);
  goal.textContent = parts.join(", ");
  goal.hidden = !goal.textContent;
}

// Chips (or balls) each side has left to play, from the position's supply.
function showPiecesLeft(score, game) {
  const box = document.getElementById("pieces-left");
  const supply = score && score.position && score.position.supply;
  const entries = supply && typeof supply === "object" ? Object.entries(supply) : [];
  box.hidden = entries.length === 0;
  if (!entries.length) return;
  const rules = game ? card.rules(game) : null;
  const neutral = rules && rules.neutral; // balls that belong to nobody, placed before play
  if (neutral && score.players === neutral.players && !(neutral.colour in supply)) {
    const cells = Object.values((score.position && score.position.cells) || {});
    entries.push([neutral.colour, neutral.count - cells.filter((c) => c === neutral.colour).length]);
  }
  const word = title((rules && rules.pieces) || "pieces");
  box.replaceChildren(
    element("span", "pieces-label", `${word} left:`),
    ...entries.map(([colour, left]) => {
      const side = element("span", "pieces-side");
      side.dataset.colour = colour;
      side.style.setProperty("--colour", COLOUR_NAMES[colour] || "#888");
      side.append(element("span", "swatch"), element("span", "", `${title(colour)} ${left}`));
      return side;
    }),
  );
}

// While a round is reviewed the three buttons step back, step forward and leave (no HINT); the
// other words are the commands' labels, as the board's command registry gives them.
const BUTTON_WORDS = {
  normal: {},
  review: { undo: "◀ BACK", new: "FORWARD ▶", menu: "LEAVE REVIEW" },
};
const READ_TITLE = { read: "The board says the position aloud" };
let buttonNames = "";

// The page's buttons, one per command the board offers on the page, built when the list changes.
function buildButtons(commands) {
  const names = commands.map((command) => command.name).join(" ");
  if (names === buttonNames) return;
  buttonNames = names;
  BUTTON_WORDS.normal = Object.fromEntries(commands.map((command) => [command.name, command.label]));
  document.getElementById("buttons").replaceChildren(
    ...commands.map(({ name, label }) => {
      const button = element("button", "", label);
      Object.assign(button, { id: name, type: "button" });
      button.dataset.button = name;
      if (READ_TITLE[name]) button.title = READ_TITLE[name];
      button.addEventListener("click", () => send("/api/press", { button: name }));
      return button;
    }),
  );
}
let reviewing = false;

function showReview(review, hints = true) {
  reviewing = Boolean(review);
  const words = BUTTON_WORDS[reviewing ? "review" : "normal"];
  for (const button of document.querySelectorAll("[data-button]")) {
    const word = words[button.dataset.button];
    // A board with hints off (play.hints: false) offers no HINT button.
    button.hidden = word === undefined || (button.dataset.button === "hint" && !hints);
    if (word !== undefined) button.textContent = word;
  }
  document.body.dataset.review = reviewing ? "on" : "";
}

document.addEventListener("keydown", (event) => {
  if (!reviewing || event.target.closest("input, .cube-view")) return;
  const button = { ArrowLeft: "undo", ArrowRight: "new", Escape: "menu" }[event.key];
  if (!button) return;
  event.preventDefault();
  send("/api/press", { button });
});

// Rounds won per colour, and how many take the match.
function showPoints(score) {
  const box = document.getElementById("points");
  const entries = Object.entries(score.scores || {});
  box.hidden = entries.length === 0;
  box.replaceChildren(
    ...entries.map(([colour, points]) => {
      const side = element("span", "points-side");
      side.dataset.colour = colour;
      side.style.setProperty("--colour", COLOUR_NAMES[colour] || "#888");
      side.append(element("span", "swatch"), element("span", "", `${title(colour)} ${points}`));
      return side;
    }),
  );
  if (Number.isInteger(score.rounds_to_win) && score.rounds_to_win > 1) {
    box.append(element("span", "points-goal", `first to ${score.rounds_to_win}`));
  }
}


// The players' names on the seats for this match (POST /api/name, one seat at a time).
const namesForm = document.getElementById("names-form");
const namesSeats = document.getElementById("names-seats");
let nameSeatsShown = "";

function showNames(score) {
  const seats = Array.isArray(score.seats) ? score.seats : [];
  namesForm.hidden = seats.length === 0 || Boolean(score.review);
  const layout = JSON.stringify(seats.map((seat) => [seat.colour, seat.name]));
  if (layout !== nameSeatsShown) {
    nameSeatsShown = layout;
    namesSeats.replaceChildren(
      ...seats.map((seat, index) => {
        const label = element("label", "name-seat");
        label.style.setProperty("--colour", COLOUR_NAMES[seat.colour] || "#888");
        const input = document.createElement("input");
        input.name = `seat-${index}`;
        input.dataset.seat = String(index);
        input.maxLength = 20;
        input.autocomplete = "off";
        input.placeholder = seat.name;
        label.append(element("span", "swatch"), element("span", "", seat.name), input);
        return label;
      }),
    );
  }
  // A name typed and not yet saved is kept: a view arrives every second while lights blink or a
  // clock runs, and would otherwise wipe the first seat's name while the second is typed.
  seats.forEach((seat, index) => {
    const input = namesSeats.querySelector(`input[data-seat="${index}"]`);
    if (!input) return;
    const typed = input.value !== (input.dataset.shown || "");
    if (document.activeElement !== input && !typed) input.value = seat.player_name || "";
    input.dataset.shown = seat.player_name || "";
  });
}

namesForm.addEventListener("submit", async (event) => {
  event.preventDefault();
  for (const input of namesSeats.querySelectorAll("input")) {
    const name = input.value.trim();
    if (name === input.dataset.shown) continue;
    await send("/api/name", { seat: Number(input.dataset.seat), name: name || null });
  }
});

// Which seats the computer plays and its level: sent as a new match (POST /api/computer).
const computerForm = document.getElementById("computer-form");
const computerSeats = document.getElementById("computer-seats");
const computerLevel = document.getElementById("computer-level");
let seatsShown = "";

function showComputer(score) {
  const seats = Array.isArray(score.seats) ? score.seats : [];
  // Not over an online game: a new match here would end it (the board refuses it too).
  computerForm.hidden = seats.length === 0 || Boolean(score.review) || Boolean(score.online);
  showLevels(Array.isArray(score.levels) ? score.levels : []);
  const shown = JSON.stringify(seats);
  if (shown === seatsShown) return; // keep the boxes as ticked until the seats change
  seatsShown = shown;
  computerSeats.replaceChildren(
    ...seats.map((seat) => {
      const label = element("label", "computer-seat");
      const box = document.createElement("input");
      box.type = "checkbox";
      box.value = seat.name;
      box.checked = seat.player === "computer";
      label.style.setProperty("--colour", COLOUR_NAMES[seat.colour] || "#888");
      label.append(box, element("span", "swatch"), element("span", "", seat.name));
      return label;
    }),
  );
  const level = seats.find((seat) => Number.isInteger(seat.level));
  if (level) computerLevel.value = String(level.level);
}

// The level choices with the game's ratings ("3, about 1250 (a middle one)"), from `levels`.
const LEVEL_HINTS = { 1: " (weakest)", 3: " (a middle one)", 6: " (strongest)" };
let levelsShown = "";

function showLevels(levels) {
  const shown = JSON.stringify(levels);
  if (levels.length === 0 || shown === levelsShown) return;
  levelsShown = shown;
  const picked = computerLevel.value;
  computerLevel.replaceChildren(
    ...levels.map(({ level, words }) => {
      const option = document.createElement("option");
      option.value = String(level);
      option.textContent = `${String(words).replace(/^level /, "")}${LEVEL_HINTS[level] || ""}`;
      return option;
    }),
  );
  computerLevel.value = picked;
}

computerForm.addEventListener("submit", (event) => {
  event.preventDefault();
  const seats = [...computerSeats.querySelectorAll("input:checked")].map((box) => box.value);
  send("/api/computer", { seats, level: Number(computerLevel.value) });
});

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

pinInput.value = keptPin.get();
keepPinOnSubmit(pinForm, pinInput, keptPin, (typed) => {
  if (typed) note.textContent = "PIN kept for this tab.";
});

showAddress();
connectLive({ onView: showView });
