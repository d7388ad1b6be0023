// The Culls rules card on the board page: a few lines, each with a small picture of the board.
// A picture is rows of cells: "." an empty hole, B / R a blue / red chip, b / r a flipped chip;
// `ring` marks cells ([row, column], top row 0): the chip that just arrived, or a winning line.
export const RULES = {
  title: "How to play Culls",
  goal: "Five of your chips in a row wins the round",
  pieces: "chips",
  lines: [
    {
      text: "Goal: five of your chips in a row, across, up or diagonal. The first side to win 3 rounds (or 4) takes the match.",
      picture: { rows: ["BBBBB"], ring: [[0, 0], [0, 1], [0, 2], [0, 3], [0, 4]] },
    },
    {
      text: "Start: the first side places two chips, the other side two; then one chip a turn. Put the chip down and tap its cell.",
    },
    {
      text: "Cull: when your chip lands so that exactly two of the other colour lie between it and one of yours, those two are trapped and blink. Tap one: it is flipped.",
      picture: { rows: ["BRRB"], ring: [[0, 3]] },
    },
    {
      text: "Three or more between do not cull, and walking into a trap yourself is safe. Two traps at once still flip only one chip.",
      picture: { rows: ["BRRRB"], ring: [[0, 4]] },
    },
    {
      text: "The flipped chip pulses and counts for nobody. On its owner's next turn they move it to another empty cell: that is their whole turn, and it can cull or win too.",
      picture: { rows: ["Br.B", ".R.."], ring: [[1, 1]] },
    },
    {
      text: "Each side has 30 chips. A side that must place a chip and has none left: the round is a draw.",
    },
  ],
};
