// Sudoku: type or paste a puzzle; solve it exactly, or watch the genetic algorithm (or CRO)
// generation by generation: the fitness curve and the best board so far (its conflicts marked)
// live, then the final board.
import { post, startJob } from './api.js';
import { Chart } from './chart.js';

const EXAMPLE =
  '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';

export function render(main) {
  main.innerHTML = `<h1>Sudoku</h1>
    <div class="row">
      <div class="panel" style="max-width: 420px">
        <label for="puzzle">Puzzle: one line of 81 symbols ('.' or 0 empty), or nine rows</label>
        <textarea id="puzzle" rows="4"></textarea>
        <div class="controls"><button id="show">Show</button><button id="solve">Solve exactly</button></div>
        <div class="controls">
          <label>Method <select id="method"><option>ga</option><option>cro</option></select></label>
          <label>Preset <select id="preset"><option>paper</option><option>strong</option></select></label>
          <label>Population <input id="population" type="number" value="200" min="2" max="5000" style="width:70px"></label>
          <label>Generations <input id="generations" type="number" value="300" min="0" max="100000" style="width:80px"></label>
          <label>Seed <input id="seed" type="number" value="1" min="0" style="width:60px"></label>
          <button id="run">Run</button><button id="stop">Stop</button>
        </div>
        <div class="error" id="error"></div>
        <dl class="info" id="info"></dl>
      </div>
      <div><table class="sudoku" id="grid"></table><div class="status" id="status"></div></div>
      <div id="chart"></div>
    </div>`;
  const $ = (id) => main.querySelector('#' + id);
  const chart = new Chart($('chart'));
  $('puzzle').value = EXAMPLE;
  let job = null;
  let givens = null;

  function grid(board, puzzle) {
    const n = board.n;
    const box = { 4: [2, 2], 6: [2, 3], 9: [3, 3], 16: [4, 4], 25: [5, 5] }[n] || [n, n];
    const table = $('grid');
    table.innerHTML = '';
    board.rows.forEach((row, r) => {
      const tr = document.createElement('tr');
      if (r && r % box[0] === 0) tr.className = 'by';
      row.forEach((v, c) => {
        const td = document.createElement('td');
        td.textContent = v ? (v <= 9 ? String(v) : String.fromCharCode(55 + v)) : '';
        const given = puzzle && puzzle.rows[r][c];
        td.className = [given ? 'given' : v ? 'solver' : '', board.conflicts[r][c] ? 'conflict' : '',
          c && c % box[1] === 0 ? 'bx' : ''].join(' ').trim();
        tr.appendChild(td);
      });
      table.appendChild(tr);
    });
  }

  function info(pairs) {
    $('info').innerHTML = pairs.map(([k, v]) => `<dt>${k}</dt><dd>${v}</dd>`).join('');
  }

  async function show() {
    $('error').textContent = '';
    const b = await post('/api/sudoku/parse', { puzzle: $('puzzle').value });
    givens = b;
    grid(b, b);
    return b;
  }

  $('show').onclick = () => show().catch((e) => ($('error').textContent = e.message));
  $('solve').onclick = async () => {
    main.dataset.state = 'solving';
    try {
      await show();
      const r = await post('/api/sudoku/solve', { puzzle: $('puzzle').value });
      if (r.board) grid(r.board, givens);
      const what = r.solutions === 0 ? 'no solution' : r.unique ? 'solved (unique)' : 'solved (not unique)';
      $('status').textContent = what;
      info([['solutions', r.solutions === 2 ? '2 or more' : r.solutions], ['guesses', r.guesses],
        ['backtracks', r.backtracks], ['time', `${(1000 * r.seconds).toFixed(2)} ms`]]);
      main.dataset.state = r.solved ? 'solved' : 'unsolved';
    } catch (e) {
      $('error').textContent = e.message;
      main.dataset.state = 'error';
    }
  };
  $('run').onclick = async () => {
    if (job) await job.cancel();
    chart.clear();
    main.dataset.state = 'running';
    try {
      await show();
      const body = {
        puzzle: $('puzzle').value, method: $('method').value, preset: $('preset').value,
        population: Number($('population').value), generations: Number($('generations').value),
        seed: Number($('seed').value),
      };
      job = await startJob('/api/sudoku/ga', body, (e) => {
        if (e.type === 'generation') {
          chart.addGeneration(e.generation, e);
          $('status').textContent = `generation ${e.generation}: best ${e.best} conflicts`;
        } else if (e.type === 'best') {
          grid(e.board, givens);  // the best board so far, its conflicts marked
          main.dataset.best = e.fitness;
        } else if (e.type === 'done' || e.type === 'cancelled') {
          chart.draw();
          const r = e.result;
          if (r && r.board) grid(r.board, givens);
          if (r) {
            $('status').textContent = `${r.solved ? 'solved' : 'not solved'}: fitness ${r.fitness} after ${r.generations} generations (${r.stop})`;
            info([['evaluations', r.evaluations], ['restarts', r.restarts], ['time', `${r.seconds.toFixed(2)} s`]]);
          }
          main.dataset.state = e.type === 'done' ? 'finished' : 'cancelled';
        } else if (e.type === 'error') {
          $('error').textContent = e.error;
          main.dataset.state = 'error';
        }
      });
    } catch (e) {
      $('error').textContent = e.message;
      main.dataset.state = 'error';
    }
  };
  $('stop').onclick = () => job && job.cancel();
  show().then(() => (main.dataset.state = 'ready')).catch((e) => ($('error').textContent = e.message));
  return () => job && job.close();
}
