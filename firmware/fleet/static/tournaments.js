// The café's tournaments, from /api/tournaments (refreshed every two seconds): each event's
// headline, its games in words and its standings, as the server words them. With the staff PIN
// the page creates an event, pairs the next round (sent to free tables at once), sends games
// still waiting for a table, and enters a result a table cannot send.
const POLL_MS = 2000;
const PIN_HEADER = "X-Cullsboard-Staff-Pin";
const eventsEl = document.getElementById("events");
const summaryEl = document.getElementById("summary");
const answerEl = document.getElementById("answer");
const pinEl = document.getElementById("pin");
pinEl.value = sessionStorage.getItem("cullsboard-fleet-pin") || "";
pinEl.addEventListener("change", () => sessionStorage.setItem("cullsboard-fleet-pin", pinEl.value));

function say(text, ok = false) {
  answerEl.hidden = !text;
  answerEl.textContent = text;
  answerEl.dataset.ok = String(ok);
}

async function staff(path, body = {}) {
  const reply = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", [PIN_HEADER]: pinEl.value },
    body: JSON.stringify(body),
  });
  const answer = await reply.json();
  if (!reply.ok) {
    say(answer.error);
    return null;
  }
  say("");
  refresh();
  return answer;
}

function element(tag, text, className) {
  const made = document.createElement(tag);
  if (text !== undefined) made.textContent = text;
  if (className) made.className = className;
  return made;
}

function standingsTable(lines) {
  const table = element("table");
  const head = element("tr");
  for (const title of ["#", "Player", "Points", "Games", "Buchholz", "S-B", "Head to head"]) {
    head.append(element("th", title, title === "Player" ? undefined : "number"));
  }
  table.append(head);
  for (const line of lines) {
    const row = element("tr");
    row.append(element("td", String(line.rank), "number"), element("td", line.name));
    for (const value of [line.points, line.games, line.buchholz, line.sonneborn_berger, line.head_to_head]) {
      row.append(element("td", String(value), "number"));
    }
    table.append(row);
  }
  return table;
}

function resultPicker(event, game) {
  const picker = element("select");
  picker.setAttribute("aria-label", `Enter the result of ${game.key}`);
  picker.append(new Option("Enter a result…", ""));
  for (const player of game.players) picker.append(new Option(`${player} won`, player));
  picker.append(new Option("A draw", "\u0000draw"));
  picker.addEventListener("change", () => {
    if (!picker.value) return;
    const winner = picker.value === "\u0000draw" ? null : picker.value;
    staff(`/api/tournaments/${event.id}/games/${encodeURIComponent(game.key)}/result`, { winner });
  });
  return picker;
}

function gamesList(event) {
  const list = element("ul", undefined, "games");
  for (const game of event.games.filter((g) => g.round === event.round)) {
    const item = element("li");
    item.dataset.decided = String(game.decided);
    item.dataset.key = game.key;
    item.append(element("span", `${game.key}: ${game.words}`));
    if (!game.decided) item.append(resultPicker(event, game));
    list.append(item);
  }
  return list;
}

function eventCard(event) {
  const card = element("section", undefined, "event");
  card.dataset.id = String(event.id);
  card.append(element("h2", `${event.name} — ${event.game}, ${event.format.replace("_", " ")}`));
  card.append(element("p", event.headline, "headline-line"));
  if (event.round) card.append(gamesList(event));
  card.append(standingsTable(event.standings));
  const tools = element("div", undefined, "tools");
  if (!event.finished) {
    const next = element("button", `Pair round ${event.round + 1}`, "action");
    next.type = "button";
    next.disabled = event.games.some((g) => !g.decided) || event.round >= event.round_count;
    next.addEventListener("click", () => staff(`/api/tournaments/${event.id}/round`));
    const send = element("button", "Send waiting games");
    send.type = "button";
    send.addEventListener("click", () => staff(`/api/tournaments/${event.id}/dispatch`));
    tools.append(next, send);
  }
  for (const [text, file] of [["Pairings CSV", "pairings.csv"], ["Standings CSV", "standings.csv"], ["Report file", "report.trf"]]) {
    const link = element("a", text);
    link.href = `/api/tournaments/${event.id}/${file}`;
    tools.append(link);
  }
  card.append(tools);
  return card;
}

async function refresh() {
  try {
    const reply = await fetch("/api/tournaments", { cache: "no-store" });
    const { tournaments } = await reply.json();
    eventsEl.replaceChildren(...tournaments.map(eventCard));
    summaryEl.textContent = tournaments.length ? tournaments[0].headline : "No tournament yet";
  } catch {
    summaryEl.textContent = "The fleet does not answer";
  }
}

document.getElementById("create").addEventListener("submit", async (submitted) => {
  submitted.preventDefault();
  const form = new FormData(submitted.target);
  const game = form.get("game");
  const rounds = form.get("rounds");
  const body = {
    name: form.get("name"),
    game,
    format: form.get("format"),
    clock: form.get("clock"),
    group_size: game === "cubulus" ? 3 : 2,
    rules: game === "cubulus" ? { players: 3 } : { mode: "duel", rounds_to_win: Number(form.get("rounds_to_win")) },
    players: String(form.get("players")).split("\n").map((name) => name.trim()).filter(Boolean),
  };
  if (rounds) body.rounds = Number(rounds);
  if (await staff("/api/tournaments", body)) {
    submitted.target.reset();
    say("Created: pair its first round when the players are at the tables.", true);
  }
});

refresh();
setInterval(refresh, POLL_MS);
