// A short rules card per game on the board page, from the game's own folder
// (/games/<name>/rules.js), with small pictures drawn in the board's colours. It is open until
// this browser has seen a round finished, then folded away (a click opens it again).
import { COLOUR_NAMES, element } from "/static/live.js";

const PLAYED = "cullsboard-played-a-round";
const PIECES = { B: "blue", R: "red", K: "black", W: "white" };
const SVG = "http://www.w3.org/2000/svg";
const STEP = 22;

function svg(tag, attributes) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  return node;
}

// One picture: a strip of board cells, pieces in their colours, a flipped chip pale and dashed.
export function picture({ rows, ring = [] }) {
  const width = Math.max(...rows.map((row) => row.length));
  const image = svg("svg", {
    class: "rules-picture",
    viewBox: `0 0 ${width * STEP} ${rows.length * STEP}`,
    width: width * STEP,
    height: rows.length * STEP,
    role: "img",
  });
  image.setAttribute("aria-label", rows.join(" / "));
  const ringed = new Set(ring.map(([row, column]) => `${row},${column}`));
  rows.forEach((row, y) => {
    [...row].forEach((mark, x) => {
      const cx = x * STEP + STEP / 2;
      const cy = y * STEP + STEP / 2;
      const colour = PIECES[mark.toUpperCase()];
      const flipped = colour && mark !== mark.toUpperCase();
      const dot = svg("circle", { cx, cy, r: STEP * 0.36 });
      dot.setAttribute("fill", colour ? COLOUR_NAMES[colour] : "#1a0f06");
      if (flipped) {
        dot.setAttribute("fill-opacity", "0.45");
        dot.setAttribute("stroke", COLOUR_NAMES[colour]);
        dot.setAttribute("stroke-dasharray", "2 2");
      }
      dot.dataset.mark = mark;
      image.append(dot);
      if (ringed.has(`${y},${x}`)) {
        image.append(svg("circle", { cx, cy, r: STEP * 0.47, fill: "none", stroke: "#ffffff", "stroke-width": 1.5, class: "ring" }));
      }
    });
  });
  return image;
}

// Returns show(game, finished): loads and draws ``game``'s card (none for null); `finished` is
// true while the board shows a finished round, which folds the card the first time.
export function rulesCard(box) {
  const cards = new Map(); // game -> its RULES, or null when it has none
  let current = null;
  let played = window.localStorage.getItem(PLAYED) === "yes";

  async function load(game) {
    if (!cards.has(game)) {
      try {
        cards.set(game, (await import(`/games/${game}/rules.js`)).RULES);
      } catch {
        cards.set(game, null);
      }
    }
    return cards.get(game);
  }

  function draw(rules) {
    const body = element("div", "rules-body");
    for (const line of rules.lines) {
      const item = element("div", "rules-line");
      const pictures = element("div", "rules-pictures");
      for (const one of [line.picture, ...(line.more || [])].filter(Boolean)) pictures.append(picture(one));
      if (pictures.childElementCount) item.append(pictures);
      item.append(element("p", "", line.text));
      body.append(item);
    }
    box.replaceChildren(element("summary", "rules-title", rules.title), body);
    box.open = !played;
  }

  return {
    async show(game, finished) {
      if (finished && !played) {
        played = true;
        window.localStorage.setItem(PLAYED, "yes");
        box.open = false;
      }
      if (game === current) return;
      current = game;
      const rules = game ? await load(game) : null;
      if (current !== game) return;
      box.hidden = !rules;
      if (rules) draw(rules);
    },
    rules: (game) => cards.get(game) || null,
  };
}
