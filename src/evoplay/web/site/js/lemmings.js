// Lemmings: choose a level, replay a plan (play, pause, step, speed) with the saved count, and
// build a plan by pointing: the lemming under the pointer is highlighted, a lemming clicked (or
// tapped) at the step shown is selected and gets the chosen skill at the next step (a
// `STEP SKILL LEMMING` line), the replay runs again; the plan can be copied, pasted, downloaded.
// Or let CRO, the GA or ACO solve the level: the fitness curve and the best plan so far live,
// then its best plan replayed. The levels of Pingus (when the server has pingus-data) are
// replayed as the command line draws them: the animation and the paths, made by the server.
import { get, post, startJob } from './api.js';
import { moreSettings } from './settings_form.js';
import { Chart } from './chart.js';
import {
  box, button, element, fillInfo, fillSelect, labelled, select, withId,
} from './dom.js';

// The PNG renders' colours (games/lemmings/render.cpp).
const COLOURS = { '.': 'rgb(14, 21, 37)', '#': 'rgb(150, 98, 52)', '=': 'rgb(124, 134, 150)',
  '~': 'rgb(40, 104, 200)', E: 'rgb(186, 120, 220)', X: 'rgb(242, 182, 50)' };
const HAIR = 'rgb(60, 200, 90)', SKIN = 'rgb(250, 214, 180)', ROBE = 'rgb(70, 110, 230)';
const HOVER = 'rgba(255, 255, 255, 0.9)', SELECTED = 'rgb(255, 220, 0)';

function layout(main) {
  const speed = select('speed', [['1', '1x'], ['2', '2x'], ['4', '4x'], ['8', '8x']]);
  speed.value = '4';
  const view = withId(element('canvas', 'lemmings-view'), 'view');
  // A Pingus level: the server's pictures of the plan (`lemmings render --image .gif / .png`).
  const pingus = withId(box('pingus-pictures', withId(element('img', 'lemmings-view'), 'pingus-replay'),
    withId(element('img', 'lemmings-view'), 'pingus-paths')), 'pingus-view');
  pingus.hidden = true;
  pingus.querySelector('#pingus-replay').alt = 'the plan replayed';
  pingus.querySelector('#pingus-paths').alt = 'the paths the pingus took';
  const stage = box('lemmings-stage', view, pingus, withId(element('div', 'status'), 'status'),
    withId(element('div', 'lemming-info'), 'lemming'), withId(element('div', 'error'), 'error'));
  const plan = withId(element('textarea'), 'plan');
  plan.rows = 10;
  plan.spellcheck = false;
  const planLabel = element('label', '', 'Plan: STEP SKILL [LEMMING] lines');
  planLabel.htmlFor = 'plan';
  const download = withId(element('a', '', 'Download'), 'download');
  download.href = '#';
  download.download = 'plan.plan';
  const planPanel = box('panel', labelled('Skill for a clicked lemming', withId(element('select'), 'skill')),
    box('plan-label', planLabel), plan,
    box('controls', button('copy', 'Copy plan'), button('paste', 'Paste plan'), download,
      button('clear', 'Clear')),
    withId(element('dl', 'info'), 'outcome'));
  const evaluations = withId(element('input', 'number'), 'evaluations');
  Object.assign(evaluations, { type: 'number', value: '5000', min: '1', max: '200000' });
  const figure = withId(element('figure', 'chart-box'), 'chart');
  const solvePanel = box('panel', element('b', '', 'Solve with an optimiser'),
    withId(box('controls', select('algorithm', ['cro', 'ga', 'aco']), labelled('Evaluations', evaluations),
      button('solve', 'Run'), button('stop-solve', 'Stop')), 'solve-controls'),
    figure, withId(element('div', ''), 'solve-status'));
  main.append(element('h1', '', 'Lemmings'),
    box('controls', labelled('Level', withId(element('select'), 'level')), button('replay', 'Replay the plan'),
      button('play', 'Play'), button('pause', 'Pause'), button('step', 'Step'), labelled('Speed', speed)),
    box('row', stage, planPanel, solvePanel));
  return figure;
}

