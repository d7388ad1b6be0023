// The board's menu as buttons on the board page: the games, the match length, who the computer
// plays and its level, the rows other parts add (the clock), and Start. Every button is a tap on the menu cell it stands for, so the
// board and the page always agree (the scoreboard's `menu`, docs/scoreboard.md).
import { COLOUR_NAMES, element, title } from "/static/live.js";

function choice(text, cell, pressed, tap, colour) {
  const button = element("button", "menu-choice", "");
  button.type = "button";
  button.dataset.cell = cell;
  button.setAttribute("aria-pressed", pressed ? "true" : "false");
  if (colour) {
    const swatch = element("span", "swatch");
    swatch.style.setProperty("--colour", COLOUR_NAMES[colour] || "#888");
    button.append(swatch);
  }
  button.append(element("span", "", text));
  button.addEventListener("click", () => tap(cell));
  return button;
}

function group(label, buttons) {
  const box = element("div", "menu-group");
  box.setAttribute("role", "group");
  box.setAttribute("aria-label", label);
  box.append(element("span", "menu-label", label), element("div", "menu-row"));
  box.lastChild.append(...buttons);
  return box;
}

// Returns show(menu): draws the panel for the scoreboard's `menu` object, or hides it (null).
export function menuPanel(panel, tap) {
  let drawn = "";
  return function show(menu) {
    panel.hidden = !menu;
    const key = JSON.stringify(menu || null);
    if (!menu || key === drawn) return;
    drawn = key;
    const groups = [];
    const games = (menu.games || []).filter((game) => game.cell);
    groups.push(group("Game", games.map((g) => choice(g.label, g.cell, g.chosen, tap))));
    const option = menu.option;
    if (option) {
      const choices = (option.choices || []).filter((c) => c.cell);
      groups.push(group(option.label, choices.map((c) => choice(c.text, c.cell, c.chosen, tap))));
    }
    const computer = menu.computer;
    if (computer) {
      const seats = (computer.seats || []).filter((seat) => seat.cell);
      groups.push(
        group(
          "Computer plays",
          seats.map((seat) =>
            choice(seat.name === "nobody" ? "Nobody" : seat.name, seat.cell, seat.chosen, tap, seat.colour),
          ),
        ),
      );
      const levels = (computer.levels || []).filter((level) => level.cell);
      groups.push(
        group(
          "Computer level (1 weakest, 6 strongest)",
          levels.map((level) =>
            choice(level.words || String(level.level), level.cell, level.level === computer.level, tap),
          ),
        ),
      );
    }
    for (const row of menu.rows || []) {  // rows other parts add (the clock): docs/scoreboard.md
      const choices = (row.choices || []).filter((c) => c.cell);
      groups.push(group(row.label, choices.map((c) => choice(c.text, c.cell, c.chosen, tap))));
    }
    const start = element("button", "menu-start", `Start: ${menu.label}`);
    start.type = "button";
    start.dataset.cell = menu.start || "";
    start.hidden = !menu.start;
    start.addEventListener("click", () => tap(menu.start));
    panel.replaceChildren(element("h2", "menu-title", "Choose a game"), ...groups, start);
  };
}

// The headline while the menu is open: the game picked and its match length.
export function menuHeadline(menu) {
  const parts = ["Menu", menu.label];
  const option = menu.option;
  const picked = option && (option.choices || []).find((c) => c.chosen);
  if (picked) parts.push(title(picked.text.toLowerCase()));
  return parts.join(" · ");
}
