// Tic-tac-toe's board for the board page (boards.js): nine cells, the last move and the winning
// line marked; a game as text is its cells 1-9 in the order played ("5193").
import { el } from './board_dom.js';

const LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

// The cells (0-8) of a completed line, or [].
export function winningLine(cells) {
  const line = LINES.find(([a, b, c]) => cells[a] && cells[a] === cells[b] && cells[a] === cells[c]);
  return line || [];
}

export const tictactoe = {
  title: 'Tic-tac-toe',
  bots: ['perfect', 'alphabeta:9', 'alphabeta:100ms', 'mcts:2000', 'minimax:2', 'greedy', 'random'],
  seats: ['X', 'O'],
  scale: 1,
  format: {
    title: 'Game (cells 1-9, row by row) ',
    placeholder: 'e.g. 5193',
    write: (names) => names.join(''),
    read: (text) => [...text.replace(/[\s,]+/g, '')],
  },
  create() {
    const board = el('div', { class: 'ttt', id: 'board' });
    return {
      board,
      draw(state, ctx) {
        const line = winningLine(state.cells);
        const last = ctx.lastMove ? Number(ctx.lastMove) - 1 : -1;
        board.replaceChildren(...state.cells.map((v, i) => el('button', {
          type: 'button',
          class: [v === 1 ? 'x' : v === 2 ? 'o' : '', line.includes(i) ? 'win' : '', i === last ? 'last' : '']
            .filter(Boolean).join(' '),
          dataset: { cell: String(i + 1) },
          'aria-label': `cell ${i + 1}`,
          text: v === 1 ? 'X' : v === 2 ? 'O' : '',
          onclick: () => ctx.play(String(i + 1)),
        })));
        board.classList.toggle('can-move', ctx.canMove);
      },
    };
  },
};
