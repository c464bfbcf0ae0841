// Capture the flag's board for the board page (boards.js), drawn as the command line's pictures
// are (docs/flags.md): sand floor, brown mud, dark walls, grey rock (rubble once dug), pennants in
// the teams' colours, units as discs with their name, facing wedge and energy bar. A unit of the
// side to move is chosen by a click; its legal moves light up (cells to enter, rock to dig,
// enemies to hit, its own cell to rest) and a click on one plays it. A legend, each team's tally
// and the evaluation's terms sit beside it. A game as text is its moves ("1n 1s 2dig").
import { el, svg } from './board_dom.js';

const C = 40;  // a cell's size in the drawing's units
const TEAMS = ['A', 'B'];
const TERRAIN = { '.': 'floor', '~': 'mud', '#': 'wall', '%': 'rock', ',': 'dug' };
const WEDGE = { n: [0, -1], e: [1, 0], s: [0, 1], w: [-1, 0] };

function terrainCell(kind, r, c) {
  const x = c * C;
  const y = r * C;
  const g = svg('g', { class: `t-${kind}` }, svg('rect', { x, y, width: C, height: C }));
  if (kind === 'mud') {
    for (const dy of [12, 26]) {
      g.append(svg('path', { class: 'ripple', d: `M${x + 6} ${y + dy} q6 -5 12 0 t12 0` }));
    }
  } else if (kind === 'rock') {
    g.append(svg('path', { class: 'crack', d: `M${x + 8} ${y + 10} l10 8 l-4 10 M${x + 24} ${y + 6} l4 12 l8 4` }));
  } else if (kind === 'dug') {
    for (const [dx, dy] of [[10, 12], [26, 18], [16, 28], [30, 32]]) {
      g.append(svg('circle', { class: 'rubble', cx: x + dx, cy: y + dy, r: 2.5 }));
    }
  } else if (kind === 'wall') {
    g.append(svg('rect', { class: 'wall-top', x, y, width: C, height: 6 }));
  }
  return g;
}

function pennant(flag) {
  const [r, c] = flag.cell;
  const x = c * C + 13;
  const y = r * C + 7;
  return svg('g', { class: `flag team-${TEAMS[flag.team]}` },
    svg('line', { class: 'pole', x1: x, y1: y, x2: x, y2: y + 27 }),
    svg('path', { class: 'pennant', d: `M${x} ${y} L${x + 18} ${y + 6} L${x} ${y + 12} Z` }));
}

function energyColour(share) {
  return share < 0.3 ? 'low' : share < 0.6 ? 'mid' : 'good';
}

function unit(p, maxEnergy, classes, onclick) {
  const [r, c] = p.cell;
  const cx = c * C + C / 2;
  const cy = r * C + C / 2 - 2;
  const [fx, fy] = WEDGE[p.facing];
  const tip = [cx + fx * 17, cy + fy * 17];
  const side = [fy * 6, -fx * 6];
  const base = [cx + fx * 11, cy + fy * 11];
  const share = Math.max(0, Math.min(1, p.energy / maxEnergy));
  return svg('g', {
    class: ['unit', `team-${TEAMS[p.team]}`, ...classes].join(' '),
    dataset: { unit: p.name },
    onclick,
  },
  svg('title', { text: `${p.name}: energy ${p.energy} of ${maxEnergy}, facing ${p.facing}` }),
  svg('path', { class: 'wedge', d: `M${tip[0]} ${tip[1]} L${base[0] + side[0]} ${base[1] + side[1]} L${base[0] - side[0]} ${base[1] - side[1]} Z` }),
  svg('circle', { class: 'disc', cx, cy, r: 12 }),
  svg('text', { x: cx, y: cy + 4, text: p.name }),
  svg('rect', { class: 'bar-back', x: c * C + 6, y: r * C + C - 7, width: C - 12, height: 4 }),
  svg('rect', { class: `bar ${energyColour(share)}`, x: c * C + 6, y: r * C + C - 7, width: (C - 12) * share, height: 4 }));
}

function targetsOf(moves, play) {
  const out = [];
  for (const m of moves) {
    for (const [r, c] of m.targets) {
      out.push(svg('rect', {
        class: `target ${m.action === 'attack' ? 'attack' : m.action === 'dig' ? 'dig' : m.action === 'rest' ? 'rest' : 'move'}`,
        x: c * C + 2, y: r * C + 2, width: C - 4, height: C - 4, rx: 6,
        dataset: { move: m.move },
        onclick: (e) => { e.stopPropagation(); play(m.move); },
      }, svg('title', { text: m.label })));
    }
  }
  return out;
}

const LEGEND = [['floor', 'floor (a step costs 1)'], ['mud', 'mud (costs 3)'], ['wall', 'wall'],
  ['rock', 'rock (dig: 5)'], ['dug', 'dug rock'], ['flag-A', 'team A\'s flag'], ['flag-B', 'team B\'s flag'],
  ['unit-A', 'team A\'s unit'], ['unit-B', 'team B\'s unit'], ['last', 'moved last'],
  ['move', 'move there'], ['attack', 'attack (10 damage)'], ['dig', 'dig'], ['rest', 'rest (+3)']];

