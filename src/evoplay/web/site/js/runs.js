// Runs: the run folders under the server's --runs (nested ones too), newest first, each with its
// state; one run's settings, result, pictures and fitness curve, which grows with history.csv
// while the run is running.
import { get } from './api.js';
import { Chart, parseCsv } from './chart.js';

const LIVE_MS = 1000;  // how often a running run (or a list with one) is read again
const LIST_MS = 5000;  // how often a list without one is read again (new runs appear)

function el(tag, attrs = {}, text = '') {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text) e.textContent = text;
  return e;
}

const encodePath = (path) => path.split('/').map(encodeURIComponent).join('/');
const fileUrl = (path, name) => `/runs/${encodePath(path)}/${encodePath(name)}`;
const when = (ms) => (ms > 0 ? new Date(ms).toLocaleString() : '');

export function render(main, path) {
  if (path.length && path[0]) return renderRun(main, path.join('/'));
  return renderList(main);
}

// ---- the list ----

function runRow(run) {
  const tr = el('tr', { class: `run ${run.status}` });
  tr.dataset.path = run.path;
  tr.dataset.status = run.status;
  const name = el('td');
  const depth = run.path.split('/').length - 1;
  name.style.paddingLeft = `${10 + 16 * depth}px`;
  name.appendChild(el('a', { href: `#/runs/${encodePath(run.path)}` }, run.path));
  tr.append(name, el('td', {}, run.command || ''), el('td', { class: 'status' }, run.status),
    el('td', {}, when(run.modified)));
  tr.onclick = (e) => {
    if (e.target.tagName !== 'A') location.hash = `#/runs/${encodePath(run.path)}`;
  };
  return tr;
}

function listSkeleton(main) {
  const table = el('table', { class: 'list' });
  const head = el('tr');
  for (const t of ['run', 'command', 'status', 'modified']) head.appendChild(el('th', {}, t));
  table.append(el('thead'), el('tbody', { id: 'list' }));
  table.firstChild.appendChild(head);
  main.replaceChildren(el('h1', {}, 'Runs'), el('div', { class: 'error', id: 'error' }), table);
}

// Calls `step` now and again after the delay it returns (ms; null: no more) until the page is
// left; an error stops it and is shown. Returns the page's stop function.
function poll(main, step) {
  let timer = null;
  let left = false;
  async function again() {
    try {
      const delay = await step();
      if (!left && delay != null) timer = setTimeout(again, delay);
    } catch (e) {
      main.querySelector('#error').textContent = e.message;
      main.dataset.state = 'error';
    }
  }
  again();
  return () => {
    left = true;
    clearTimeout(timer);
  };
}

function renderList(main) {
  listSkeleton(main);
  return poll(main, async () => {
    const { runs } = await get('/api/runs');
    main.querySelector('#list').replaceChildren(...runs.map(runRow));
    main.dataset.runs = String(runs.length);
    main.dataset.running = String(runs.filter((r) => r.status === 'running').length);
    main.dataset.state = 'ready';
    return runs.some((r) => r.status === 'running') ? LIVE_MS : LIST_MS;
  });
}

// ---- one run ----

function runSkeleton(main, path) {
  const chartBox = el('div', { id: 'chart' });
  const curve = el('div', {});
  curve.append(el('h3', { id: 'curve-title' }, 'Fitness'), chartBox, el('p', { id: 'curve-info' }));
  const result = el('div', { class: 'panel' });
  result.append(el('h3', {}, 'Result'), el('pre', { id: 'result' }));
  const row = el('div', { class: 'row' });
  row.append(curve, result);
  const back = el('p');
  back.append(el('a', { href: '#/runs' }, 'all runs'), ' · ', el('span', { id: 'status' }));
  main.replaceChildren(el('h1', {}, path), back, el('div', { class: 'error', id: 'error' }), row,
    el('h3', {}, 'Pictures'), el('div', { id: 'pictures' }),
    el('h3', {}, 'Settings'), el('pre', { id: 'config' }),
    el('h3', {}, 'Files'), el('ul', { id: 'files' }));
  return new Chart(chartBox, 480, 260, { x: 'generation', y: 'fitness' });
}

const isPicture = (name) => /\.(png|gif|svg)$/i.test(name);

// Every picture of the run, each a link to the file itself.
function showPictures(main, path, files, running) {
  const box = main.querySelector('#pictures');
  const shown = files.filter(isPicture).map((f) => {
    const figure = el('figure', { class: 'artefact' });
    const link = el('a', { href: fileUrl(path, f), target: '_blank' });
    link.appendChild(el('img', { class: 'artefact', src: fileUrl(path, f), alt: f }));
    figure.append(link, el('figcaption', {}, f));
    return figure;
  });
  const none = running ? 'none yet' : 'none';
  box.replaceChildren(...(shown.length ? shown : [el('p', {}, none)]));
  main.dataset.pictures = String(shown.length);
}

function showFiles(main, path, files) {
  main.querySelector('#files').replaceChildren(...files.map((f) => {
    const li = el('li');
    li.appendChild(el('a', { href: fileUrl(path, f), target: '_blank' }, f));
    return li;
  }));
}

