// The scoreboard: who plays, the scores, whose turn and what to do, the moves, the last result.
import {
  AWAITING_WORDS,
  COLOUR_NAMES,
  connectLive,
  element,
  gameDrawing,
  showFacts,
  showOnline,
  showTournament,
  title,
  showAddress,
} from "/static/live.js";
import { clockBox } from "/static/clocks.js";

const MOVES_SHOWN = 80;

function swatch(colour) {
  const dot = element("span", "swatch");
  dot.dataset.colour = colour;
  dot.style.setProperty("--colour", COLOUR_NAMES[colour] || "#888");
  return dot;
}

// Seats grouped by colour, in seat order: one side per colour (a duel seat or a team).
function sides(score) {
  const groups = new Map();
  for (const seat of score.seats || []) {
    if (!groups.has(seat.colour)) groups.set(seat.colour, []);
    groups.get(seat.colour).push(seat.player_name || seat.name || title(seat.colour));
  }
  for (const colour of Object.keys(score.scores || {})) {
    if (!groups.has(colour)) groups.set(colour, [title(colour)]);
  }
  return groups;
}

// The seat to act: the seat index may count from 0 or 1, so take the one whose colour matches.
function actingSeatName(score) {
  const seats = score.seats || [];
  if (Number.isInteger(score.seat)) {
    for (const index of [score.seat, score.seat - 1]) {
      const seat = seats[index];
      if (seat && seat.colour === score.to_move) return seat.player_name || seat.name;
    }
  }
  const match = seats.find((seat) => seat.colour === score.to_move);
  return match ? match.player_name || match.name : title(score.to_move);
}

function showSides(score) {
  const box = document.getElementById("sides");
  box.replaceChildren();
  const groups = sides(score);
  const target = score.rounds_to_win;
  for (const [colour, names] of groups) {
    const side = element("article", "side");
    side.dataset.colour = colour;
    side.style.setProperty("--colour", COLOUR_NAMES[colour] || "#888");
    if (score.to_move === colour && score.phase === "playing") side.classList.add("to-move");
    if (score.match_winner === colour || score.winner === colour) side.classList.add("winner");
    const head = element("div", "side-head");
    head.append(swatch(colour), element("span", "side-name", title(colour)));
    side.append(head);
    if (names.length > 1 || names[0] !== title(colour)) {
      side.append(element("p", "members", names.join(" · ")));
    }
    const points = (score.scores || {})[colour];
    const value = element("p", "points", points === undefined ? "–" : String(points));
    value.dataset.points = colour;
    side.append(value);
    if (Number.isInteger(target) && target > 1) {
      const pips = element("div", "pips");
      for (let n = 0; n < target; n += 1) {
        pips.append(element("span", n < (points || 0) ? "pip won" : "pip"));
      }
      side.append(pips);
    }
    box.append(side);
  }
}

// A side in words: its players' names when each of its seats has one, else its colour; and
// the verb that goes with it ("Hanna wins", "Hanna and Ida win", "Blue wins").
function sideWins(score, colour) {
  const seats = (score.seats || []).filter((seat) => seat.colour === colour);
  const names = seats.map((seat) => seat.player_name).filter(Boolean);
  if (seats.length && names.length === seats.length) {
    return `${names.join(" and ")} ${names.length > 1 ? "win" : "wins"}`;
  }
  return `${title(colour)} wins`;
}

// What the mode on the board says of itself: a lesson, the puzzles or a review bring their own.
function turnLine(score) {
  if (score.attract) {
    return champion ? `Challenge today's champion: ${champion.name} (${winsText(champion)})`
      : "Touch the board to play, to learn a game in two minutes or to try a puzzle";
  }
  if (score.menu) return "Choosing the game on the board";
  if (score.lesson) {
    const { title: name, step, steps } = score.lesson;
    return `Lesson: ${name}, step ${step} of ${steps}`;
  }
  if (score.puzzle) {
    const { number, of, solved } = score.puzzle;
    return `Puzzle ${number} of ${of}: ${solved} solved`;
  }
  if (score.review) {
    const { ply, of, token } = score.review;
    return ply ? `Review: move ${ply} of ${of}, ${token}` : `Review: the start, ${of} moves`;
  }
  if (score.over === "match") {
    return score.match_winner ? `${sideWins(score, score.match_winner)} the match!` : "Match over";
  }
  if (score.over === "round") return resultText(score.last_result) || "Round over";
  if (!score.to_move) return (["won", "draw"].includes(score.status) && resultText(score.last_result)) || "";
  const doing = AWAITING_WORDS[score.awaiting] || score.awaiting || "play";
  return `${actingSeatName(score)} to ${doing}`;
}

// A finished round in the board's words ("Round 2: Red won on time").
function resultText(result) {
  if (!result || !result.words) return "";
  return `${result.round ? `Round ${result.round}: ` : ""}${result.words}`;
}

let shownMoves = [];

