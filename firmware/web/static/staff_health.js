// The staff page's health card: GET /api/health every 2 s, each problem as one line of text.
import { element } from "/static/live.js";

const card = document.getElementById("health");
const summary = document.getElementById("health-ok");
const list = document.getElementById("health-problems");
const PART_WORDS = {
  touch: "Touch",
  leds: "LEDs",
  storage: "SD card",
  broker: "Broker",
  config: "Config",
};
const EVERY_MS = 2000;

async function check() {
  try {
    const reply = await fetch("/api/health", { cache: "no-store" });
    const health = await reply.json();
    const problems = health.problems || [];
    card.dataset.ok = String(problems.length === 0);
    summary.textContent = problems.length ? "Needs attention:" : "All parts working.";
    list.replaceChildren(
      ...problems.map((problem) => {
        const item = element("li", "problem");
        item.dataset.part = problem.part;
        item.append(element("strong", "", `${PART_WORDS[problem.part] || problem.part}: `));
        item.append(document.createTextNode(problem.message));
        return item;
      }),
    );
  } catch {
    summary.textContent = "Cannot reach the board.";
  }
}

check();
window.setInterval(check, EVERY_MS);
