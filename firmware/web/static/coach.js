// The coach on the pages: a round's evaluation drawn as an inline SVG graph (the first mover's
// advantage above the middle line) with each mistake a point that jumps the board to that move,
// and the mistakes in words. Used by the board page's review and by the history page.
import { element } from "/static/live.js";

const SVG = "http://www.w3.org/2000/svg";
const WIDTH = 600;
const HEIGHT = 140;
const PAD = 8;

function svgElement(tag, attributes) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  return node;
}

// An evaluation in the search's units (100000: a won round) as -1..1 on the graph.
function squash(value) {
  return value / (Math.abs(value) + 400);
}

// The graph of ``coach`` (the review's ``coach`` key), the move ``ply`` marked; a click on a
// mistake's point calls ``jump(ply)``.
export function evaluationGraph(coach, ply, jump) {
  const values = coach.evaluations || [];
  const count = Math.max(values.length, 1);
  const x = (move) => PAD + ((WIDTH - 2 * PAD) * move) / count;
  const y = (value) => HEIGHT / 2 - ((HEIGHT / 2 - PAD) * squash(value));
  const svg = svgElement("svg", {
    class: "evaluation-graph",
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    role: "img",
    "aria-label": `The evaluation after each move, from ${coach.first}'s side`,
  });
  svg.append(svgElement("line", { class: "middle", x1: 0, x2: WIDTH, y1: HEIGHT / 2, y2: HEIGHT / 2 }));
  const points = [[x(0), y(0)], ...values.map((value, index) => [x(index + 1), y(value)])];
  const line = points.map(([px, py]) => `${px.toFixed(1)},${py.toFixed(1)}`).join(" ");
  svg.append(svgElement("polygon", { class: "advantage", points: `${x(0)},${HEIGHT / 2} ${line} ${x(values.length)},${HEIGHT / 2}` }));
  svg.append(svgElement("polyline", { class: "evaluation", points: line }));
  if (ply) svg.append(svgElement("line", { class: "shown", x1: x(ply), x2: x(ply), y1: 0, y2: HEIGHT }));
  for (const mistake of coach.mistakes || []) {
    const point = svgElement("circle", {
      class: "mistake-point",
      cx: x(mistake.ply),
      cy: y(values[mistake.ply - 1] || 0),
      r: 7,
      tabindex: 0,
      "data-ply": mistake.ply,
    });
    const label = svgElement("title", {});
    label.textContent = mistake.words;
    point.append(label);
    point.addEventListener("click", () => jump(mistake.ply));
    point.addEventListener("keydown", (event) => {
      if (event.key === "Enter") jump(mistake.ply);
    });
    svg.append(point);
  }
  return svg;
}

// The mistakes in words, each a button that jumps to it (the one shown marked).
export function mistakeList(coach, ply, jump) {
  const list = element("ol", "mistakes");
  for (const mistake of coach.mistakes || []) {
    const item = element("li", mistake.ply === ply ? "shown" : "");
    const button = element("button", "mistake", mistake.words);
    button.type = "button";
    button.addEventListener("click", () => jump(mistake.ply));
    item.append(button);
    list.append(item);
  }
  return list;
}

const STATUS_WORDS = {
  analysing: "The coach is looking at this round…",
  none: "The coach has not looked at this round.",
};

// Fill ``panel`` with the coach's graph and words for a review at ``ply`` (hidden without them).
export function showCoach(panel, coach, ply, jump) {
  panel.hidden = !coach;
  if (!coach) return;
  const key = JSON.stringify([coach, ply]);
  if (panel.dataset.shown === key) return; // unchanged: keep the focus where it is
  panel.dataset.shown = key;
  if (coach.status !== "done") {
    panel.replaceChildren(element("p", "coach-status", STATUS_WORDS[coach.status] || ""));
    return;
  }
  const found = (coach.mistakes || []).length;
  const head = found ? "The coach's mistakes (a point on the graph shows it on the board):" : "The coach found no mistake in this round.";
  panel.replaceChildren(element("p", "coach-status", head), evaluationGraph(coach, ply, jump), mistakeList(coach, ply, jump));
}