function showMoves(moves) {
  shownMoves = moves;
  const list = document.getElementById("moves");
  const start = Math.max(0, moves.length - MOVES_SHOWN);
  list.start = start + 1;
  list.replaceChildren(...moves.slice(start).map((token) => element("li", "move", token)));
  const last = list.lastElementChild;
  if (last) last.classList.add("latest");
  // On a fixed kiosk screen, drop the oldest moves until the newest all fit.
  let shown = start;
  while (list.scrollHeight > list.clientHeight + 1 && list.childElementCount > 1) {
    list.firstElementChild.remove();
    shown += 1;
  }
  list.start = shown + 1;
  document.getElementById("move-count").textContent = moves.length ? `(${moves.length})` : "";
}

// The room for the moves changes as the page settles (fonts, the game's drawing, the legend):
// fit them again whenever it does, from the whole list.
new ResizeObserver(() => showMoves(shownMoves)).observe(
  document.getElementById("moves").parentElement,
);

const showClocks = clockBox(document.getElementById("clocks"));

function showScore(score) {
  const menuOpen = Boolean(score.menu) && !score.attract;
  showClocks(menuOpen ? null : score.clock);
  document.getElementById("game").textContent = title(score.game || "cullsboard");
  const mode = [];
  if (score.mode) mode.push(score.mode === "teams" ? "Teams · 2 vs 2" : "Duel");
  else if (score.players) mode.push(`${score.players} players`);
  if (Number.isInteger(score.rounds_to_win) && score.rounds_to_win > 1) {
    mode.push(`first to ${score.rounds_to_win}`);
  }
  document.getElementById("mode").textContent = mode.join(" · ");
  document.getElementById("round").textContent = score.round ? `Round ${score.round}` : "";
  showSides(score);
  const turn = document.getElementById("turn");
  turn.textContent = turnLine(score);
  turn.dataset.colour = score.to_move || "";
  turn.style.setProperty("--colour", COLOUR_NAMES[score.to_move] || "var(--ink)");
  // At the end of a match the turn line says who won; a message saying it again is left out.
  const repeats = score.over === "match" && !score.attract && /wins? the match/i.test(score.message || "");
  document.getElementById("message").textContent = repeats ? "" : score.message || "";
  showFacts(document.getElementById("facts"), score.facts);
  // What just happened, in the game's words, where the board says it.
  const said = document.getElementById("said");
  said.textContent = !menuOpen && typeof score.last_action === "string" ? score.last_action : "";
  said.hidden = !said.textContent;
  showOnline(score.online);
  showTournament(score.tournament);
  const error = document.getElementById("error");
  error.textContent = score.error || "";
  error.hidden = !score.error;
  const result = document.getElementById("result");
  const lines = []; // the match winner is said once, in the turn line
  const last = resultText(score.last_result);
  // A round's or the match's end says its result in the turn line: not again in a banner.
  const ended = Boolean(score.over) && !score.attract;
  if (last && !ended) lines.push(`Last result — ${last}`);
  result.textContent = lines.join(" · ");
  result.hidden = lines.length === 0;
  showMoves(Array.isArray(score.moves) ? score.moves : []);
  showLegend(score.game);
  showChampions(score);
  document.getElementById("download").hidden = !score.record;
}

// Today's top three on this board (GET /api/leaderboard), read again when a round may have ended.
let champion = null;
let championsKey = "";

// A champion is who won the most matches today; round wins only break a tie (and rank those
// who have won rounds but no match yet).
function winsText(player) {
  const matches = player.match_wins || 0;
  if (matches) return matches === 1 ? "1 match won" : `${matches} matches won`;
  return player.wins === 1 ? "1 round won" : `${player.wins} rounds won`;
}

async function showChampions(score) {
  const key = JSON.stringify([score.game, score.round, score.status, score.phase, score.match_winner]);
  if (key === championsKey) return;
  championsKey = key;
  let players = [];
  try {
    const reply = await fetch("/api/leaderboard", { cache: "no-store" });
    if (reply.ok) players = (await reply.json()).players || [];
  } catch {
    return;
  }
  const box = document.getElementById("champions");
  const top = players.filter((player) => player.wins > 0).slice(0, 3);
  champion = top[0] || null;
  box.hidden = top.length === 0;
  const items = top.map((player, index) => {
    const item = element("li", "champion");
    item.append(element("span", "rank", `${index + 1}.`), element("span", "champion-name", player.name));
    item.append(element("span", "champion-wins", winsText(player)));
    return item;
  });
  document.getElementById("champions-list").replaceChildren(...items);
  if (score.attract) document.getElementById("turn").textContent = turnLine(score);
}

// The move notation of the game on the board (GET /api/games), under the moves.
let notations = null;
async function showLegend(game) {
  const legend = document.getElementById("legend");
  if (notations === null) {
    notations = {};
    try {
      const reply = await fetch("/api/games");
      for (const entry of (await reply.json()).games) notations[entry.name] = entry.notation || [];
    } catch {
      notations = null;
      return;
    }
  }
  const parts = (notations[game] || []).flatMap(({ token, means }, index) => {
    const item = [element("code", "", token), document.createTextNode(` ${means}`)];
    return index ? [document.createTextNode(" · "), ...item] : item;
  });
  legend.replaceChildren(...parts);
  showMoves(shownMoves); // the legend took room: fit the moves again
}

const showGamePage = gameDrawing({
  panel: document.getElementById("game-view"),
  marks: null,
  push: null,
});

showAddress();
connectLive({
  onView: (view) => {
    showScore(view.score || {});
    showGamePage(view);
  },
});
