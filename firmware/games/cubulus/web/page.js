// Cubulus on the pages: the cube in 3D (drag or swipe to turn it, click a face cell to push from
// that face) and labels on the flat net of the board. Cube cells are "xyz": x left to right,
// y front to back, z bottom to top (docs/cubulus-layout.md); the net comes from /api/layout.

const CENTRE_CELL = "m2"; // the board cell showing the hidden centre 111 (layout.CENTRE_DISPLAY)
const FACE_NAMES = { U: "top", L: "left", F: "front", R: "right", B: "back", D: "bottom" };
const BALLS = { red: "#d8342a", black: "#26282e", white: "#f4f1e8" };
const UNIT = 58; // px between neighbouring cube cells
const DRAG_PX = 6; // a pointer moved further than this turns the cube instead of pushing
const START_TURN = { x: -24, y: -34 };

// Where the cell in column `col`, row `row` (top row 0) of each face sits in the cube, seen from
// outside that face: the same orientation as the board's net.
const FACE_CELL = {
  F: (col, row) => [col, 0, 2 - row],
  R: (col, row) => [2, col, 2 - row],
  B: (col, row) => [2 - col, 2, 2 - row],
  L: (col, row) => [0, 2 - col, 2 - row],
  U: (col, row) => [col, 2 - row, 2],
  D: (col, row) => [col, row, 0],
};
const FACE_TURN = {
  F: "",
  R: "rotateY(90deg)",
  B: "rotateY(180deg)",
  L: "rotateY(-90deg)",
  U: "rotateX(90deg)",
  D: "rotateX(-90deg)",
};

