// Runs: the run folders under the server's --runs; one run's settings, result, pictures and
// fitness curve, redrawn every two seconds from history.csv while the run has no result.
import { get } from './api.js';
import { Chart, parseCsv } from './chart.js';

export function render(main, path) {
  if (path.length && path[0]) return renderRun(main, path.join('/'));
  main.innerHTML = `<h1>Runs</h1><div class="error" id="error"></div>
    <table class="list"><thead><tr><th>run</th><th>command</th><th>state</th></tr></thead>
    <tbody id="list"></tbody></table>`;
  get('/api/runs').then((r) => {
    const body = main.querySelector('#list');
    for (const run of r.runs) {
      const tr = document.createElement('tr');
      tr.className = 'run';
      tr.dataset.path = run.path;
      tr.innerHTML = '<td></td><td></td><td></td>';
      tr.children[0].textContent = run.path;
      tr.children[1].textContent = run.command || '';
      tr.children[2].textContent = run.complete ? 'complete' : 'running (or stopped)';
      tr.onclick = () => (location.hash = '#/runs/' + run.path.split('/').map(encodeURIComponent).join('/'));
      body.appendChild(tr);
    }
    main.dataset.state = 'ready';
    main.dataset.runs = String(r.runs.length);
  }).catch((e) => {
    main.querySelector('#error').textContent = e.message;
    main.dataset.state = 'error';
  });
  return null;
}

const fileUrl = (path, name) => '/runs/' + [...path.split('/'), name].map(encodeURIComponent).join('/');

function renderRun(main, path) {
  main.innerHTML = `<h1></h1><p><a href="#/runs">all runs</a></p><div class="error" id="error"></div>
    <div class="row"><div><h3>Fitness</h3><div id="chart"></div><p id="curve-info"></p></div>
    <div class="panel"><h3>Result</h3><pre id="result"></pre></div></div>
    <h3>Settings</h3><pre id="config"></pre><h3>Pictures</h3><div id="pictures"></div>
    <h3>Files</h3><ul id="files"></ul>`;
  main.querySelector('h1').textContent = path;
  const chart = new Chart(main.querySelector('#chart'));
  let timer = null;
  let shown = false;

  async function curve() {
    const text = await fetch(fileUrl(path, 'history.csv'), { cache: 'no-store' }).then((r) => (r.ok ? r.text() : ''));
    const { columns, rows } = parseCsv(text);
    const x = columns.indexOf('generation');
    if (x < 0) return;
    for (const name of ['best', 'mean']) {
      const y = columns.indexOf(name);
      if (y >= 0) chart.set(name, rows.map((r) => [r[x], r[y]]));
    }
    chart.draw();
    main.querySelector('#curve-info').textContent = `${rows.length} generations`;
    main.dataset.generations = String(rows.length);
  }

  async function refresh() {
    try {
      const run = await get('/api/run/' + path.split('/').map(encodeURIComponent).join('/'));
      main.querySelector('#result').textContent = run.result ? JSON.stringify(run.result, null, 2) : 'running (no result.json yet)';
      if (!shown) {
        shown = true;
        main.querySelector('#config').textContent = JSON.stringify(run.config, null, 2);
        const pictures = main.querySelector('#pictures');
        const files = main.querySelector('#files');
        for (const f of run.files) {
          const li = document.createElement('li');
          const a = document.createElement('a');
          a.href = fileUrl(path, f);
          a.textContent = f;
          li.appendChild(a);
          files.appendChild(li);
          if (/\.(png|gif)$/.test(f)) {
            const img = document.createElement('img');
            img.className = 'artefact';
            img.src = fileUrl(path, f);
            img.alt = f;
            pictures.appendChild(img);
          }
        }
      }
      if (run.files.includes('history.csv')) await curve();
      main.dataset.state = run.complete ? 'complete' : 'live';
      if (!run.complete) timer = setTimeout(refresh, 2000);
    } catch (e) {
      main.querySelector('#error').textContent = e.message;
      main.dataset.state = 'error';
    }
  }
  refresh();
  return () => clearTimeout(timer);
}
