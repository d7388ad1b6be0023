// The live link to the board: one WebSocket that delivers every new view, reconnecting on loss.

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

// Calls onView(view) with every view and onLink(state) with "live" / "connecting" / "lost".
export function connectLive({ onView, onLink }) {
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
