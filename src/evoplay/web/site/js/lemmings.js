// Lemmings: choose a level, replay a plan (play, pause, step, speed) with the saved count, and
// build a plan by clicking: a lemming clicked at the step shown gets the chosen skill at the
// next step (a `STEP SKILL LEMMING` line), the replay runs again, the plan can be downloaded.
// Or let CRO, the GA or ACO solve the level: the fitness curve and the best plan so far live,
// then its best plan replayed.
import { get, post, startJob } from './api.js';
import { Chart } from './chart.js';

// The PNG renders' colours (games/lemmings/render.cpp).
const COLOURS = { '.': 'rgb(14, 21, 37)', '#': 'rgb(150, 98, 52)', '=': 'rgb(124, 134, 150)',
  '~': 'rgb(40, 104, 200)', E: 'rgb(186, 120, 220)', X: 'rgb(242, 182, 50)' };

export function render(main) {
  main.innerHTML = `<h1>Lemmings</h1>
    <div class="controls"><label>Level <select id="level"></select></label>
      <button id="replay">Replay the plan</button>
      <button id="play">Play</button><button id="pause">Pause</button><button id="step">Step</button>
      <label>Speed <select id="speed"><option value="1">1x</option><option value="2">2x</option>
        <option value="4" selected>4x</option><option value="8">8x</option></select></label></div>
    <div class="row"><div><canvas id="view" class="chart"></canvas>
      <div class="status" id="status"></div><div class="error" id="error"></div></div>
      <div class="panel"><label>Skill for a clicked lemming <select id="skill"></select></label>
        <p><label for="plan">Plan: <code>STEP SKILL [LEMMING]</code> lines</label></p>
        <textarea id="plan" rows="10"></textarea>
        <div class="controls"><a id="download" download="plan.plan" href="#">Download the plan</a>
          <button id="clear">Clear</button></div>
        <dl class="info" id="outcome"></dl></div>
      <div class="panel"><b>Solve with an optimiser</b>
        <div class="controls"><select id="algorithm"><option>cro</option><option>ga</option><option>aco</option></select>
          <label>Evaluations <input id="evaluations" type="number" value="5000" min="1" max="200000" style="width:80px"></label>
          <button id="solve">Run</button><button id="stop-solve">Stop</button></div>
        <div id="chart"></div><div id="solve-status"></div></div></div>`;
  const $ = (id) => main.querySelector('#' + id);
  let levels = [];
  let replay = null;
  let frame = -1; // -1: the level as it starts
  let grid = [];
  let timer = null;
  let scale = 8;

  function level() {
    return levels.find((l) => l.name === $('level').value);
  }

  function gridAt(k) {
    // The cells after frame k, from the start and each frame's changes.
    const g = replay.map.map((r) => r.split(''));
    for (let i = 0; i <= k; ++i) for (const [x, y, c] of replay.frames[i].changes) g[y][x] = c;
    return g;
  }

  function draw() {
    const canvas = $('view');
    const c = canvas.getContext('2d');
    for (let y = 0; y < replay.height; ++y) {
      for (let x = 0; x < replay.width; ++x) {
        c.fillStyle = COLOURS[grid[y][x]] || '#f0f';
        c.fillRect(x * scale, y * scale, scale, scale);
      }
    }
    const f = frame >= 0 ? replay.frames[frame] : null;
    if (f) {
      for (const [id, x, y, dir] of f.lemmings) {
        c.fillStyle = 'rgb(60, 200, 90)';
        c.fillRect(x * scale + 1, y * scale, scale - 2, scale / 2);
        c.fillStyle = 'rgb(250, 214, 180)';
        c.fillRect(x * scale + 1 + (dir > 0 ? scale / 3 : 0), y * scale + scale / 2, scale / 2, scale / 2);
      }
    }
    const saved = f ? f.saved : 0;
    const dead = f ? f.dead : 0;
    $('status').textContent = `step ${f ? f.step : '-'} of ${replay.frames.length}: saved ${saved} of ${replay.lemmings} (${replay.save} needed), dead ${dead}`;
    main.dataset.step = String(frame);
    // Where the first lemming out is drawn (canvas pixels), for tests that click it.
    main.dataset.firstLemming = f && f.lemmings.length
      ? `${(f.lemmings[0][1] + 0.5) * scale},${(f.lemmings[0][2] + 0.5) * scale}` : '';
    main.dataset.saved = String(saved);
  }

  function show(k) {
    frame = Math.max(-1, Math.min(k, replay.frames.length - 1));
    grid = gridAt(frame);
    draw();
    if (frame === replay.frames.length - 1) {
      stop();
      main.dataset.state = 'ended';
    }
  }

  function stop() {
    clearInterval(timer);
    timer = null;
    if (main.dataset.state === 'playing') main.dataset.state = 'paused';
  }

  async function run(keep = -1) {
    stop();
    $('error').textContent = '';
    main.dataset.state = 'loading';
    try {
      replay = await post('/api/lemmings/replay', { level: level().text, plan: $('plan').value });
    } catch (e) {
      $('error').textContent = e.message;
      main.dataset.state = 'error';
      return;
    }
    scale = Math.max(2, Math.min(12, Math.floor(640 / replay.width)));
    $('view').width = replay.width * scale;
    $('view').height = replay.height * scale;
    const o = replay.outcome;
    $('outcome').innerHTML = [['solved', o.solved], ['saved', `${o.saved} of ${replay.lemmings} (${replay.save} needed)`],
      ['dead', o.dead], ['steps', o.steps], ['genes applied', o.genes_applied]]
      .map(([k, v]) => `<dt>${k}</dt><dd>${v}</dd>`).join('');
    const chosen = $('skill').value;
    $('skill').innerHTML = Object.entries(replay.skills).filter(([, n]) => n > 0).map(([s, n]) => `<option value="${s}">${s} (${n})</option>`).join('');
    if (chosen in replay.skills) $('skill').value = chosen;
    $('download').href = 'data:text/plain;charset=utf-8,' + encodeURIComponent($('plan').value);
    $('download').download = `${level().name}.plan`;
    main.dataset.outcomeSaved = String(o.saved);
    main.dataset.state = 'paused';
    show(keep);
  }

  $('level').onchange = () => {
    $('plan').value = level().plan;
    run();
  };
  $('replay').onclick = () => run();
  $('clear').onclick = () => {
    $('plan').value = '';
    run();
  };
  $('step').onclick = () => replay && (stop(), show(frame + 1));
  $('pause').onclick = stop;
  $('play').onclick = () => {
    if (!replay || timer) return;
    if (frame === replay.frames.length - 1) show(-1);
    main.dataset.state = 'playing';
    timer = setInterval(() => show(frame + 1), 100 / Number($('speed').value));
  };
  $('view').onclick = (e) => {
    // The lemming under the click, at the step shown: the skill from the next step on.
    if (!replay || frame < 0) return;
    const r = $('view').getBoundingClientRect();
    const x = Math.floor((e.clientX - r.left) / scale), y = Math.floor((e.clientY - r.top) / scale);
    const hit = replay.frames[frame].lemmings.find(([, lx, ly]) => Math.abs(lx - x) <= 1 && Math.abs(ly - y) <= 1);
    if (!hit || !$('skill').value) return;
    const line = `${replay.frames[frame].step + 1} ${$('skill').value} ${hit[0]}`;
    $('plan').value = ($('plan').value.trim() ? $('plan').value.trimEnd() + '\n' : '') + line + '\n';
    run(frame);
  };
  const chart = new Chart($('chart'), 360, 200);
  let solveJob = null;
  $('solve').onclick = async () => {
    if (solveJob) await solveJob.cancel();
    chart.clear();
    main.dataset.solve = 'running';
    $('error').textContent = '';
    try {
      solveJob = await startJob('/api/lemmings/solve', {
        level: level().text, method: $('algorithm').value, evaluations: Number($('evaluations').value),
      }, (e) => {
        if (e.type === 'generation') {
          chart.addGeneration(e.evaluations, e);
          $('solve-status').textContent = `${e.evaluations} evaluations: best fitness ${e.best}`;
          return;
        }
        if (e.type === 'best') {  // the best plan so far, as it improves
          $('plan').value = e.plan;
          return;
        }
        chart.draw();
        if (e.result) {
          const r = e.result.result;
          $('solve-status').textContent = `${r.solved ? 'solved' : 'not solved'} after ${r.evaluations} evaluations`;
          $('plan').value = e.result.plan;
          run();
        }
        if (e.error) $('error').textContent = e.error;
        main.dataset.solve = e.type;
      });
    } catch (e) {
      $('error').textContent = e.message;
      main.dataset.solve = 'error';
    }
  };
  $('stop-solve').onclick = () => solveJob && solveJob.cancel();
  get('/api/lemmings/levels').then((r) => {
    levels = r.levels;
    $('level').innerHTML = levels.map((l) => `<option>${l.name}</option>`).join('');
    if (!levels.length) throw new Error('the server has no shipped levels');
    $('plan').value = levels[0].plan;
    return run();
  }).catch((e) => {
    $('error').textContent = e.message;
    main.dataset.state = 'error';
  });
  return () => {
    stop();
    if (solveJob) solveJob.close();
  };
}
