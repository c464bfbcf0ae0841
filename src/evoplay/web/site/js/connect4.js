// Connect Four's board for the board page (boards.js): seven columns to click, the last disc and
// the winning four marked, and the exact score of every column (a job of the server, shown as
// each column is solved, cancelled when the position changes or the page is left). A game as
// text is its columns in the order played ("4453"), as `evoplay connect4 solve` reads it.
import { el } from './board_dom.js';
import { startJob } from './api.js';

const WIDTH = 7;
const HEIGHT = 6;

// The cells [row, col] (row 0 at the top) of every four in a row, or [].
export function winningCells(rows) {
  const found = [];
  const at = (r, c) => (r >= 0 && r < HEIGHT && c >= 0 && c < WIDTH ? rows[r][c] : 0);
  for (let r = 0; r < HEIGHT; ++r) {
    for (let c = 0; c < WIDTH; ++c) {
      const v = rows[r][c];
      if (!v) continue;
      for (const [dr, dc] of [[0, 1], [1, 0], [1, 1], [1, -1]]) {
        const four = [0, 1, 2, 3].map((k) => [r + k * dr, c + k * dc]);
        if (four.every(([rr, cc]) => at(rr, cc) === v)) found.push(...four);
      }
    }
  }
  return found;
}

function drawColumns(board, state, ctx) {
  const wins = new Set(winningCells(state.cells).map(([r, c]) => `${r},${c}`));
  const last = ctx.lastMove ? Number(ctx.lastMove) - 1 : -1;
  const columns = [];
  for (let col = 0; col < WIDTH; ++col) {
    let top = true;
    const cells = [];
    for (let row = 0; row < HEIGHT; ++row) {
      const v = state.cells[row][col];
      const cls = ['cell'];
      if (v) cls.push('p' + v);
      if (v && top && col === last) cls.push('last');
      if (wins.has(`${row},${col}`)) cls.push('win');
      if (v) top = false;
      cells.push(el('div', { class: cls.join(' ') }));
    }
    columns.push(el('button', { type: 'button', class: 'col', title: `column ${col + 1}`,
      'aria-label': `column ${col + 1}`, dataset: { col: String(col + 1) },
      onclick: () => ctx.play(String(col + 1)) }, cells));
  }
  board.replaceChildren(...columns);
  board.classList.toggle('can-move', ctx.canMove);
}

// The exact column scores: {controls, row, reset(), stop()}; `page` has moves(), seatToMove(),
// terminal(), setError(text) and main (data-scores: running, done, cancelled, error).
function columnScores(page) {
  const row = el('div', { class: 'scores', id: 'scores-row' });
  const label = el('div', { class: 'scores-label', id: 'scores-label' });
  let job = null;
  let epoch = 0;
  const setState = (s) => { page.main.dataset.scores = s; };
  function reset() {
    epoch += 1;
    if (job) job.cancel();
    if (page.main.dataset.scores === 'running') setState('cancelled');
    job = null;
    row.replaceChildren();
    label.textContent = '';
  }
  function showColumn(cells, e) {
    const d = cells[e.column - 1];
    if (e.full) return;
    const m = e.meaning;
    d.className = `score ${m.outcome}${m.exact ? '' : ' bound'}`;
    d.title = `column ${e.column}: ${m.text}${m.exact ? '' : ' (not solved in time)'}`;
    d.dataset.score = e.complete ? String(e.score) : '';
    d.dataset.outcome = m.outcome;
    d.replaceChildren(el('span', { text: m.outcome === 'unknown' ? '?' : m.outcome }),
      el('span', { text: m.moves ? `in ${m.moves}` : m.exact ? '' : m.text }));
  }
  async function start() {
    if (page.terminal()) return;
    reset();
    const my = epoch;
    const cells = [];
    for (let c = 0; c < WIDTH; ++c) cells.push(el('div', { dataset: { col: String(c + 1) } }));
    row.replaceChildren(...cells);
    let solved = 0;
    const progress = () => {
      label.textContent = `What each column leads to for ${page.seatToMove()} (to move), with perfect play: `
        + (solved < WIDTH ? `${solved} of ${WIDTH} columns solved…` : 'all solved.');
    };
    label.textContent = 'Waiting for a free worker of the server…';
    setState('running');
    try {
      const started = await startJob('/api/connect4/scores', { moves: page.moves() }, (e) => {
        if (my !== epoch) return;
        if (e.type === 'column') {
          solved += 1;
          showColumn(cells, e);
          progress();
        } else if (e.type === 'started') {
          progress();
        } else if (['done', 'cancelled', 'error'].includes(e.type)) {
          if (e.error) page.setError(e.error);
          setState(e.type);
          job = null;
        }
      });
      if (my !== epoch) {
        started.cancel();
        return;
      }
      job = started;
      page.main.dataset.scoresJob = started.id;
    } catch (e) {
      if (my !== epoch) return;
      page.setError(e.message);
      setState('error');
    }
  }
  const button = el('button', { id: 'scores', type: 'button', text: 'Exact column scores',
    title: 'solve every column of this position exactly (a job of the server)', onclick: start });
  return {
    controls: button,
    row: el('div', { class: 'scores-box' }, label, row),
    reset,
    stop() {
      epoch += 1;
      if (job) job.cancel();
      job = null;
    },
  };
}

export const connect4 = {
  title: 'Connect Four',
  bots: ['alphabeta:100ms', 'alphabeta:1s', 'alphabeta:6', 'perfect:1s', 'mcts:200ms', 'greedy', 'random'],
  seats: ['Red (X)', 'Yellow (O)'],
  scale: 40,
  format: {
    title: 'Game (columns 1-7) ',
    placeholder: 'e.g. 4453',
    write: (names) => names.join(''),
    read: (text) => [...text.replace(/[\s,]+/g, '')],
  },
  create(page) {
    const board = el('div', { class: 'c4', id: 'board' });
    const scores = columnScores(page);
    return {
      board,
      above: scores.row,
      controls: scores.controls,
      draw(state, ctx) {
        drawColumns(board, state, ctx);
      },
      positionChanged: scores.reset,
      stop: scores.stop,
    };
  },
};
