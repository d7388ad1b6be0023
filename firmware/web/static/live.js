// What the pages share: the live link to the board (one WebSocket that delivers every new view,
// reconnecting on loss), the link light, sending commands, the kept PIN, names and a DOM helper.

export const COLOUR_NAMES = {
  blue: "#2f7bff",
  red: "#ff4133",
  black: "#aab4c8",
  white: "#f4f1e8",
};

export const AWAITING_WORDS = {
  place: "place a chip",
  flip: "flip a trapped chip",
  move: "move the flipped chip",
  neutral: "place a white ball",
  push: "push a ball into the cube",
};

export function title(word) {
  const text = String(word ?? "");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function cellName(column, row) {
  return String.fromCharCode(97 + column) + String(row + 1);
}

// The features' facts (the scoreboard's `facts`) in their own words, one line each, into `list`.
export function showFacts(list, facts) {
  const shown = Array.isArray(facts) ? facts : [];
  list.replaceChildren(...shown.map((fact) => element("li", "fact", `${fact.label}: ${fact.words}`)));
  list.hidden = shown.length === 0;
}

export function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

// Shows the link state on the page: the #link light, its #link-text and body[data-link].
export function showLink(state) {
  document.body.dataset.link = state;
  document.getElementById("link").dataset.state = state;
  document.getElementById("link-text").textContent =
    state === "live" ? "live" : state === "lost" ? "reconnecting" : "connecting";
}

// A PIN kept in this tab only (sessionStorage under `key`), until the tab is closed.
export function tabPin(key) {
  return {
    get: () => window.sessionStorage.getItem(key) || "",
    keep: (pin) => window.sessionStorage.setItem(key, pin),
    forget: () => window.sessionStorage.removeItem(key),
  };
}

// On submit, keeps the PIN typed in `input` (a blank one forgets it), then calls after(typed).
export function keepPinOnSubmit(form, input, keptPin, after) {
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const typed = input.value.trim();
    if (typed) keptPin.keep(typed);
    else keptPin.forget();
    after(typed);
  });
}

// Calls onView(view) with every view and onLink(state) with "live" / "connecting" / "lost".
export function connectLive({ onView, onLink = showLink }) {
  let delay = 500;
  const url = new URL("/ws", window.location.href);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";

  let lost = false;

  function open() {
    onLink(lost ? "lost" : "connecting");
    const socket = new WebSocket(url);
    socket.addEventListener("open", () => {
      delay = 500;
      lost = false;
      onLink("live");
    });
    socket.addEventListener("message", (event) => {
      try {
        onView(JSON.parse(event.data));
      } catch (error) {
        console.error("cullsboard: could not show a view", error);
      }
    });
    socket.addEventListener("close", () => {
      lost = true;
      onLink("lost");
      window.setTimeout(open, delay);
      delay = Math.min(delay * 2, 8000);
    });
  }

  open();
}

// Sends a touch or a press; resolves to {ok, status, error}.
export async function sendCommand(path, payload, pin) {
  const headers = { "Content-Type": "application/json" };
  if (pin) headers["X-Cullsboard-Pin"] = pin;
  try {
    const reply = await fetch(path, { method: "POST", headers, body: JSON.stringify(payload) });
    if (reply.ok) return { ok: true, status: reply.status, error: null };
    let error = `the board answered ${reply.status}`;
    try {
      error = (await reply.json()).error || error;
    } catch {
      // not JSON: keep the status line
    }
    return { ok: false, status: reply.status, error };
  } catch {
    return { ok: false, status: 0, error: "cannot reach the board" };
  }
}

// The scoreboard's ``online`` object as one line (empty when the board plays alone).
export function onlineLine(online) {
  if (!online) return "";
  const code = `Online game ${online.code}`;
  if (!online.peer) return `${code}: join it from another board with this code`;
  const link = online.connected ? "connected" : "the other board cannot be reached";
  const undo = online.undo === "asked_of_us" ? `. ${online.peer} asks to take back the last move: press UNDO to agree`
    : online.undo === "asked" ? `. Waiting for ${online.peer} to agree to the undo` : "";
  return `${code} with ${online.peer} (${link})${undo}`;
}

export function showOnline(online) {
  const line = document.getElementById("online");
  if (!line) return;
  line.textContent = onlineLine(online);
  line.hidden = !online;
}

// A café tournament's game at this table: the fleet's own words ("Round 2 — Ana vs Ben, table-3").
export function showTournament(tournament) {
  const line = document.getElementById("tournament");
  if (!line) return;
  line.textContent = tournament ? `${tournament.event}: ${tournament.title}` : "";
  line.hidden = !tournament;
}

// The game's own drawing for the pages (view.page, e.g. the Cubulus cube in 3D), loaded once per
// game: returns show(view), which attaches it with ``context`` and hands it every view.
export function gameDrawing(context) {
  let current = { url: null, drawing: null };
  return async function show(view) {
    const url = view.page || null;
    if (url !== current.url) {
      if (current.drawing) current.drawing.detach();
      current = { url, drawing: null };
      if (url) {
        try {
          const module = await import(url);
          if (current.url !== url) return;
          current.drawing = module.attach(context);
        } catch (error) {
          console.error("cullsboard: could not load the game's drawing", error);
        }
      }
    }
    if (current.drawing) current.drawing.show(view);
  };
}

// Writes where a phone opens the board page (GET /api/address) into #address, as text; a
// board that serves this computer only offers no QR code and says why phones cannot reach it.
export async function showAddress() {
  const target = document.getElementById("address");
  if (!target) return;
  try {
    const reply = await fetch("/api/address");
    if (!reply.ok) return;
    const found = await reply.json();
    target.textContent = found.url;
    if (found.phones === false) {
      const figure = target.closest("figure");
      const qr = figure && figure.querySelector("img");
      if (qr) qr.hidden = true;
      const caption = figure && figure.querySelector("figcaption");
      if (caption) {
        caption.textContent = found.advice;
        caption.dataset.phones = "none";
      }
    }
  } catch {
    // unreachable: the link light says so
  }
}
