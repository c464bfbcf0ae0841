// Sudoku: type a puzzle into the grid (digits, arrows), or paste one; solve it exactly, or watch
// the genetic algorithm (or CRO) generation by generation at a pace the eye can follow: the
// conflicts curve and the best board so far (its conflicts marked), then the final board.
import { jobStatus, post, startJob } from './api.js';
import { Chart } from './chart.js';
import { Pacer } from './pacer.js';
import { moreSettings } from './settings_form.js';
import {
  box, button, element, fillInfo, labelled, numberInput, select, withId,
} from './dom.js';

// An expert puzzle of QQWing's (data/sudoku/qqwing_expert_50.txt, line 40): the genetic
// algorithm's `strong` preset solves it, with every seed from 1 to 10 tried, in 2 to 723
// generations (107 with seed 1): long enough to watch, short enough to wait for.
const EXAMPLE =
  '.52.7......8....511....6.......9...898.6..3..3.6..1.........67..3.....9...13...2.';
// Generations shown per second (0: as they come). A run that ends in a blink is replayed at
// this pace from its events; the events are all kept, nothing is skipped.
const PACES = [['30', '30 generations/s'], ['100', '100 generations/s'], ['0', 'as fast as it runs']];

function layout(main) {
  const panel = element('div', 'panel sudoku-panel');
  const puzzleLabel = element('label', '', "Puzzle: 81 symbols ('.' or 0 empty), or nine rows; or type into the grid");
  puzzleLabel.htmlFor = 'puzzle';
  const area = element('textarea');
  area.id = 'puzzle';
  area.rows = 3;
  area.spellcheck = false;
  panel.append(puzzleLabel, area,
    box('controls', button('show', 'Show'), button('solve', 'Solve exactly'), button('copy', 'Copy puzzle'),
      button('clear', 'Clear')),
    withId(box('controls', labelled('Method', select('method', ['ga', 'cro'])),
      labelled('Preset', select('preset', ['strong', 'paper'])),
      labelled('Population', numberInput('population', 40, 2, 5000)),
      labelled('Generations', numberInput('generations', 3000, 0, 100000)),
      labelled('Seed', numberInput('seed', 1, 0)),
      labelled('Pace', select('pace', PACES)),
      button('run', 'Run'), button('stop', 'Stop')), 'run-controls'),
    withId(element('div', 'error'), 'error'), withId(element('dl', 'info'), 'info'));
  const grid = withId(element('table', 'sudoku'), 'grid');
  grid.tabIndex = 0;
  grid.setAttribute('aria-label', 'Sudoku grid: type digits, arrows move, 0 or Delete clears');
  const board = element('div', 'sudoku-board');
  board.append(grid, withId(element('div', 'keypad'), 'keypad'), withId(element('div', 'status'), 'status'),
    element('p', 'hint', 'Click or tap a cell and type 1-9 (or use the keys above); arrows move; 0, Delete or . clears; Ctrl+V pastes a puzzle.'));
  const figure = withId(element('figure', 'chart-box'), 'chart');
  figure.hidden = true;  // until a run
  const row = element('div', 'row');
  row.append(panel, board, figure);
  main.append(element('h1', '', 'Sudoku'), row);
  return figure;
}

// A cell's symbol: 1-9, then A, B, ... for larger grids; '' empty.
function symbol(v) {
  if (!v) return '';
  return v <= 9 ? String(v) : String.fromCharCode(55 + v);
}

// A key's value in a grid of size n: 0 to clear, a digit or letter within n, else null.
function keyValue(key, n) {
  if (key === '0' || key === '.' || key === 'Delete' || key === 'Backspace') return 0;
  if (key.length !== 1) return null;
  const v = /[1-9]/.test(key) ? Number(key) : /[a-z]/i.test(key) ? key.toUpperCase().charCodeAt(0) - 55 : 0;
  return v >= 1 && v <= n ? v : null;
}

// The puzzle as one line ('.' empty), as the command line reads it.
export function puzzleText(rows) {
  return rows.map((row) => row.map((v) => symbol(v) || '.').join('')).join('');
}

// The sizes of a box of an n-grid: [rows, columns].
function boxOf(n) {
  return { 4: [2, 2], 6: [2, 3], 9: [3, 3], 16: [4, 4], 25: [5, 5] }[n] || [n, n];
}

