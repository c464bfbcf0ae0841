// The playground's pages, one per hash (#/connect4, ...): each page module exports
// render(main) and returns a function that stops what it started (timers, jobs).
import * as boards from './boards.js';
import * as sudoku from './sudoku.js';
import * as runs from './runs.js';
import * as lemmings from './lemmings.js';
import * as birds from './birds.js';

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

function home(main) {
  main.innerHTML = `<h1>evoplay playground</h1>
    <p>Play the games against evoplay's bots and watch its solvers and optimisers at work.</p>
    <div class="cards">
      <a href="#/tictactoe"><b>Tic-tac-toe</b><br>against a perfect player, alpha-beta, MCTS or a learned agent</a>
      <a href="#/connect4"><b>Connect Four</b><br>against alpha-beta or the exact solver; exact column scores</a>
      <a href="#/flags"><b>Capture the flag</b><br>a team against the course work's alpha-beta bot, or bots against each other</a>
      <a href="#/sudoku"><b>Sudoku</b><br>solve exactly, or watch the genetic algorithm</a>
      <a href="#/lemmings"><b>Lemmings</b><br>replay a plan step by step; give skills by clicking a lemming</a>
      <a href="#/birds"><b>Angry Birds</b><br>a level's physics animated, its verdict</a>
      <a href="#/runs"><b>Runs</b><br>run folders: settings, results, pictures, live curves</a>
    </div>`;
  main.dataset.state = 'ready';
}

let stop = null;

function route() {
  if (stop) stop();
  stop = null;
  const main = document.getElementById('page');
  const [name, ...rest] = location.hash.replace(/^#\/?/, '').split('/');
  main.innerHTML = '';
  main.dataset.page = name || 'home';
  main.dataset.state = 'loading';
  const page = pages[name] || home;
  stop = page(main, rest.map(decodeURIComponent)) || null;
}

window.addEventListener('hashchange', route);
route();
