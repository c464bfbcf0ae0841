// Angry Birds: open a shipped or uploaded Science Birds level, watch its physics animated from
// the simulation's body positions, its verdict (stable, moved, destroyed), download its XML;
// generate levels with the GA (a job): the fitness curve live, then the levels, each one
// simulated here on a click and downloadable as XML.
import { get, post, startJob } from './api.js';
import { Chart } from './chart.js';

// Close to the PNG renders (games/birds/render.cpp): wood, stone, ice; pigs, TNT, platforms.
const MATERIAL = { 1: 'rgb(196, 142, 80)', 2: 'rgb(150, 150, 160)', 3: 'rgb(150, 210, 240)' };
const KIND = { 1: 'rgb(110, 190, 60)', 2: 'rgb(220, 60, 40)', 3: 'rgb(90, 80, 70)' };

export function render(main) {
  main.innerHTML = `<h1>Angry Birds</h1>
    <div class="controls"><label>Level <select id="level"></select></label>
      <label>or open a file <input id="file" type="file" accept=".xml"></label>
      <button id="simulate">Simulate</button><button id="again">Replay</button>
      <a id="download" href="#" download="level.xml">Download the XML</a></div>
    <div class="row"><div><canvas id="view" class="chart" width="800" height="400"></canvas>
      <div class="status" id="status"></div><div class="error" id="error"></div></div>
      <div class="panel"><b>Verdict</b><dl class="info" id="verdict"></dl></div></div>
    <h2>Generate levels</h2>
    <div class="controls"><label>Levels <input id="gen-levels" type="number" min="1" max="10" value="3"></label>
      <label>Population <input id="gen-population" type="number" min="2" max="50" value="10"></label>
      <label>Generations <input id="gen-generations" type="number" min="0" max="500" value="20"></label>
      <label>Seed <input id="gen-seed" type="number" min="0" value="1"></label>
      <button id="generate">Generate</button><button id="stop-generate">Stop</button></div>
    <div class="row"><div id="gen-chart"></div>
      <div class="panel"><b>Levels</b><div class="status" id="gen-status"></div>
        <ul id="gen-list"></ul></div></div>`;
  const $ = (id) => main.querySelector('#' + id);
  let levels = [];
  let xml = '';
  let sim = null;
  let timer = null;

  function setXml(text, name) {
    xml = text;
    $('download').href = 'data:application/xml;charset=utf-8,' + encodeURIComponent(xml);
    $('download').download = name;
  }

  function draw(k) {
    const canvas = $('view');
    const c = canvas.getContext('2d');
    const start = sim.frames[0], now = sim.frames[k];
    // World to canvas: the level's width, from the ground (y = -3.5 in Science Birds) up.
    const x0 = -sim.half_width, x1 = sim.half_width, y0 = -4, scale = canvas.width / (x1 - x0);
    const px = (x) => (x - x0) * scale, py = (y) => canvas.height - (y - y0) * scale;
    c.fillStyle = 'rgb(200, 230, 250)';
    c.fillRect(0, 0, canvas.width, canvas.height);
    c.fillStyle = 'rgb(120, 90, 60)';
    c.fillRect(0, py(-3.5), canvas.width, canvas.height - py(-3.5));
    sim.objects.forEach((o, i) => {
      const [sx, sy, sa] = start[i];
      const [x, y, a, alive] = now[i];
      if (!alive) return;
      const da = a - sa, cos = Math.cos(da), sin = Math.sin(da);
      const move = ([qx, qy]) => [x + cos * (qx - sx) - sin * (qy - sy), y + sin * (qx - sx) + cos * (qy - sy)];
      c.fillStyle = o.kind === 0 ? MATERIAL[o.material] || '#aaa' : KIND[o.kind];
      c.strokeStyle = 'rgba(0, 0, 0, 0.6)';
      c.beginPath();
      if (o.round) {
        const [cx, cy] = move(o.centre);
        c.arc(px(cx), py(cy), o.radius * scale, 0, 2 * Math.PI);
      } else {
        o.points.map(move).forEach(([qx, qy], j) => (j ? c.lineTo(px(qx), py(qy)) : c.moveTo(px(qx), py(qy))));
        c.closePath();
      }
      c.fill();
      c.stroke();
    });
    $('status').textContent = `t = ${(k * sim.frame_seconds).toFixed(2)} s of ${((sim.frames.length - 1) * sim.frame_seconds).toFixed(2)} s`;
    main.dataset.frame = String(k);
  }

  function play() {
    clearInterval(timer);
    let k = 0;
    main.dataset.state = 'playing';
    draw(0);
    timer = setInterval(() => {
      if (++k >= sim.frames.length) {
        clearInterval(timer);
        timer = null;
        const r = sim.report;
        $('verdict').innerHTML = [['verdict', r.stable ? 'stable' : r.destroyed ? 'destroyed' : 'moved'],
          ['pieces', r.objects], ['moved', r.moved], ['destroyed', r.destroyed],
          ['score', r.score], ['at rest', r.at_rest]].map(([a, b]) => `<dt>${a}</dt><dd>${b}</dd>`).join('');
        main.dataset.verdict = r.stable ? 'stable' : r.destroyed ? 'destroyed' : 'moved';
        main.dataset.state = 'done';
        return;
      }
      draw(k);
    }, 1000 * sim.frame_seconds);
  }

  async function simulate() {
    clearInterval(timer);
    $('error').textContent = '';
    $('verdict').innerHTML = '';
    delete main.dataset.verdict;
    main.dataset.state = 'simulating';
    try {
      sim = await post('/api/birds/simulate', { xml });
    } catch (e) {
      $('error').textContent = e.message;
      main.dataset.state = 'error';
      return;
    }
    play();
  }

  $('level').onchange = () => {
    const l = levels.find((x) => x.name === $('level').value);
    setXml(l.text, l.name);
  };
  $('file').onchange = async () => {
    const f = $('file').files[0];
    if (f) setXml(await f.text(), f.name);
  };
  const chart = new Chart($('gen-chart'), 480, 220);
  let genJob = null;
  // Levels as {file, xml, fitness, stable, blocks, pigs}: the archive while the run goes on,
  // the run's levels at its end.
  function showLevels(list) {
    $('gen-list').innerHTML = '';
    list.forEach((l) => {
      const name = l.file;
      const item = document.createElement('li');
      const open = document.createElement('button');
      open.textContent = `${name}: fitness ${l.fitness.toFixed(1)}, ${l.stable ? 'stable' : 'unstable'}, ${l.blocks} blocks, ${l.pigs} pigs`;
      open.className = 'gen-level';
      open.onclick = () => {
        setXml(l.xml, name);
        simulate();
      };
      const save = document.createElement('a');
      save.textContent = 'XML';
      save.download = name;
      save.href = 'data:application/xml;charset=utf-8,' + encodeURIComponent(l.xml);
      item.append(open, ' ', save);
      $('gen-list').appendChild(item);
    });
  }
  // Level i of a set is level-04.xml, level-05.xml, ... (the competition's numbering).
  const fileName = (i) => `level-${String(i + 4).padStart(2, '0')}.xml`;
  $('generate').onclick = async () => {
    if (genJob) {
      await genJob.cancel();
      genJob.close();  // the old run's last events must not fill this run's list
    }
    chart.clear();
    $('gen-list').innerHTML = '';
    $('error').textContent = '';
    delete main.dataset.levels;
    main.dataset.liveLevels = '0';
    main.dataset.generate = 'running';
    const xmlOf = new Map();  // a level's id -> its XML (sent once)
    const number = (id) => Number($(id).value);
    try {
      genJob = await startJob('/api/birds/generate', {
        levels: number('gen-levels'), population: number('gen-population'),
        generations: number('gen-generations'), seed: number('gen-seed'),
      }, (e) => {
        if (e.type === 'generation') {
          chart.addGeneration(e.generation, e);
          $('gen-status').textContent = `generation ${e.generation}: best fitness ${e.best.toFixed(2)}`;
          return;
        }
        if (e.type === 'levels') {
          e.levels.forEach((l) => l.xml && xmlOf.set(l.id, l.xml));
          showLevels(e.levels.map((l, i) => ({ ...l, file: fileName(i), xml: xmlOf.get(l.id) })));
          main.dataset.liveLevels = String(Number(main.dataset.liveLevels) + 1);
          return;
        }
        chart.draw();
        if (e.result) {
          const r = e.result;
          $('gen-status').textContent = `${r.levels.length} levels, ${r.stable_levels} stable` +
            (r.stop === 'cancelled' ? ' (stopped)' : '') + (r.notes.length ? ': ' + r.notes.join('; ') : '');
          showLevels(r.levels);
          main.dataset.levels = String(r.levels.length);
        }
        if (e.error) $('error').textContent = e.error;
        main.dataset.generate = e.type;
      });
    } catch (e) {
      $('error').textContent = e.message;
      main.dataset.generate = 'error';
    }
  };
  $('stop-generate').onclick = () => genJob && genJob.cancel();
  $('simulate').onclick = simulate;
  $('again').onclick = () => sim && play();
  get('/api/birds/levels').then((r) => {
    levels = r.levels;
    $('level').innerHTML = levels.map((l) => `<option>${l.name}</option>`).join('');
    if (levels.length) setXml(levels[0].text, levels[0].name);
    main.dataset.state = 'ready';
  }).catch((e) => {
    $('error').textContent = e.message;
    main.dataset.state = 'error';
  });
  return () => {
    clearInterval(timer);
    if (genJob) genJob.close();
  };
}
