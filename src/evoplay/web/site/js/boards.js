// The board games' page (tic-tac-toe, Connect Four, capture the flag): play against a bot or
// watch two (play, pause, step); the bot's score for the side that moved, in words, with an
// evaluation bar and a note when it is not proven; the move list to step through and play on
// from; the game as text to copy or paste; undo. Each game's board is its own module
// (tictactoe.js, connect4.js, flags.js); this one runs the game and talks to the server.
import { get, post } from './api.js';
import { el, select } from './board_dom.js';
import { createPanel } from './board_panel.js';
import { createMoveList } from './board_moves.js';
import { tictactoe } from './tictactoe.js';
import { connect4 } from './connect4.js';
import { flags } from './flags.js';

const GAMES = { tictactoe, connect4, flags };

function controls(game, view) {
  const seat = select('seat', [['0', `${game.seats[0]} (first)`], ['1', `${game.seats[1]} (second)`],
    ['-1', 'nobody: watch']]);
  return el('div', { class: 'controls' },
    el('label', {}, 'Bot ', select('bot', game.bots)),
    el('label', {}, 'or ', el('input', { id: 'bot-spec', size: 16, placeholder: 'e.g. alphabeta:8' })),
    el('label', {}, 'You play ', seat),
    el('button', { id: 'new', type: 'button', text: 'New game' }),
    el('button', { id: 'undo', type: 'button', text: 'Undo', title: 'back to your previous move' }),
    el('span', { id: 'watch-controls', hidden: true },
      el('button', { id: 'play', type: 'button', text: 'Play' }),
      el('button', { id: 'pause', type: 'button', text: 'Pause' }),
      el('button', { id: 'step', type: 'button', text: 'Step' })),
    view.controls || null);
}

function mapControls() {
  return el('div', { class: 'controls' },
    el('label', {}, 'Map ', el('select', { id: 'map' })),
    el('details', {}, el('summary', { text: 'or paste a map (docs/flags.md)' }),
      el('textarea', { id: 'map-text', rows: 10, cols: 40 }),
      el('button', { id: 'use-map', type: 'button', text: 'Use this map' })));
}

// Tic-tac-toe: every finished `tictactoe learn` run under --runs joins the bots as agent:RUN.
async function addAgents(main, menu) {
  let runs = [];
  try {
    runs = (await get('/api/runs')).runs;
  } catch (e) {
    return;  // a server without --runs: no learned agents
  }
  const agents = runs.filter((r) => r.command === 'tictactoe learn' && r.complete);
  for (const r of agents) menu.append(el('option', { text: `agent:${r.path}` }));
  main.dataset.agents = String(agents.length);
}

// Capture the flag: the shipped maps in `menu`; `use(text)` starts a game on a map (chosen, or
// pasted into `box` and confirmed by `button`).
async function addMaps(menu, box, button, use) {
  const { maps } = await get('/api/flags/maps');
  if (!maps.length) throw new Error('the server has no shipped maps: paste one');
  menu.append(...maps.map((m) => el('option', { value: m.text, text: m.name })));
  box.value = menu.value;
  menu.onchange = () => {
    box.value = menu.value;
    use(menu.value);
  };
  button.onclick = () => use(box.value);
  use(menu.value);
}

