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

// One board page: the game's line of moves, the position shown, the bot's turns.
class BoardPage {
  constructor(main, name) {
    this.main = main;
    this.name = name;
    this.game = GAMES[name];
    this.line = [];      // the game's moves (names the server reads)
    this.labels = [];    // the same, as people read them
    this.at = 0;         // how many of them the board shows
    this.state = null;   // the server's answer for that position
    this.busy = false;
    this.playing = false;
    this.alive = true;
    this.epoch = 0;      // a new game, a move, undo or a step starts an epoch: older answers are dropped
    this.mapText = '';
    this.view = this.game.create({
      main,
      seats: this.game.seats,
      moves: () => this.line.slice(0, this.at),
      seatToMove: () => this.game.seats[this.state.to_move],
      terminal: () => !this.state || this.state.terminal,
      setError: (text) => { this.$('error').textContent = text; },
    });
    this.panel = createPanel(this.game.seats, this.game.scale);
    this.moveList = createMoveList(this.game.format, {
      go: (i) => this.goTo(i),
      playHere: () => this.playHere(),
      load: (text) => this.loadText(text),
    });
    this.build();
    this.wire();
  }

  $(id) {
    return this.main.querySelector('#' + id);
  }

  build() {
    const { game, view } = this;
    this.main.replaceChildren(...[
      el('h1', { text: game.title }),
      controls(game, view),
      this.name === 'flags' ? mapControls() : null,
      el('div', { class: `row board-row ${this.name}-row` },
        el('div', { class: 'board-box' }, view.above || null, view.board,
          el('div', { class: 'status', id: 'status', role: 'status' }),
          el('div', { class: 'error', id: 'error', role: 'alert' })),
        view.beside || null,
        el('div', { class: 'side' }, this.panel.element, el('div', { class: 'panel' }, this.moveList.element))),
    ].filter(Boolean));
  }

  wire() {
    this.$('new').onclick = () => this.restart();
    this.$('seat').onchange = () => this.restart();
    this.$('undo').onclick = () => this.undo();
    this.$('play').onclick = () => {
      this.playing = true;
      if (this.busy) return;
      if (this.reviewing()) this.playHere(); else this.advance(this.epoch);
    };
    this.$('pause').onclick = () => { this.playing = false; };
    this.$('step').onclick = () => this.step();
    this.keys = (e) => this.moveList.keydown(e);
    document.addEventListener('keydown', this.keys);
  }

  bot() { return this.$('bot-spec').value.trim() || this.$('bot').value; }
  human() { return Number(this.$('seat').value); }
  extra() { return this.name === 'flags' ? { map: this.mapText } : {}; }
  setState(s) { this.main.dataset.state = s; }
  reviewing() { return this.at < this.line.length; }
  myTurn() { return Boolean(this.state) && !this.state.terminal && this.human() === this.state.to_move; }
  setError(text) { this.$('error').textContent = text; }

  statusText() {
    const { state, game } = this;
    const seat = game.seats[state.to_move];
    if (state.terminal) return state.winner < 0 ? 'Draw.' : `${game.seats[state.winner]} wins.`;
    if (this.reviewing()) {
      return `After move ${this.at} of ${this.line.length}: ${seat} to move. `
        + (this.myTurn() ? 'Play a move to go on from here, or press Play from here.' : 'Press Play from here to go on.');
    }
    if (this.myTurn()) return `Your move (${seat}).`;
    if (this.human() === -1) return `${seat} (${this.bot()}) to move: Play or Step.`;
    return `${seat} (${this.bot()}) is thinking…`;
  }

  draw() {
    const { at, line, state } = this;
    this.view.draw(state, {
      canMove: this.myTurn() && !this.busy,
      play: (move) => this.humanMove(move),
      lastMove: at > 0 ? line[at - 1] : null,
      lastSide: at > 0 ? (at - 1) % 2 : -1,
    });
    this.$('status').textContent = this.statusText();
    this.$('watch-controls').hidden = this.human() !== -1;
    this.moveList.update(this.labels, line, at);
    this.main.dataset.moves = String(at);
    this.main.dataset.line = String(line.length);
    if (state.terminal) this.main.dataset.winner = String(state.winner);
    else delete this.main.dataset.winner;
  }

  settle() {
    this.setState(this.state.terminal ? 'over' : this.myTurn() ? 'your-move' : 'paused');
    this.draw();
  }

  // The position after `moves`: shown, and (`keep` false) the game's line from now on.
  async load(moves, my, keep) {
    const s = await post(`/api/${this.name}/state`, { ...this.extra(), moves });
    if (my !== this.epoch || !this.alive) return false;
    if (!keep) {
      this.line = s.moves;
      this.labels = s.labels;
    }
    this.show(s);
    return true;
  }