function make(tag, className, text) {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function cubeName([x, y, z]) {
  return `${x}${y}${z}`;
}

// The position of cube cell [x, y, z] in CSS space (x right, y down, z towards the viewer).
function place([x, y, z]) {
  return `translate3d(${(x - 1) * UNIT}px, ${(1 - z) * UNIT}px, ${(1 - y) * UNIT}px)`;
}

function lastPush(moves) {
  for (let index = moves.length - 1; index >= 0; index -= 1) {
    if (!moves[index].startsWith("N")) return moves[index];
  }
  return null;
}

export function attach({ panel, marks, push }) {
  const turn = { ...START_TURN };
  const boardCellOf = new Map(); // push token -> board cell name
  const netLabels = [];

  const box = make("figure", "cube-box");
  const view = make("div", "cube-view");
  view.tabIndex = 0;
  view.setAttribute("role", "group");
  view.setAttribute("aria-label", "The cube in 3D: drag to turn it");
  const cube = make("div", "cube3d");
  view.append(cube);
  const caption = make(
    "figcaption",
    "cube-caption",
    push
      ? "The cube in 3D. Drag or swipe to turn it; click a cell of a face to push from that face."
      : "The cube in 3D. Drag or swipe to turn it.",
  );
  const legend = make("ul", "cube-legend");
  for (const line of [
    "Goal: four balls of your colour in a square on one face: a 2×2 block, the four corners, or the four edge-middles.",
    "On the board, each face is a 3×3 block: U top, L left, F front, R right, B back, D bottom.",
    "A ball on a corner of the cube shows on three faces of the net, one on an edge on two.",
    "A dim hole is an empty cell; a lit one holds a ball.",
    "Bottom rows: the balls left, red (row 3), black (row 2), white (row 1).",
  ]) {
    legend.append(make("li", "", line));
  }
  box.append(view, caption);
  if (marks) box.append(legend);
  const style = document.createElement("link");
  style.rel = "stylesheet";
  style.href = new URL("page.css", import.meta.url).pathname;
  document.head.append(style);
  panel.append(box);

  const faceCells = new Map(); // "F000" -> button
  for (const face of Object.keys(FACE_CELL)) {
    const side = make("div", "face3d");
    side.dataset.face = face;
    side.style.transform = `${FACE_TURN[face]} translateZ(${1.5 * UNIT}px)`;
    side.append(make("span", "face-label", `${face} ${FACE_NAMES[face]}`));
    for (let row = 0; row < 3; row += 1) {
      for (let col = 0; col < 3; col += 1) {
        const token = face + cubeName(FACE_CELL[face](col, row));
        const cell = make(push ? "button" : "span", "face-cell");
        if (push) cell.type = "button";
        cell.dataset.push = token;
        cell.title = `push in from the ${FACE_NAMES[face]}`; // the board cell joins it once known
        side.append(cell);
        faceCells.set(token, cell);
      }
    }
    cube.append(side);
  }
  const balls = new Map(); // "012" -> element
  for (let x = 0; x < 3; x += 1) {
    for (let y = 0; y < 3; y += 1) {
      for (let z = 0; z < 3; z += 1) {
        const ball = make("span", "ball3d");
        ball.dataset.cubeCell = cubeName([x, y, z]);
        ball.dataset.place = place([x, y, z]);
        cube.append(ball);
        balls.set(ball.dataset.cubeCell, ball);
      }
    }
  }

  function turnCube() {
    cube.style.transform = `rotateX(${turn.x}deg) rotateY(${turn.y}deg)`;
    const facing = `rotateY(${-turn.y}deg) rotateX(${-turn.x}deg)`; // balls always face you
    for (const ball of balls.values()) ball.style.transform = `${ball.dataset.place} ${facing}`;
    view.dataset.turn = `${Math.round(turn.x)},${Math.round(turn.y)}`;
  }
  turnCube();

  let drag = null;
  view.addEventListener("pointerdown", (event) => {
    drag = { x: event.clientX, y: event.clientY, turn: { ...turn }, moved: false };
  });
  view.addEventListener("pointermove", (event) => {
    if (!drag) return;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (!drag.moved && Math.hypot(dx, dy) < DRAG_PX) return;
    if (!drag.moved) view.setPointerCapture(event.pointerId);
    drag.moved = true;
    turn.y = drag.turn.y + dx * 0.5;
    turn.x = Math.max(-90, Math.min(90, drag.turn.x - dy * 0.5));
    turnCube();
  });
  const endDrag = () => {
    if (drag && drag.moved) view.dataset.dragged = "yes";
    drag = null;
  };
  view.addEventListener("pointerup", endDrag);
  view.addEventListener("pointercancel", endDrag);
  view.addEventListener(
    "click",
    (event) => {
      if (view.dataset.dragged === "yes") {
        delete view.dataset.dragged; // the end of a turn, not a push
        event.stopPropagation();
        return;
      }
      const cell = event.target.closest(".face-cell");
      const where = cell && boardCellOf.get(cell.dataset.push);
      if (push && where) push(where);
    },
    true,
  );
  view.addEventListener("keydown", (event) => {
    const step = { ArrowLeft: [0, -15], ArrowRight: [0, 15], ArrowUp: [15, 0], ArrowDown: [-15, 0] };
    const [dx, dy] = step[event.key] || [0, 0];
    if (!dx && !dy) return;
    event.preventDefault();
    turn.x = Math.max(-90, Math.min(90, turn.x + dx));
    turn.y += dy;
    turnCube();
  });

  if (marks) {
    fetch("/api/layout")
      .then((reply) => (reply.ok ? reply.json() : { cells: {} }))
      .then((layout) => labelNet(layout.cells || {}))
      .catch(() => {});
  }

  // Face names beside the net's faces, and what the centre cell shows.
  function labelNet(cells) {
    const boxes = {};
    for (const [name, token] of Object.entries(cells)) {
      boardCellOf.set(token, name);
      const faceCell = faceCells.get(token);
      if (faceCell) faceCell.title = `push in at ${name} from the ${FACE_NAMES[token[0]]}`;
      const column = name.charCodeAt(0) - 97;
      const row = Number(name.slice(1));
      const face = token[0];
      const b = boxes[face] || { left: 99, right: -1, top: -1, bottom: 99 };
      boxes[face] = {
        left: Math.min(b.left, column),
        right: Math.max(b.right, column),
        top: Math.max(b.top, row),
        bottom: Math.min(b.bottom, row),
      };
    }
    for (const [face, b] of Object.entries(boxes)) {
      const sideways = face === "U" || face === "D";
      const label = make("span", sideways ? "net-label beside" : "net-label above");
      label.dataset.face = face;
      label.textContent = sideways ? `${face} ${FACE_NAMES[face]} ▸` : `${face} ${FACE_NAMES[face]} ▾`;
      const middle = Math.round((b.top + b.bottom) / 2);
      label.style.gridRow = String(sideways ? 16 - middle : 15 - b.top);
      label.style.gridColumn = sideways ? `1 / ${b.left + 1}` : `${b.left + 1} / ${b.right + 2}`;
      marks.append(label);
      netLabels.push(label);
    }
    const column = CENTRE_CELL.charCodeAt(0) - 97 + 1;
    const row = 16 - Number(CENTRE_CELL.slice(1));
    const centre = make("span", "net-label centre", `${CENTRE_CELL} ▾ the centre of the cube (hidden inside)`);
    centre.style.gridRow = `${row - 2} / span 2`;
    centre.style.gridColumn = `${column - 2} / 16`;
    marks.append(centre);
    netLabels.push(centre);
  }

  return {
    show(viewData) {
      const score = viewData.score || {};
      const position = score.position || {};
      const occupied = position.cells || {};
      const winning = new Set(score.line || []);
      const last = lastPush(score.moves || []);
      for (const [name, ball] of balls) {
        const colour = occupied[name] || "";
        ball.dataset.colour = colour;
        ball.style.setProperty("--ball", BALLS[colour] || "transparent");
        ball.classList.toggle("win", winning.has(name));
        ball.classList.toggle("last", Boolean(last) && last.slice(1) === name);
        ball.title = colour ? `a ${colour} ball` : "empty";
      }
      for (const [token, cell] of faceCells) cell.classList.toggle("last", token === last);
      box.dataset.last = last || "";
      // HINT: the hinted push's face cell and the place its ball goes in, or a white ball's place.
      const hinted = score.hint && typeof score.hint.token === "string" ? score.hint.token : "";
      const neutral = hinted.startsWith("N") ? hinted.slice(1) : "";
      for (const [token, cell] of faceCells) cell.classList.toggle("hint", token === hinted);
      for (const [name, ball] of balls) {
        ball.classList.toggle("hint", name === neutral || (!neutral && hinted.slice(1) === name));
      }
      box.dataset.hint = hinted;
    },
    detach() {
      box.remove();
      style.remove();
      for (const label of netLabels) label.remove();
    },
  };
}