// Draws one lemming in its cell at `scale` pixels a cell: hair, face turned its way, robe.
function drawLemming(c, x, y, dir, scale) {
  const px = x * scale, py = y * scale, u = scale / 8;
  c.fillStyle = HAIR;
  c.fillRect(px + 2 * u, py, 4 * u, 2 * u);
  c.fillStyle = SKIN;
  c.fillRect(px + (dir > 0 ? 3 : 1) * u, py + 2 * u, 4 * u, 2 * u);
  c.fillStyle = ROBE;
  c.fillRect(px + 2 * u, py + 4 * u, 4 * u, 3 * u);
  c.fillStyle = SKIN;
  c.fillRect(px + 2 * u, py + 7 * u, u * 1.5, u);
  c.fillRect(px + 4.5 * u, py + 7 * u, u * 1.5, u);
}

function ring(c, x, y, scale, colour) {
  c.strokeStyle = colour;
  c.lineWidth = Math.max(2, scale / 10);
  c.strokeRect(x * scale - 1, y * scale - 1, scale + 2, scale + 2);
}

export function render(main) {
  const chart = new Chart(layout(main), 360, 200, { x: 'evaluations', y: 'fitness (best and mean)' });
  const $ = (id) => main.querySelector('#' + id);
  let levels = [];
  let replay = null;
  let frame = -1; // -1: the level as it starts
  let grid = [];
  let timer = null;
  let scale = 16;
  let hovered = null;  // the id of the lemming under the pointer
  let selected = null;  // the id of the lemming last clicked
  // Every other setting of `lemmings solve` the server takes, from their declaration.
  const more = moreSettings('/api/lemmings/solve', ['method', 'evaluations'], $('solve-controls'),
    (message) => { $('error').textContent = message; });

  function level() {
    return levels.find((l) => l.name === $('level').value);
  }

  // The menu of levels: the drawn ones, then (when the server has them) each Pingus set's own
  // group of levels.
  function fillLevels(menu) {
    fillSelect(menu, levels.filter((l) => !l.pingus).map((l) => l.name));
    const groups = new Map();
    for (const l of levels.filter((x) => x.pingus)) {
      const [set, name] = l.pingus.split('/');
      if (!groups.has(set)) {
        groups.set(set, element('optgroup'));
        groups.get(set).label = `Pingus: ${set}`;
        menu.append(groups.get(set));
      }
      const option = element('option', '', name);
      option.value = l.name;
      groups.get(set).append(option);
    }
  }

  // The level as the solver's request names it: a drawn level's text, a Pingus level's id.
  function levelField() {
    return level().pingus ? { pingus: level().pingus } : { level: level().text };
  }

  // A Pingus level's replay: the server's pictures in place of the canvas, its outcome.
  async function runPingus() {
    replay = await post('/api/lemmings/pingus/replay', { level: level().pingus, plan: $('plan').value });
    $('pingus-replay').src = 'data:image/gif;base64,' + replay.gif;
    $('pingus-paths').src = 'data:image/png;base64,' + replay.png;
    const o = replay.outcome;
    $('status').textContent = `${o.steps} ticks: saved ${o.saved} of ${replay.lemmings} (${replay.save} needed), dead ${o.dead}`;
    showOutcome();
    main.dataset.state = 'ended';
    main.dataset.step = String(o.steps);
    main.dataset.saved = String(o.saved);
  }

  function gridAt(k) {
    // The cells after frame k, from the start and each frame's changes.
    const g = replay.map.map((r) => r.split(''));
    for (let i = 0; i <= k; ++i) for (const [x, y, c] of replay.frames[i].changes) g[y][x] = c;
    return g;
  }

  function lemmingsShown() {
    return frame >= 0 ? replay.frames[frame].lemmings : [];
  }

  function draw() {
    const c = $('view').getContext('2d');
    for (let y = 0; y < replay.height; ++y) {
      for (let x = 0; x < replay.width; ++x) {
        c.fillStyle = COLOURS[grid[y][x]] || '#f0f';
        c.fillRect(x * scale, y * scale, scale, scale);
      }
    }
    for (const [id, x, y, dir] of lemmingsShown()) {
      drawLemming(c, x, y, dir, scale);
      if (id === selected) ring(c, x, y, scale, SELECTED);
      else if (id === hovered) ring(c, x, y, scale, HOVER);
    }
    drawStatus();
  }

  function drawStatus() {
    const f = frame >= 0 ? replay.frames[frame] : null;
    const saved = f ? f.saved : 0;
    $('status').textContent = `step ${f ? f.step : '-'} of ${replay.frames.length}: saved ${saved} of ${replay.lemmings} (${replay.save} needed), dead ${f ? f.dead : 0}`;
    main.dataset.step = String(frame);
    main.dataset.saved = String(saved);
    // Where the first lemming out is (CSS pixels from the canvas' corner), for tests that click it.
    const first = f && f.lemmings.length ? f.lemmings[0] : null;
    const css = $('view').getBoundingClientRect().width / $('view').width || 1;
    main.dataset.firstLemming = first ? `${(first[1] + 0.5) * scale * css},${(first[2] + 0.5) * scale * css}` : '';
    main.dataset.hovered = hovered === null ? '' : String(hovered);
    main.dataset.selected = selected === null ? '' : String(selected);
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

  // The plan's outcome, the level's skills left to give, the download link.
  function showOutcome() {
    const o = replay.outcome;
    fillInfo($('outcome'), [['solved', o.solved], ['saved', `${o.saved} of ${replay.lemmings} (${replay.save} needed)`],
      ['dead', o.dead], ['steps', o.steps], ['genes applied', o.genes_applied]]);
    const chosen = $('skill').value;
    fillSelect($('skill'), Object.entries(replay.skills).filter(([, n]) => n > 0).map(([s, n]) => [s, `${s} (${n})`]));
    if (chosen in replay.skills) $('skill').value = chosen;
    $('download').href = 'data:text/plain;charset=utf-8,' + encodeURIComponent($('plan').value);
    $('download').download = `${(level().pingus || level().name).split('/').pop()}.plan`;
    main.dataset.outcomeSaved = String(o.saved);
  }

  // A replay in place of the last, or its error in place of the level and its outcome.
  async function run(keep = -1) {
    stop();
    $('error').textContent = '';
    main.dataset.state = 'loading';
    const isPingus = Boolean(level().pingus);
    $('view').hidden = isPingus;
    $('pingus-view').hidden = !isPingus;
    for (const id of ['play', 'pause', 'step', 'speed', 'skill']) $(id).disabled = isPingus;
    try {
      if (isPingus) return await runPingus();
      replay = await post('/api/lemmings/replay', { level: level().text, plan: $('plan').value });
    } catch (e) {
      $('error').textContent = e.message;
      $('status').textContent = '';
      fillInfo($('outcome'), []);
      $('view').width = 0;
      main.dataset.state = 'error';
      return;
    }
    scale = Math.max(8, Math.min(32, Math.floor(960 / replay.width)));
    $('view').width = replay.width * scale;
    $('view').height = replay.height * scale;
    showOutcome();
    main.dataset.state = 'paused';
    show(keep);
  }

  // The lemming under a pointer event at the step shown (within a cell), or null.
  function lemmingAt(e) {
    if (!replay || frame < 0) return null;
    const r = $('view').getBoundingClientRect();
    const x = ((e.clientX - r.left) * $('view').width) / r.width / scale;
    const y = ((e.clientY - r.top) * $('view').height) / r.height / scale;
    let best = null, distance = 1.2;
    for (const l of lemmingsShown()) {
      const d = Math.hypot(l[1] + 0.5 - x, l[2] + 0.5 - y);
      if (d < distance) [best, distance] = [l, d];
    }
    return best;
  }

  function describe(l, what) {
    $('lemming').textContent = l ? `${what} lemming ${l[0]} at (${l[1]}, ${l[2]}), facing ${l[3] > 0 ? 'right' : 'left'}` : '';
  }

  $('view').addEventListener('pointermove', (e) => {
    const l = lemmingAt(e);
    const id = l ? l[0] : null;
    $('view').style.cursor = l ? 'pointer' : 'default';
    if (id === hovered) return;
    hovered = id;
    if (l) describe(l, 'pointing at');
    draw();
  });
  $('view').addEventListener('pointerleave', () => {
    hovered = null;
    if (replay) draw();
  });
  $('view').addEventListener('pointerdown', (e) => {
    // The lemming pointed at, at the step shown: selected, the skill from the next step on.
    const hit = lemmingAt(e);
    if (!hit) return;
    selected = hit[0];
    describe(hit, 'selected');
    draw();
    if (!$('skill').value) return;
    const line = `${replay.frames[frame].step + 1} ${$('skill').value} ${hit[0]}`;
    $('plan').value = ($('plan').value.trim() ? $('plan').value.trimEnd() + '\n' : '') + line + '\n';
    run(frame);
  });

  $('level').onchange = () => {
    $('plan').value = level().plan;
    selected = null;
    run();
  };
  $('replay').onclick = () => run();
  $('plan').addEventListener('change', () => run());
  $('clear').onclick = () => {
    $('plan').value = '';
    run();
  };
  $('copy').onclick = async () => {
    try {
      await navigator.clipboard.writeText($('plan').value);
      $('lemming').textContent = 'plan copied';
    } catch (e) {
      $('plan').select();  // no clipboard access: selected for Ctrl+C
      $('lemming').textContent = 'plan selected: press Ctrl+C to copy';
    }
  };
  $('paste').onclick = async () => {
    try {
      $('plan').value = await navigator.clipboard.readText();
      run();
    } catch (e) {
      $('plan').focus();
      $('lemming').textContent = 'no access to the clipboard: press Ctrl+V in the plan';
    }
  };
  $('step').onclick = () => replay && (stop(), show(frame + 1));
  $('pause').onclick = stop;
  $('play').onclick = () => {
    if (!replay || timer) return;
    if (frame === replay.frames.length - 1) show(-1);
    main.dataset.state = 'playing';
    timer = setInterval(() => show(frame + 1), 100 / Number($('speed').value));
  };
  let solveJob = null;
  $('solve').onclick = async () => {
    if (solveJob) await solveJob.cancel();
    chart.clear();
    main.dataset.solve = 'running';
    $('error').textContent = '';
    try {
      solveJob = await startJob('/api/lemmings/solve', {
        ...more.values(), ...levelField(), method: $('algorithm').value, evaluations: Number($('evaluations').value),
      }, onSolveEvent, { status: $('solve-status') });  // queued (its place), running, ...
    } catch (e) {
      $('error').textContent = e.message;
      $('solve-status').textContent = '';
      main.dataset.solve = 'error';
    }
  };

  function onSolveEvent(e) {
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
      $('solve-status').textContent =
        `${r.algorithm.toUpperCase()}, ${r.fitness} fitness: ${r.solved ? 'solved' : 'not solved'} after ${r.evaluations} evaluations`;
      $('plan').value = e.result.plan;
      run();
    }
    if (e.error) {
      $('error').textContent = e.error;
      $('solve-status').textContent = '';
    }
    main.dataset.solve = e.type;
  }

  $('stop-solve').onclick = () => solveJob && solveJob.cancel();
  get('/api/lemmings/levels').then((r) => {
    levels = r.levels.concat((r.pingus || []).map((p) => ({ name: `pingus:${p.id}`, pingus: p.id, plan: '' })));
    fillLevels($('level'));
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
