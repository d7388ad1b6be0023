// The Cubulus rules card on the board page: a few lines, each with a small picture of one face.
// A picture is rows of cells: "." an empty cell, R / K / W a red / black / white ball;
// `ring` marks cells ([row, column], top row 0): where a ball is pushed in, or a square.
export const RULES = {
  title: "How to play Cubulus",
  goal: "Four balls of your colour in a square on one face wins",
  pieces: "balls",
  neutral: { colour: "white", count: 9, players: 2 }, // the white balls of the 2-player game
  lines: [
    {
      text: "Goal: four balls of your colour in a square on one face of the cube: a 2×2 block, the four corners, or the four middles of the edges.",
      picture: { rows: ["RR.", "RR.", "..."], ring: [[0, 0], [0, 1], [1, 0], [1, 1]] },
      more: [
        { rows: ["R.R", "...", "R.R"], ring: [[0, 0], [0, 2], [2, 0], [2, 2]] },
        { rows: [".R.", "R.R", ".R."], ring: [[0, 1], [1, 0], [1, 2], [2, 1]] },
      ],
    },
    {
      text: "The board shows the cube unfolded: six faces of 3×3. A ball on a corner of the cube shows on three faces, on an edge on two.",
    },
    {
      text: "A turn: tap a cell of a face to push one of your balls in from outside that face. The balls in that line move one cell in; none ever falls out.",
      picture: { rows: ["RK."], ring: [[0, 0]] },
    },
    {
      text: "A full line turns instead: the ball at the far end comes back in where you pushed. The next player may not turn that line straight back.",
      picture: { rows: ["WRK"], ring: [[0, 0]] },
    },
    {
      text: "With 2 players, the second player first places the 9 white balls anywhere; they count for nobody. With 3, white plays too.",
    },
    {
      text: "A push that makes a square for another player makes them the winner, even if it makes one for you too.",
    },
  ],
};