// history.csv read as it grows: after the first read, only the bytes after the last complete line
// are asked for (an HTTP Range), and only the new lines parsed. A file that shrank (replaced by a
// new run) is read whole again, as it is when asked for `whole` (the run's end: the command wrote
// its final history). The file is ASCII: a character is a byte.
class GrowingCsv {
  constructor(url) {
    this.url = url;
    this.reset();
  }
  reset() {
    this.bytes = 0;
    this.columns = [];
    this.rows = [];
  }
  // The complete lines of `text` (from this.bytes on) added to the rows.
  take(text) {
    const end = text.lastIndexOf('\n');
    if (end < 0) return;
    this.bytes += end + 1;
    const header = this.columns.length ? `${this.columns.join(',')}\n` : '';
    const { columns, rows } = parseCsv(header + text.slice(0, end + 1));
    this.columns = columns;
    for (const row of rows) this.rows.push(row);
  }
  // The range asked for starts at the last byte already read (the newline ending the last
  // line): it is there while the file has not shrunk, so a file without new lines is an empty
  // answer, not a 416 (which a browser logs as an error).
  async read(whole = false) {
    if (whole) this.reset();
    const headers = this.bytes ? { Range: `bytes=${this.bytes - 1}-` } : {};
    const r = await fetch(this.url, { cache: 'no-store', headers });
    if (r.status === 416) {  // shorter than what was read: another file now
      await this.read(true);
      return;
    }
    if (!r.ok) return;
    const text = await r.text();
    if (r.status === 200) {
      this.reset();
      this.take(text);
    } else if (text[0] !== '\n') {  // not the line end read before: another file now
      await this.read(true);
    } else {
      this.take(text.slice(1));
    }
  }
}

// A series of games (the play commands: a row per game): each seat's share of the games so
// far won, and the draws', against the game.
function drawShares(main, chart, columns, rows) {
  const game = columns.indexOf('game');
  const winner = columns.indexOf('winner');
  const counts = [0, 0, 0];  // first seat, second seat, draws
  const curves = [[], [], []];
  rows.forEach((row, k) => {
    counts[row[winner] === 0 ? 0 : row[winner] === 1 ? 1 : 2] += 1;
    curves.forEach((curve, i) => curve.push([row[game], counts[i] / (k + 1)]));
  });
  chart.xTitle = 'game';
  chart.yTitle = 'share of the games so far';
  ['first seat wins', 'second seat wins', 'draws'].forEach((name, i) => chart.set(name, curves[i]));
  main.querySelector('#curve-title').textContent = 'Games';
  main.querySelector('#curve-info').textContent =
    `${rows.length} game${rows.length === 1 ? '' : 's'} recorded`;
}

// The curve from history.csv as it is now (complete lines only).
async function drawCurve(main, history, chart, whole) {
  await history.read(whole);
  const { columns, rows } = history;
  const x = columns.indexOf('generation');
  if (columns.includes('game') && columns.includes('winner')) {
    drawShares(main, chart, columns, rows);
  } else if (x >= 0) {
    for (const name of ['best', 'mean']) {
      const y = columns.indexOf(name);
      if (y >= 0) chart.set(name, rows.map((row) => [row[x], row[y]]));
    }
    main.querySelector('#curve-info').textContent =
      `${rows.length} generation${rows.length === 1 ? '' : 's'} recorded`;
  } else {
    return;
  }
  chart.draw();
  main.dataset.generations = String(rows.length);
}

// A result as a reader takes it in: JSON indented by objects, a list of numbers or words on one
// line, a long one cut after its first items with how many there are (the whole file is under
// Files).
const LIST_SHOWN = 16;
function readableJson(value, indent = '') {
  const scalar = (v) => v === null || typeof v !== 'object';
  if (scalar(value)) return JSON.stringify(value);
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (!value.length) return '[]';
    if (value.every(scalar)) {
      const shown = value.slice(0, LIST_SHOWN).map((v) => JSON.stringify(v)).join(', ');
      return value.length > LIST_SHOWN ? `[${shown}, … ${value.length} in all]` : `[${shown}]`;
    }
    return `[\n${value.map((v) => inner + readableJson(v, inner)).join(',\n')}\n${indent}]`;
  }
  const keys = Object.keys(value);
  if (!keys.length) return '{}';
  return `{\n${keys.map((k) => `${inner}${JSON.stringify(k)}: ${readableJson(value[k], inner)}`)
    .join(',\n')}\n${indent}}`;
}

function showRun(main, run, shownFiles) {
  main.querySelector('#status').textContent =
    `${run.status}${run.modified ? `, last change ${when(run.modified)}` : ''}`;
  main.querySelector('#result').textContent = run.result
    ? readableJson(run.result)
    : run.status === 'running' ? 'running: no result.json yet' : 'stopped without result.json';
  main.querySelector('#config').textContent = readableJson(run.config);
  const files = `${run.status}\n${run.files.join('\n')}`;
  if (files !== shownFiles) {
    showPictures(main, run.path, run.files, run.status === 'running');
    showFiles(main, run.path, run.files);
  }
  return files;
}

function renderRun(main, path) {
  const chart = runSkeleton(main, path);
  main.dataset.generations = '0';
  let shownFiles = null;
  const history = new GrowingCsv(fileUrl(path, 'history.csv'));
  return poll(main, async () => {
    const run = await get(`/api/run/${encodePath(path)}`);
    shownFiles = showRun(main, run, shownFiles);
    if (run.files.includes('history.csv')) {
      await drawCurve(main, history, chart, run.status !== 'running');
    }
    main.dataset.status = run.status;
    main.dataset.state = run.status;
    return run.status === 'running' ? LIVE_MS : null;
  });
}
