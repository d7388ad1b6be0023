// Tic-tac-toe on the pages: a line under the board that counts the marks placed. It shows that a
// game kept outside firmware/games ships its own drawing through the folder it registers.

export function attach({ panel }) {
  const line = document.createElement("p");
  line.className = "tictactoe-marks";
  panel.append(line);
  return {
    show(view) {
      const moves = view.score.moves || [];
      line.textContent = `Tic-tac-toe: ${moves.length} of 9 cells marked`;
    },
    detach() {
      line.remove();
    },
  };
}