function legend() {
  return el('div', { class: 'flags-legend', id: 'flags-legend' },
    el('b', { text: 'Legend' }),
    el('ul', {}, LEGEND.map(([key, text]) => el('li', {}, el('span', { class: `swatch ${key}` }), text))),
    el('p', { class: 'hint', text: 'A unit: its name, the wedge it faces (digging needs it), its energy bar.' }));
}

function teamsTable(board, seats) {
  const rows = board.teams.map((t, team) => el('tr', { class: `team-${TEAMS[team]}` },
    el('th', { text: TEAMS[team], title: seats[team] }),
    el('td', { text: `${t.captured} / ${t.enemy_flags}` }),
    el('td', { text: String(t.energy) }),
    el('td', { text: String(t.living) }),
    el('td', { text: String(Math.round(t.terms.flags + t.terms.distance + t.terms.energy)) })));
  return el('table', { class: 'flags-teams', id: 'flags-teams' },
    el('tr', {}, [['team', ''], ['flags taken of the enemy\'s', 'flags'], ['energy left', 'energy'],
      ['units alive', 'units'], ['the evaluation of the team (flags, distance, energy)', 'value']]
      .map(([title, h]) => el('th', { title, text: h }))),
    rows);
}

export const flags = {
  title: 'Capture the flag',
  bots: ['alphabeta:100ms', 'alphabeta:500ms', 'alphabeta:4', 'mcts:200ms', 'greedy', 'random'],
  seats: ['team A', 'team B'],
  scale: 4000,
  format: {
    title: 'Game (moves: unit and n, e, s, w, rest, attack or dig) ',
    placeholder: 'e.g. 1s 1n 1e',
    write: (names) => names.join(' '),
    read: (text) => text.split(/[\s,]+/).filter(Boolean),
  },
  create(page) {
    const drawing = svg('svg', { class: 'flags-svg', id: 'flags-board', role: 'img' });
    const actions = el('div', { class: 'controls unit-actions', id: 'unit-actions' });
    const side = el('div', { class: 'flags-side' });
    const board = el('div', { class: 'flags', id: 'board' }, drawing, actions);
    let state = null;
    let ctx = null;
    let selected = null;  // the chosen unit's number (side to move)

    function choose(number) {
      selected = selected === number ? null : number;
      paint();
    }

    function paint() {
      const b = state.cells;
      drawing.setAttribute('viewBox', `0 0 ${b.width * C} ${b.height * C}`);
      const width = `${Math.min(Math.max(b.width * 56, 360), 720)}px`;
      drawing.style.width = width;
      board.style.width = width;
      drawing.setAttribute('aria-label', `${b.name}: ${b.height} by ${b.width} cells`);
      const layers = [];
      b.terrain.forEach((row, r) => [...row].forEach((ch, c) => layers.push(terrainCell(TERRAIN[ch], r, c))));
      for (const f of b.flags) if (!f.captured) layers.push(pennant(f));
      const lastNumber = ctx.lastMove ? parseInt(ctx.lastMove, 10) : 0;
      const mine = selected ? b.units.filter((m) => m.player === selected) : [];
      for (const p of b.players) {
        if (!p.alive) continue;
        const movable = ctx.canMove && p.team === state.to_move && b.units.some((m) => m.player === p.number);
        const classes = [];
        if (movable) classes.push('movable');
        if (movable && p.number === selected) classes.push('selected');
        if (p.team === ctx.lastSide && p.number === lastNumber) classes.push('last');
        layers.push(unit(p, b.energy, classes, movable ? () => choose(p.number) : undefined));
      }
      layers.push(...targetsOf(mine, ctx.play));
      drawing.replaceChildren(...layers);
      actions.replaceChildren();
      if (ctx.canMove) {
        actions.append(mine.length
          ? el('span', { class: 'hint', text: 'or: ' })
          : el('span', { class: 'hint', text: `Click a unit of ${page.seats[state.to_move]} to see its moves.` }));
        for (const m of mine) {
          actions.append(el('button', { type: 'button', dataset: { move: m.move }, text: m.label,
            onclick: () => ctx.play(m.move) }));
        }
      }
      side.replaceChildren(
        el('p', { class: 'ply', text: `${b.name}: ply ${b.ply} of ${b.turns}` }),
        teamsTable(b, page.seats),
        el('p', { class: 'hint', id: 'flags-eval', text: state.terminal
          ? 'The game is over: a team took every enemy flag, lost its last unit, or the plies ran out (then flags taken, then energy decide).'
          : `Evaluation of this position (the bots' function, team A's view): ${b.evaluation > 0 ? '+' : ''}${b.evaluation}` }),
        legend());
    }

    return {
      board,
      beside: side,
      draw(newState, newCtx) {
        if (!state || newState.moves.length !== state.moves.length || !newCtx.canMove) selected = null;
        state = newState;
        ctx = newCtx;
        paint();
      },
      clear() {
        state = null;
        selected = null;
        drawing.replaceChildren();
        actions.replaceChildren();
        side.replaceChildren();
      },
    };
  },
};
