// Tic-tac-toe, Connect Four and capture the flag: play against a bot (or watch two: play,
// pause, step), the bot's value, depth, nodes and principal line, undo, (Connect Four) the exact
// score of each column, (capture the flag) a shipped or pasted map.
import { get, post, startJob } from './api.js';

const GAMES = {
  tictactoe: {
    title: 'Tic-tac-toe',
    bots: ['perfect', 'alphabeta:9', 'alphabeta:100ms', 'mcts:2000', 'minimax:2', 'greedy', 'random'],
    seats: ['X', 'O'],
  },
  connect4: {
    title: 'Connect Four',
    bots: ['alphabeta:100ms', 'alphabeta:1s', 'alphabeta:6', 'perfect:1s', 'mcts:200ms', 'greedy', 'random'],
    seats: ['Red (X)', 'Yellow (O)'],
  },
  flags: {
    title: 'Capture the flag',
    bots: ['alphabeta:100ms', 'alphabeta:500ms', 'alphabeta:4', 'mcts:200ms', 'greedy', 'random'],
    seats: ['team A', 'team B'],
  },
};

export function render(main, name) {
  const game = GAMES[name];
  main.innerHTML = `<h1>${game.title}</h1>
    <div class="controls">
      <label>Bot <select id="bot">${game.bots.map((b) => `<option>${b}</option>`).join('')}</select></label>
      <label>or <input id="bot-spec" size="16" placeholder="e.g. alphabeta:8"></label>
      <label>You play <select id="seat"><option value="0">${game.seats[0]} (first)</option>
        <option value="1">${game.seats[1]} (second)</option><option value="-1">nobody: watch</option></select></label>
      <button id="new">New game</button>
      <button id="undo">Undo</button>
      <span id="watch-controls" hidden><button id="play">Play</button><button id="pause">Pause</button>
        <button id="step">Step</button></span>
      ${name === 'connect4' ? '<button id="scores">Exact column scores</button>' : ''}
    </div>
    ${name === 'flags' ? `<div class="controls"><label>Map <select id="map"></select></label>
      <details><summary>or paste a map (docs/flags.md)</summary>
      <textarea id="map-text" rows="10" cols="40"></textarea><button id="use-map">Use this map</button></details></div>` : ''}
    <div class="row">
      <div><div id="scores-row" class="scores"></div><div id="board"></div>
        <div class="status" id="status"></div><div class="error" id="error"></div></div>
      <div class="panel"><b>The bot's last move</b>
        <dl class="info"><dt>bot</dt><dd id="i-bot">-</dd><dt>move</dt><dd id="i-move">-</dd>
        <dt>value</dt><dd id="i-value">-</dd><dt>depth</dt><dd id="i-depth">-</dd>
        <dt>nodes</dt><dd id="i-nodes">-</dd><dt>line</dt><dd id="i-pv">-</dd>
        <dt>time</dt><dd id="i-time">-</dd></dl>
        <p><b>Moves</b> <span id="moves"></span></p></div>
    </div>`;
  const $ = (id) => main.querySelector('#' + id);
  let moves = [];
  let state = null;
  let busy = false;
  let playing = false;
  let scoresJob = null;
  let alive = true;
  let epoch = 0; // a new game or an undo starts a new epoch: answers of an older one are dropped
  const bot = () => $('bot-spec').value.trim() || $('bot').value;
  let mapText = '';
  const extra = () => (name === 'flags' ? { map: mapText } : {});
  const human = () => Number($('seat').value);

  function setState(s) {
    main.dataset.state = s;
  }

  function draw() {
    const board = $('board');
    board.innerHTML = '';
    if (name === 'flags') {
      // The board as the game writes it (two characters a cell, the players' energy below)
      // and a button for each legal move of the side to move.
      board.className = 'flags';
      const pre = document.createElement('pre');
      pre.id = 'flags-board';
      pre.textContent = state.text;
      board.appendChild(pre);
      if (!state.terminal && human() === state.to_move) {
        const moves = document.createElement('div');
        moves.className = 'controls';
        for (const m of state.legal) {
          const b = document.createElement('button');
          b.dataset.move = m;
          b.textContent = m;
          b.onclick = () => humanMove(m);
          moves.appendChild(b);
        }
        board.appendChild(moves);
      }
    } else if (name === 'tictactoe') {
      board.className = 'ttt';
      state.cells.forEach((v, i) => {
        const b = document.createElement('button');
        b.dataset.cell = String(i + 1);
        b.textContent = v === 1 ? 'X' : v === 2 ? 'O' : '';
        b.className = v === 1 ? 'x' : v === 2 ? 'o' : '';
        b.onclick = () => humanMove(String(i + 1));
        board.appendChild(b);
      });
    } else {
      board.className = 'c4';
      const last = moves.length ? Number(moves[moves.length - 1]) - 1 : -1;
      for (let col = 0; col < 7; ++col) {
        const b = document.createElement('button');
        b.className = 'col';
        b.dataset.col = String(col + 1);
        b.title = `column ${col + 1}`;
        let top = true;
        for (let row = 0; row < 6; ++row) {
          const v = state.cells[row][col];
          const cell = document.createElement('div');
          cell.className = 'cell' + (v ? ' p' + v : '');
          if (v && top && col === last) cell.classList.add('last');
          if (v) top = false;
          b.appendChild(cell);
        }
        b.onclick = () => humanMove(String(col + 1));
        board.appendChild(b);
      }
    }
    $('moves').textContent = moves.join(' ');
    let status;
    if (state.terminal) {
      status = state.winner < 0 ? 'Draw.' : `${game.seats[state.winner]} wins.`;
      main.dataset.winner = String(state.winner);
    } else if (human() === state.to_move) {
      status = `Your move (${game.seats[state.to_move]}).`;
    } else {
      status = `${game.seats[state.to_move]} (${bot()}) to move.`;
    }
    $('status').textContent = status;
    $('watch-controls').hidden = human() !== -1;
    main.dataset.moves = String(moves.length);
  }

  function showPlayed(p) {
    $('i-bot').textContent = p.bot;
    $('i-move').textContent = p.move;
    $('i-value').textContent = `${p.value_text} (${p.value})`;
    $('i-depth').textContent = p.depth;
    $('i-nodes').textContent = p.nodes.toLocaleString('en');
    $('i-pv').textContent = p.pv.join(' ');
    $('i-time').textContent = `${(1000 * p.seconds).toFixed(1)} ms`;
  }

  async function load(newMoves, my = epoch) {
    const s = await post(`/api/${name}/state`, { ...extra(), moves: newMoves });
    if (my !== epoch) return false;
    moves = s.moves;
    state = s;
    $('scores-row').innerHTML = '';
    draw();
    return true;
  }

  async function botMove(my) {
    busy = true;
    setState('thinking');
    try {
      const s = await post(`/api/${name}/move`, { ...extra(), moves, bot: bot(), seed: moves.length + 1 });
      if (!alive || my !== epoch) return;
      moves = s.moves;
      state = s;
      showPlayed(s.played);
      $('scores-row').innerHTML = '';
      draw();
    } finally {
      busy = false;
    }
  }

  async function advance(my = epoch) {
    // The bot moves while it is its turn (and, watching, while playing).
    $('error').textContent = '';
    try {
      while (alive && my === epoch && !state.terminal && human() !== state.to_move) {
        if (human() === -1 && !playing) break;
        await botMove(my);
      }
    } catch (e) {
      if (my === epoch) $('error').textContent = e.message;
    }
    if (!alive || my !== epoch) return;
    setState(state.terminal ? 'over' : human() === state.to_move ? 'your-move' : 'paused');
  }

  async function humanMove(move) {
    if (busy || !state || state.terminal || human() !== state.to_move) return;
    $('error').textContent = '';
    busy = true;
    try {
      await load([...moves, move]);
    } catch (e) {
      busy = false;
      $('error').textContent = e.message;
      return;
    }
    busy = false;
    await advance();
  }

  async function restart() {
    if (scoresJob) scoresJob.cancel();
    const my = ++epoch;
    busy = false;
    delete main.dataset.winner;
    playing = false;
    for (const id of ['i-bot', 'i-move', 'i-value', 'i-depth', 'i-nodes', 'i-pv', 'i-time']) $(id).textContent = '-';
    setState('loading');
    if (await load([], my)) await advance(my);
  }

  $('new').onclick = restart;
  $('seat').onchange = restart;
  $('undo').onclick = async () => {
    if (busy || !moves.length) return;
    // Back to the human's previous turn (or one move when watching).
    let n = moves.length - 1;
    if (human() !== -1) {
      while (n > 0 && n % 2 !== human()) --n;
      if (n % 2 !== human()) return;
    }
    delete main.dataset.winner;
    const my = ++epoch;
    if (!(await load(moves.slice(0, n), my))) return;
    setState(state.terminal ? 'over' : human() === state.to_move ? 'your-move' : 'paused');
  };
  $('play').onclick = () => {
    playing = true;
    if (!busy) advance(epoch);
  };
  $('pause').onclick = () => {
    playing = false;
  };
  $('step').onclick = async () => {
    if (busy || state.terminal) return;
    const my = epoch;
    try {
      await botMove(my);
    } catch (e) {
      $('error').textContent = e.message;
    }
    if (my === epoch) setState(state.terminal ? 'over' : 'paused');
  };
  if (name === 'connect4') {
    $('scores').onclick = async () => {
      if (state.terminal) return;
      const row = $('scores-row');
      row.innerHTML = '';
      const cells = [];
      for (let c = 0; c < 7; ++c) {
        const d = document.createElement('div');
        d.dataset.col = String(c + 1);
        cells.push(d);
        row.appendChild(d);
      }
      main.dataset.scores = 'running';
      try {
        scoresJob = await startJob('/api/connect4/scores', { moves }, (e) => {
          if (e.type === 'column') {
            const d = cells[e.column - 1];
            d.textContent = e.full ? '' : e.complete ? String(e.score) : `${e.low}..${e.high}`;
            d.dataset.score = e.complete ? String(e.score) : '';
          } else if (e.type === 'done' || e.type === 'cancelled' || e.type === 'error') {
            if (e.error) $('error').textContent = e.error;
            main.dataset.scores = e.type;
          }
        });
      } catch (e) {
        $('error').textContent = e.message;
        main.dataset.scores = 'error';
      }
    };
  }
  // Tic-tac-toe: every finished `tictactoe learn` run under --runs joins the bots as agent:RUN.
  async function addAgents() {
    let runs = [];
    try {
      runs = (await get('/api/runs')).runs;
    } catch (e) {
      return;  // a server without --runs: no learned agents
    }
    let agents = 0;
    for (const r of runs) {
      if (r.command !== 'tictactoe learn' || !r.complete) continue;
      const o = document.createElement('option');
      o.textContent = `agent:${r.path}`;
      $('bot').appendChild(o);
      agents += 1;
    }
    main.dataset.agents = agents;
  }
  async function start() {
    if (name === 'tictactoe') await addAgents();
    if (name === 'flags') {
      const { maps } = await get('/api/flags/maps');
      const select = $('map');
      for (const m of maps) {
        const o = document.createElement('option');
        o.textContent = m.name;
        o.value = m.text;
        select.appendChild(o);
      }
      if (!maps.length) throw new Error('the server has no shipped maps: paste one');
      mapText = select.value;
      $('map-text').value = mapText;
      select.onchange = () => {
        mapText = select.value;
        $('map-text').value = mapText;
        restart().catch((e) => ($('error').textContent = e.message));
      };
      $('use-map').onclick = () => {
        mapText = $('map-text').value;
        restart().catch((e) => ($('error').textContent = e.message));
      };
    }
    await restart();
  }
  start().catch((e) => {
    $('error').textContent = e.message;
    main.dataset.state = 'error';
  });
  return () => {
    alive = false;
    playing = false;
    if (scoresJob) scoresJob.close();
  };
}
