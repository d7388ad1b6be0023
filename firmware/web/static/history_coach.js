// The history page's coach: each kept analysis drawn as a graph; a mistake (its point or its
// words) opens that round on the board at that move and goes to the board page.
import { sendCommand, tabPin } from "/static/live.js";
import { evaluationGraph } from "/static/coach.js";

const keptPin = tabPin("cullsboard-pin");

for (const figure of document.querySelectorAll("figure.coach")) {
  const coach = JSON.parse(figure.dataset.coach);
  const match = Number(figure.dataset.match);
  const round = Number(figure.dataset.round);
  const note = document.createElement("p");
  note.className = "coach-status";
  const jump = async (ply) => {
    const result = await sendCommand("/api/review", { match, round, ply }, keptPin.get());
    if (result.ok) window.location.assign("/");
    else note.textContent = result.status === 403 ? "Enter the PIN on the board page first." : result.error;
  };
  figure.prepend(evaluationGraph(coach, 0, jump));
  figure.append(note);
  for (const button of figure.querySelectorAll("button.mistake")) {
    button.addEventListener("click", () => jump(Number(button.dataset.ply)));
  }
}