export function render(main) {
  const chart = new Chart(layout(main), 480, 240, { x: 'generation', y: 'conflicts (best and mean)' });
  const $ = (id) => main.querySelector('#' + id);
  let puzzle = null;  // the parsed puzzle: {n, rows, conflicts, givens}
  let cursor = [0, 0];
  let asked = 0;  // parse requests sent
  let job = null;
  const pacer = new Pacer(showEvent, (e) => e.type === 'generation');
  $('puzzle').value = EXAMPLE;
  // Every other setting of the GA and CRO the server takes, from their declaration.
  const more = moreSettings('/api/sudoku/ga', ['method', 'preset', 'population', 'generations', 'seed'],
    $('run-controls'), (message) => { $('error').textContent = message; });

  function drawGrid(board) {
    const n = board.n;
    const [bh, bw] = boxOf(n);
    const rows = board.rows.map((row, r) => {
      const tr = element('tr', r && r % bh === 0 ? 'by' : '');
      tr.append(...row.map((v, c) => {
        const given = puzzle && puzzle.n === n && puzzle.rows[r][c];
        const classes = [given ? 'given' : v ? 'solver' : '', board.conflicts[r][c] ? 'conflict' : '',
          c && c % bw === 0 ? 'bx' : '', r === cursor[0] && c === cursor[1] ? 'cursor' : ''];
        const td = element('td', classes.join(' ').trim(), symbol(v));
        td.dataset.r = String(r);
        td.dataset.c = String(c);
        return td;
      }));
      return tr;
    });
    $('grid').replaceChildren(...rows);
  }

  // An error in place of the board, the status and the figures it would have replaced.
  function fail(message) {
    $('error').textContent = message;
    $('status').textContent = '';
    $('grid').replaceChildren();
    fillInfo($('info'), []);
    main.dataset.state = 'error';
  }

  function report(lines) {
    $('error').textContent = '';
    fillInfo($('info'), lines);
  }

  // The puzzle of the text on the grid; an answer overtaken by a later edit is dropped.
  async function show() {
    const ticket = ++asked;
    let parsed;
    try {
      parsed = await post('/api/sudoku/parse', { puzzle: $('puzzle').value });
    } catch (e) {
      if (ticket !== asked) return puzzle;
      throw e;
    }
    if (ticket !== asked) return puzzle;
    $('error').textContent = '';
    puzzle = parsed;
    cursor = cursor.map((v) => Math.min(v, puzzle.n - 1));
    drawGrid(puzzle);
    if ($('keypad').childElementCount !== puzzle.n + 1) drawKeypad(puzzle.n);
    $('status').textContent = '';
    fillInfo($('info'), [['givens', puzzle.givens]]);
    return puzzle;
  }

  // A key for each symbol of the grid's size and one that clears: typing without a keyboard.
  function drawKeypad(n) {
    const keys = [];
    for (let v = 1; v <= n; ++v) keys.push([v, symbol(v)]);
    keys.push([0, '×']);
    $('keypad').replaceChildren(...keys.map(([v, text]) => {
      const key = element('button', 'key', text);
      key.type = 'button';
      key.title = v ? `put ${text} in the chosen cell` : 'clear the chosen cell';
      key.addEventListener('pointerdown', (e) => e.preventDefault());  // the grid keeps the focus
      key.onclick = () => {
        setCell(v);
        if (v) moveCursor(0, 1);
      };
      return key;
    }));
  }

  // The puzzle's cell at the cursor set to `v` (0 empty): the text follows, then the grid; a
  // digit the rules refuse stays on the grid, marked, with the parser's error.
  function setCell(v) {
    if (!puzzle) return;
    const [r, c] = cursor;
    puzzle.rows[r][c] = v;
    $('puzzle').value = puzzleText(puzzle.rows);
    show().then(() => (main.dataset.state = 'ready')).catch((e) => {
      puzzle.conflicts[r][c] = 1;
      drawGrid(puzzle);
      $('status').textContent = '';
      $('error').textContent = e.message;
      main.dataset.state = 'invalid';
    });
  }

  function moveCursor(dr, dc) {
    if (!puzzle) return;
    const n = puzzle.n;
    cursor = [(cursor[0] + dr + n) % n, (cursor[1] + dc + n) % n];
    for (const td of $('grid').querySelectorAll('td')) {
      td.classList.toggle('cursor', Number(td.dataset.r) === cursor[0] && Number(td.dataset.c) === cursor[1]);
    }
  }

  const ARROWS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

  $('grid').addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || !puzzle) return;
    if (ARROWS[e.key]) {
      moveCursor(...ARROWS[e.key]);
    } else {
      const v = keyValue(e.key, puzzle.n);
      if (v === null) return;
      setCell(v);
      if (v) moveCursor(0, 1);
    }
    e.preventDefault();
  });
  $('grid').addEventListener('pointerdown', (e) => {
    const td = e.target.closest('td');
    if (!td) return;
    cursor = [Number(td.dataset.r), Number(td.dataset.c)];
    moveCursor(0, 0);
    $('grid').focus();
  });
  // Copy and paste on the grid: the puzzle as one line of text.
  $('grid').addEventListener('copy', (e) => {
    e.clipboardData.setData('text/plain', $('puzzle').value.trim());
    e.preventDefault();
  });
  $('grid').addEventListener('paste', (e) => {
    $('puzzle').value = e.clipboardData.getData('text/plain').trim();
    e.preventDefault();
    show().then(() => (main.dataset.state = 'ready')).catch((err) => fail(err.message));
  });
  $('copy').onclick = async () => {
    const text = puzzle ? puzzleText(puzzle.rows) : $('puzzle').value.trim();
    try {
      await navigator.clipboard.writeText(text);
      $('status').textContent = 'puzzle copied';
    } catch (e) {
      $('puzzle').select();  // no clipboard access: selected for Ctrl+C
      $('status').textContent = 'puzzle selected: press Ctrl+C to copy';
    }
    main.dataset.copied = text;
  };
  $('clear').onclick = () => {
    $('puzzle').value = '.'.repeat(81);
    show().then(() => (main.dataset.state = 'ready')).catch((e) => fail(e.message));
  };
  $('puzzle').addEventListener('change', () => {
    show().then(() => (main.dataset.state = 'ready')).catch((e) => fail(e.message));
  });

  $('show').onclick = () => show().then(() => (main.dataset.state = 'ready')).catch((e) => fail(e.message));
  $('solve').onclick = async () => {
    main.dataset.state = 'solving';
    try {
      await show();
      const r = await post('/api/sudoku/solve', { puzzle: $('puzzle').value });
      if (r.board) drawGrid(r.board);
      $('status').textContent = r.solutions === 0 ? 'no solution' : r.unique ? 'solved (unique)' : 'solved (not unique)';
      report([['solutions', r.solutions === 2 ? '2 or more' : r.solutions], ['guesses', r.guesses],
        ['backtracks', r.backtracks], ['time', `${(1000 * r.seconds).toFixed(2)} ms`]]);
      main.dataset.state = r.solved ? 'solved' : 'unsolved';
    } catch (e) {
      fail(e.message);
    }
  };

  // One event of the run, as it is shown.
  function showEvent(e) {
    if (e.type === 'generation') {
      chart.addGeneration(e.generation, e);
      $('status').textContent = `generation ${e.generation}: best ${e.best} conflicts`;
      main.dataset.generation = String(e.generation);
    } else if (e.type === 'best') {
      drawGrid(e.board);  // the best board so far, its conflicts marked
      main.dataset.best = String(e.fitness);
    } else if (e.type === 'done' || e.type === 'cancelled') {
      finish(e);
    } else if (e.type === 'error') {
      fail(e.error);
    } else if (e.type === 'queued' || e.type === 'started') {
      $('status').textContent = jobStatus(e);  // its place in the server's queue, then running
    }
  }

  function finish(e) {
    chart.draw();
    const r = e.result;
    if (r && r.board) drawGrid(r.board);
    if (r) {
      const how = r.solved ? 'solved' : 'not solved';
      const why = r.stop && r.stop !== 'solved' ? ` (${r.stop})` : '';
      $('status').textContent = `${how}: ${r.fitness} conflicts after ${r.generations} generations${why}`;
      report([['evaluations', r.evaluations], ['restarts', r.restarts], ['time', `${r.seconds.toFixed(2)} s`]]);
    }
    main.dataset.solved = String(Boolean(r && r.solved));
    main.dataset.state = e.type === 'done' ? 'finished' : 'cancelled';
  }

  $('run').onclick = async () => {
    if (job) await job.cancel();
    pacer.clear();
    pacer.setPace(Number($('pace').value));
    chart.clear();
    $('chart').hidden = false;
    main.dataset.state = 'running';
    try {
      await show();
      const body = {
        ...more.values(),
        puzzle: $('puzzle').value, method: $('method').value, preset: $('preset').value,
        population: Number($('population').value), generations: Number($('generations').value),
        seed: Number($('seed').value),
      };
      job = await startJob('/api/sudoku/ga', body, (e) => pacer.push(e));
    } catch (e) {
      fail(e.message);
    }
  };
  $('stop').onclick = () => {
    if (job) job.cancel();
    $('pace').value = '0';
    pacer.setPace(0);  // what is queued, at once
  };
  show().then(() => (main.dataset.state = 'ready')).catch((e) => fail(e.message));
  $('pace').onchange = () => pacer.setPace(Number($('pace').value));
  return () => {
    pacer.clear();
    if (job) job.close();
  };
}