export function render(main, name) {
  const game = GAMES[name];
  const $ = (id) => main.querySelector('#' + id);
  let line = [];      // the game's moves (names the server reads)
  let labels = [];    // the same, as people read them
  let at = 0;         // how many of them the board shows
  let state = null;   // the server's answer for that position
  let busy = false;
  let playing = false;
  let alive = true;
  let epoch = 0;      // a new game, undo or step starts an epoch: older answers are dropped
  let mapText = '';

  const page = {
    main,
    seats: game.seats,
    moves: () => line.slice(0, at),
    seatToMove: () => game.seats[state.to_move],
    terminal: () => !state || state.terminal,
    setError: (text) => { $('error').textContent = text; },
  };
  const view = game.create(page);
  const panel = createPanel(game.seats, game.scale);
  const moveList = createMoveList(game.format, {
    go: (i) => goTo(i),
    playHere: () => playHere(),
    load: (text) => loadText(text),
  });
  main.replaceChildren(...[
    el('h1', { text: game.title }),
    controls(game, view),
    name === 'flags' ? mapControls() : null,
    el('div', { class: `row board-row ${name}-row` },
      el('div', { class: 'board-box' }, view.above || null, view.board,
        el('div', { class: 'status', id: 'status', role: 'status' }),
        el('div', { class: 'error', id: 'error', role: 'alert' })),
      view.beside || null,
      el('div', { class: 'side' }, panel.element, el('div', { class: 'panel' }, moveList.element))),
  ].filter(Boolean));

  const bot = () => $('bot-spec').value.trim() || $('bot').value;
  const human = () => Number($('seat').value);
  const extra = () => (name === 'flags' ? { map: mapText } : {});
  const setState = (s) => { main.dataset.state = s; };
  const reviewing = () => at < line.length;
  const myTurn = () => state && !state.terminal && human() === state.to_move;

  function statusText() {
    const seat = game.seats[state.to_move];
    if (state.terminal) return state.winner < 0 ? 'Draw.' : `${game.seats[state.winner]} wins.`;
    if (reviewing()) {
      return `After move ${at} of ${line.length}: ${seat} to move. `
        + (myTurn() ? 'Play a move to go on from here, or press Play from here.' : 'Press Play from here to go on.');
    }
    if (myTurn()) return `Your move (${seat}).`;
    if (human() === -1) return `${seat} (${bot()}) to move: Play or Step.`;
    return `${seat} (${bot()}) is thinking…`;
  }

  function draw() {
    const last = at > 0 ? line[at - 1] : null;
    view.draw(state, {
      canMove: myTurn() && !busy,
      play: (move) => humanMove(move),
      lastMove: last,
      lastSide: at > 0 ? (at - 1) % 2 : -1,
    });
    $('status').textContent = statusText();
    $('watch-controls').hidden = human() !== -1;
    moveList.update(labels, line, at);
    main.dataset.moves = String(at);
    main.dataset.line = String(line.length);
    if (state.terminal) main.dataset.winner = String(state.winner);
    else delete main.dataset.winner;
  }

  function settle() {
    setState(state.terminal ? 'over' : myTurn() ? 'your-move' : 'paused');
    draw();
  }

  // The position after `moves`: shown, and (`keep` false) the game's line from now on.
  async function load(moves, my, keep) {
    const s = await post(`/api/${name}/state`, { ...extra(), moves });
    if (my !== epoch || !alive) return false;
    if (!keep) {
      line = s.moves;
      labels = s.labels;
    }
    show(s);
    return true;
  }

  function show(s) {
    if (view.positionChanged) view.positionChanged();
    state = s;
    at = s.moves.length;
    draw();
  }

  function failed(e, my) {
    if (my !== undefined && my !== epoch) return;
    $('error').textContent = e.message;
    if (!state) {
      // Nothing valid to show: no board, no status from before the error.
      if (view.clear) view.clear(); else view.board.replaceChildren();
      line = [];
      labels = [];
      at = 0;
      moveList.update([], [], 0);
      $('status').textContent = '';
      setState('error');
    } else {
      $('status').textContent = `${statusText()} (stopped: ${e.message})`;
      setState(state.terminal ? 'over' : 'error');
    }
  }

  async function botMove(my) {
    busy = true;
    setState('thinking');
    draw();
    try {
      const s = await post(`/api/${name}/move`, { ...extra(), moves: line.slice(0, at), bot: bot(), seed: at + 1 });
      if (!alive || my !== epoch) return;
      line = s.moves;
      labels = s.labels;
      panel.show(s.played);
      show(s);
    } finally {
      busy = false;
    }
  }

  async function advance(my = epoch) {
    $('error').textContent = '';
    try {
      while (alive && my === epoch && !state.terminal && !reviewing() && human() !== state.to_move) {
        if (human() === -1 && !playing) break;
        await botMove(my);
      }
    } catch (e) {
      failed(e, my);
      return;
    }
    if (alive && my === epoch) settle();
  }

  async function humanMove(move) {
    if (busy || !myTurn()) return;
    $('error').textContent = '';
    busy = true;
    const my = ++epoch;
    try {
      await load([...line.slice(0, at), move], my, false);
    } catch (e) {
      failed(e, my);
      return;
    } finally {
      busy = false;
    }
    await advance(my);
  }

  async function goTo(i) {
    if (busy || i === at || i > line.length) return;
    const my = ++epoch;
    try {
      if (await load(line.slice(0, i), my, true)) settle();
    } catch (e) {
      failed(e, my);
    }
  }

  function playHere() {
    if (busy) return;
    line = line.slice(0, at);
    labels = labels.slice(0, at);
    advance(++epoch);
  }

  async function loadText(text) {
    if (busy) return;
    $('error').textContent = '';
    const my = ++epoch;
    try {
      if (!(await load(game.format.read(text), my, false))) return;
    } catch (e) {
      failed(e, my);
      return;
    }
    await advance(my);
  }

  async function restart() {
    const my = ++epoch;
    busy = false;
    playing = false;
    state = null;
    panel.reset();
    $('error').textContent = '';
    setState('loading');
    try {
      if (await load([], my, false)) await advance(my);
    } catch (e) {
      failed(e, my);
    }
  }

  async function undo() {
    if (busy || !at) return;
    // Back to the person's previous turn (or one move when watching).
    let n = at - 1;
    if (human() !== -1) {
      while (n > 0 && n % 2 !== human()) --n;
      if (n % 2 !== human()) return;
    }
    const my = ++epoch;
    panel.reset();
    try {
      if (await load(line.slice(0, n), my, false)) settle();
    } catch (e) {
      failed(e, my);
    }
  }

  async function step() {
    if (busy || !state || state.terminal) return;
    if (reviewing()) playHere();
    const my = epoch;
    try {
      await botMove(my);
    } catch (e) {
      failed(e, my);
      return;
    }
    if (my === epoch) settle();
  }

  $('new').onclick = restart;
  $('seat').onchange = restart;
  $('undo').onclick = undo;
  $('play').onclick = () => {
    playing = true;
    if (!busy) {
      if (reviewing()) playHere(); else advance(epoch);
    }
  };
  $('pause').onclick = () => { playing = false; };
  $('step').onclick = step;
  const keys = (e) => moveList.keydown(e);
  document.addEventListener('keydown', keys);

  async function start() {
    if (name === 'tictactoe') await addAgents(main, $('bot'));
    if (name !== 'flags') return restart();
    return addMaps($('map'), $('map-text'), $('use-map'), (text) => {
      mapText = text;
      restart();
    });
  }
  start().catch((e) => failed(e));
  return () => {
    alive = false;
    playing = false;
    epoch += 1;
    document.removeEventListener('keydown', keys);
    if (view.stop) view.stop();
  };
}
