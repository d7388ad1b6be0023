// Every side's clock, large, on the board page and the scoreboard: the scoreboard's `clock`
// (docs/scoreboard.md) counted down on the page between two views of the board, so the running
// side's time moves smoothly; each new view from the board sets it right again.
import { COLOUR_NAMES, element, title } from "/static/live.js";

const LOW_PART = 0.1; // the last tenth of a side's starting time shows as low
const LAST_MS = 10_000; // ... and the last ten seconds as very low

// "4:05", "0:09.4" under ten seconds (tenths), "12:00:00" over an hour.
export function clockText(ms) {
  const left = Math.max(0, ms);
  if (left < LAST_MS) return `0:0${(Math.floor(left / 100) / 10).toFixed(1)}`;
  const seconds = Math.ceil(left / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

// Draw `clock` into `box` (hidden when the round is untimed); returns a stop function.
export function clockBox(box) {
  let shown = null;
  let since = 0;
  function draw() {
    if (!shown) return;
    const elapsed = performance.now() - since;
    const full = shown.full_ms || 0; // a side's whole time, as the board gives it
    for (const side of box.querySelectorAll(".clock-side")) {
      const colour = side.dataset.colour;
      const running = shown.running === colour;
      const ms = (shown.left_ms[colour] || 0) - (running ? elapsed : 0);
      side.querySelector(".clock-time").textContent = clockText(ms);
      side.classList.toggle("running", running);
      side.dataset.low = ms <= LAST_MS ? "last" : full && ms <= full * LOW_PART ? "low" : "";
    }
  }
  setInterval(draw, 100);
  return function show(clock) {
    box.hidden = !clock;
    shown = clock || null;
    since = performance.now();
    if (!clock) return;
    const colours = Object.keys(clock.left_ms);
    if (box.dataset.colours !== colours.join(",")) {
      box.dataset.colours = colours.join(",");
      box.replaceChildren(
        ...colours.map((colour) => {
          const side = element("span", "clock-side");
          side.dataset.colour = colour;
          side.style.setProperty("--colour", COLOUR_NAMES[colour] || "#888");
          side.append(element("span", "clock-name", title(colour)), element("span", "clock-time"));
          return side;
        }),
      );
    }
    box.dataset.control = clock.control;
    draw();
  };
}