  show(s) {
    if (this.view.positionChanged) this.view.positionChanged();
    this.state = s;
    this.at = s.moves.length;
    this.draw();
  }

  failed(e, my) {
    if (my !== undefined && my !== this.epoch) return;
    this.setError(e.message);
    if (this.state) {
      this.$('status').textContent = `${this.statusText()} (stopped: ${e.message})`;
      this.setState(this.state.terminal ? 'over' : 'error');
      return;
    }
    // Nothing valid to show: no board, moves or status from before the error.
    if (this.view.clear) this.view.clear(); else this.view.board.replaceChildren();
    this.line = [];
    this.labels = [];
    this.at = 0;
    this.moveList.update([], [], 0);
    this.$('status').textContent = '';
    this.setState('error');
  }

  async botMove(my) {
    this.busy = true;
    this.setState('thinking');
    this.draw();
    try {
      const s = await post(`/api/${this.name}/move`,
        { ...this.extra(), moves: this.line.slice(0, this.at), bot: this.bot(), seed: this.at + 1 });
      if (!this.alive || my !== this.epoch) return;
      this.line = s.moves;
      this.labels = s.labels;
      this.panel.show(s.played);
      this.show(s);
    } finally {
      this.busy = false;
    }
  }

  // The bot moves while it is its turn (and, watching, while playing).
  async advance(my = this.epoch) {
    this.setError('');
    try {
      while (this.alive && my === this.epoch && !this.state.terminal && !this.reviewing()
             && this.human() !== this.state.to_move) {
        if (this.human() === -1 && !this.playing) break;
        await this.botMove(my);
      }
    } catch (e) {
      this.failed(e, my);
      return;
    }
    if (this.alive && my === this.epoch) this.settle();
  }

  async humanMove(move) {
    if (this.busy || !this.myTurn()) return;
    this.setError('');
    this.busy = true;
    const my = ++this.epoch;
    try {
      await this.load([...this.line.slice(0, this.at), move], my, false);
    } catch (e) {
      this.failed(e, my);
      return;
    } finally {
      this.busy = false;
    }
    await this.advance(my);
  }

  async goTo(i) {
    if (this.busy || i === this.at || i > this.line.length) return;
    const my = ++this.epoch;
    try {
      if (await this.load(this.line.slice(0, i), my, true)) this.settle();
    } catch (e) {
      this.failed(e, my);
    }
  }

  playHere() {
    if (this.busy) return;
    this.line = this.line.slice(0, this.at);
    this.labels = this.labels.slice(0, this.at);
    this.advance(++this.epoch);
  }

  async loadText(text) {
    if (this.busy) return;
    this.setError('');
    const my = ++this.epoch;
    try {
      if (!(await this.load(this.game.format.read(text), my, false))) return;
    } catch (e) {
      this.failed(e, my);
      return;
    }
    await this.advance(my);
  }

  async restart() {
    const my = ++this.epoch;
    this.busy = false;
    this.playing = false;
    this.state = null;
    this.panel.reset();
    this.setError('');
    this.setState('loading');
    try {
      if (await this.load([], my, false)) await this.advance(my);
    } catch (e) {
      this.failed(e, my);
    }
  }

  // Back to the person's previous turn (or one move when watching).
  async undo() {
    if (this.busy || !this.at) return;
    const human = this.human();
    let n = this.at - 1;
    if (human !== -1) {
      while (n > 0 && n % 2 !== human) --n;
      if (n % 2 !== human) return;
    }
    const my = ++this.epoch;
    this.panel.reset();
    try {
      if (await this.load(this.line.slice(0, n), my, false)) this.settle();
    } catch (e) {
      this.failed(e, my);
    }
  }

  async step() {
    if (this.busy || !this.state || this.state.terminal) return;
    if (this.reviewing()) {
      this.line = this.line.slice(0, this.at);
      this.labels = this.labels.slice(0, this.at);
    }
    const my = ++this.epoch;
    try {
      await this.botMove(my);
    } catch (e) {
      this.failed(e, my);
      return;
    }
    if (my === this.epoch) this.settle();
  }

  async start() {
    try {
      if (this.name === 'tictactoe') await addAgents(this.main, this.$('bot'));
      if (this.name !== 'flags') return this.restart();
      return await addMaps(this.$('map'), this.$('map-text'), this.$('use-map'), (text) => {
        this.mapText = text;
        this.restart();
      });
    } catch (e) {
      return this.failed(e);
    }
  }

  stop() {
    this.alive = false;
    this.playing = false;
    this.epoch += 1;
    document.removeEventListener('keydown', this.keys);
    if (this.view.stop) this.view.stop();
  }
}

export function render(main, name) {
  const page = new BoardPage(main, name);
  page.start();
  return () => page.stop();
}
