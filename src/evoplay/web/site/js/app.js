// The playground's pages, one per hash (#/connect4, ...): each page module exports
// render(main) and returns a function that stops what it started (timers, jobs).
import * as boards from './boards.js';
import * as sudoku from './sudoku.js';
import * as runs from './runs.js';
import * as lemmings from './lemmings.js';
import * as birds from './birds.js';
import { element } from './dom.js';

const pages = {
  '': home,
  tictactoe: (main) => boards.render(main, 'tictactoe'),
  connect4: (main) => boards.render(main, 'connect4'),
  flags: (main) => boards.render(main, 'flags'),
  sudoku: sudoku.render,
  lemmings: lemmings.render,
  birds: birds.render,
  runs: runs.render,
};

// The home page's cards: the page's hash, its name, what it offers.
const CARDS = [
  ['tictactoe', 'Tic-tac-toe', 'against a perfect player, alpha-beta, MCTS or a learned agent'],
  ['connect4', 'Connect Four', 'against alpha-beta or the exact solver; exact column scores'],
  ['flags', 'Capture the flag', "a team against the course work's alpha-beta bot, or bots against each other"],
  ['sudoku', 'Sudoku', 'solve exactly, or watch the genetic algorithm'],
  ['lemmings', 'Lemmings', 'replay a plan step by step; give skills by clicking a lemming'],
  ['birds', 'Angry Birds', 'play a level with the slingshot; generate levels'],
  ['runs', 'Runs', 'run folders: settings, results, pictures, live curves'],
];

function card([hash, name, what]) {
  const a = element('a');
  a.href = `#/${hash}`;
  a.append(element('b', '', name), document.createElement('br'), what);
  return a;
}

function home(main) {
  const cards = element('div', 'cards');
  cards.append(...CARDS.map(card));
  main.append(element('h1', '', 'evoplay playground'),
    element('p', '', "Play the games against evoplay's bots and watch its solvers and optimisers at work."),
    cards);
  main.dataset.state = 'ready';
}

// The header's link of the page shown, marked for the eye and for screen readers.
function markCurrent(name) {
  for (const a of document.querySelectorAll('header nav a')) {
    if (a.getAttribute('href') === `#/${name}`) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  }
}

let stop = null;

function route() {
  if (stop) stop();
  stop = null;
  // A new <main> for each page: what a page left behind (an answer arriving after it was left)
  // lands in its own, detached, element.
  const main = document.createElement('main');
  main.id = 'page';
  document.getElementById('page').replaceWith(main);
  window.scrollTo(0, 0);  // a page opens at its top, not where the last one was scrolled to
  const [name, ...rest] = location.hash.replace(/^#\/?/, '').split('/');
  main.dataset.page = name || 'home';
  main.dataset.state = 'loading';
  markCurrent(name);
  const page = pages[name] || home;
  stop = page(main, rest.map(decodeURIComponent)) || null;
}

window.addEventListener('hashchange', route);
route();
