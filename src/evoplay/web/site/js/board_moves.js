// The board pages' move list: every move of the game, the one shown marked; first / back /
// forward / last to step through it (the keyboard's arrows too), "play from here" to go on from
// an earlier position, and the game as text to copy or to paste (Connect Four: "4453", the
// columns as the command line takes them).
import { el } from './board_dom.js';

function button(id, text, title, onclick) {
  return el('button', { id, type: 'button', title, onclick, text });
}

// {element, update(labels, at)}: `actions` has go(index), playHere(), load(text).
export function createMoveList(format, actions) {
  const list = el('ol', { class: 'move-list', id: 'move-list' });
  let labels = [];
  let at = 0;
  let names = [];
  const go = (i) => actions.go(Math.max(0, Math.min(labels.length, i)));
  const nav = el('div', { class: 'controls move-nav' },
    button('first', '|◀', 'the start', () => go(0)),
    button('back', '◀', 'one move back (←)', () => go(at - 1)),
    button('forward', '▶', 'one move forward (→)', () => go(at + 1)),
    button('last', '▶|', 'the last move', () => go(labels.length)),
    button('play-here', 'Play from here', 'drop the later moves and play on', () => actions.playHere()));
  const text = el('input', { id: 'game-text', size: 24, spellcheck: 'false',
    'aria-label': 'the game as text', placeholder: format.placeholder });
  const copy = button('copy', 'Copy', 'copy the game', async () => {
    text.value = format.write(names);
    text.select();
    try {
      await navigator.clipboard.writeText(text.value);
    } catch (e) {
      document.execCommand('copy');  // the selected text: pages served over plain http
    }
  });
  const load = button('paste', 'Load', 'play the moves typed or pasted here', () => actions.load(text.value));
  text.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') actions.load(text.value);
  });
  const element = el('div', { class: 'moves' }, el('b', { text: 'Moves' }), list, nav,
    el('div', { class: 'controls game-text' }, el('label', { text: format.title }, text), copy, load));
  return {
    element,
    keydown(e) {
      if (e.target.closest('input, textarea, select')) return;
      if (e.key === 'ArrowLeft') go(at - 1);
      else if (e.key === 'ArrowRight') go(at + 1);
    },
    update(newLabels, newNames, newAt) {
      labels = newLabels;
      names = newNames;
      at = newAt;
      list.replaceChildren(...labels.map((label, i) => el('li', {},
        el('button', { type: 'button', class: i === at - 1 ? 'current' : i >= at ? 'later' : '',
          dataset: { ply: String(i + 1) }, text: label, onclick: () => go(i + 1) }))));
      nav.querySelector('#play-here').hidden = at === labels.length;
      nav.querySelector('#back').disabled = at === 0;
      nav.querySelector('#first').disabled = at === 0;
      nav.querySelector('#forward').disabled = at === labels.length;
      nav.querySelector('#last').disabled = at === labels.length;
      if (document.activeElement !== text) text.value = format.write(names.slice(0, labels.length));
    },
  };
}
