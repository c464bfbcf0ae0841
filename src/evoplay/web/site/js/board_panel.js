// The board pages' panel of the bot's last move: the move, its score for the side that moved in
// words ("win in 3", "draw", an estimate) with a note when it is not proven, an evaluation bar
// (the first player's share), the depth, nodes, principal line and time when they mean something.
import { el } from './board_dom.js';

const ROWS = [['bot', 'bot'], ['move', 'move'], ['score', 'score'], ['depth', 'depth'],
  ['nodes', 'nodes'], ['line', 'line'], ['time', 'time']];

// The first player's share of the bar (0 to 1) from a score of `side`; null: no evaluation.
export function firstShare(score, side, scale) {
  let share;
  if (score.outcome === 'win') share = 1;
  else if (score.outcome === 'loss') share = 0;
  else if (score.outcome === 'draw') share = 0.5;
  else if (score.outcome === 'estimate') share = 0.5 + 0.5 * Math.tanh(score.value / scale);
  else return null;
  return side === 0 ? share : 1 - share;
}

function timeText(seconds) {
  const ms = 1000 * seconds;
  if (ms < 0.5) return null;  // nothing worth timing
  return ms < 10 ? `${ms.toFixed(1)} ms` : `${Math.round(ms)} ms`;
}

function evalBar(seats) {
  const first = el('div', { class: 'eval-first' });
  const bar = el('div', { class: 'eval-bar', id: 'eval-bar', title: 'the bot\'s evaluation' }, first);
  const caption = el('div', { class: 'eval-caption' }, el('span', { text: seats[0] }),
    el('span', { text: seats[1] }));
  const box = el('div', { class: 'eval', hidden: true }, bar, caption);
  return {
    box,
    set(share) {
      box.hidden = share === null;
      if (share === null) return;
      first.style.width = `${(100 * share).toFixed(1)}%`;
      bar.dataset.share = share.toFixed(3);
    },
  };
}

// The panel: {element, show(played), reset()}; `scale` turns an estimate into the bar's share.
export function createPanel(seats, scale) {
  const cells = {};
  const rows = {};
  const list = el('dl', { class: 'info' });
  for (const [key, title] of ROWS) {
    cells[key] = el('dd', { id: `i-${key === 'score' ? 'value' : key === 'line' ? 'pv' : key}`, text: '-' });
    rows[key] = [el('dt', { text: title }), cells[key]];
    list.append(...rows[key]);
  }
  const note = el('p', { class: 'note', id: 'i-note', hidden: true });
  const bar = evalBar(seats);
  const element = el('div', { class: 'panel bot-panel' }, el('b', { text: 'The bot\'s last move' }),
    list, note, bar.box);
  const setRow = (key, text) => {
    cells[key].textContent = text === null ? '' : text;
    for (const node of rows[key]) node.hidden = text === null;
  };
  return {
    element,
    show(p) {
      const exact = p.score.outcome === 'none' ? '' : p.score.exact ? ' (proven)' : ' (estimate)';
      setRow('bot', p.bot);
      setRow('move', p.label);
      setRow('score', `${seats[p.side]}: ${p.score.text}${exact}`);
      setRow('depth', p.depth > 0 ? `${p.depth} ${p.depth === 1 ? 'ply' : 'plies'}` : null);
      setRow('nodes', p.nodes > 0 ? p.nodes.toLocaleString('en') : null);
      setRow('line', p.pv_labels && p.pv_labels.length ? p.pv_labels.join(', ') : null);
      setRow('time', timeText(p.seconds));
      note.hidden = !p.score.note;
      note.textContent = p.score.note || '';
      element.dataset.exact = String(Boolean(p.score.exact));
      bar.set(firstShare(p.score, p.side, p.bot.startsWith('mcts') ? 500 : scale));
    },
    reset() {
      for (const [key] of ROWS) setRow(key, '-');
      note.hidden = true;
      delete element.dataset.exact;
      bar.set(null);
    },
  };
}
