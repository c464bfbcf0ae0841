// Angry Birds: play a level with the slingshot (birds_play.js) — a shipped one, a file opened, or
// one the generator just made (birds_generate.js) — and check a level's stability
// (birds_check.js). The menu names the level being played.
import { get } from './api.js';
import { el, fillInfo } from './birds_dom.js';
import { BirdsGame } from './birds_play.js';
import { StabilityCheck } from './birds_check.js';
import { Generator } from './birds_generate.js';

const counted = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;
const xmlLink = (xml) => 'data:application/xml;charset=utf-8,' + encodeURIComponent(xml);

function controls() {
  return {
    select: el('select', { id: 'level', 'aria-label': 'Level' }),
    file: el('input', { id: 'file', type: 'file', accept: '.xml' }),
    restart: el('button', { id: 'restart', text: 'Restart' }),
    undo: el('button', { id: 'undo', text: 'Undo shot' }),
    showMe: el('button', { id: 'show-me', text: 'Show me', title: "the search agent's shot for this bird" }),
    skip: el('button', { id: 'skip', text: 'Skip', title: 'the end of this shot at once' }),
    speed: el('select', { id: 'flight-speed', 'aria-label': 'Flight speed' },
      el('option', { value: '1', text: 'real time' }), el('option', { value: '0.25', text: 'slow motion' }),
      el('option', { value: '0', text: 'frame by frame' })),
    step: el('button', { id: 'step-frame', text: 'Next frame', title: 'frame by frame: the next frame (→; Shift+→ ten)' }),
    download: el('a', { id: 'download', href: '#', text: 'Download the XML' }),
  };
}

function shotLine(r, k) {
  const tap = r.tap === null ? '' : `, tap ${r.tap} s${r.ability_used ? '' : ' (no ability)'}`;
  return el('li', { text: `${k + 1}. ${r.bird} at ${r.angle}°, pull ${r.pull}${tap}: ` +
    `${counted(r.pigs_killed, 'pig')}, ${counted(r.blocks_destroyed, 'block')}, +${r.score}` });
}

export function render(main) {
  main.replaceChildren();
  const c = controls();
  const canvas = el('canvas', { id: 'view', className: 'birds-view', width: 1000, height: 500 });
  const info = el('dl', { className: 'info', id: 'game-info' });
  const status = el('div', { className: 'status', id: 'status' });
  const error = el('div', { className: 'error', id: 'error' });
  const shots = el('ol', { id: 'shots', className: 'birds-shots' });
  const command = el('code', { id: 'command' });
  // Hidden until the first shot: an empty command would read as a broken box.
  const sameShots = el('div', { className: 'note', hidden: true }, 'The same shots on the command line: ', command);
  main.append(el('h1', { text: 'Angry Birds' }),
    el('div', { className: 'controls' }, el('label', { text: 'Level ' }, c.select),
      el('label', { text: 'or open a file ' }, c.file), c.restart, c.undo, c.showMe, c.skip,
      el('label', { text: 'Flight ' }, c.speed), c.step, c.download),
    el('div', { className: 'birds-play' }, canvas, status, error),
    el('div', { className: 'row' },
      el('div', { className: 'panel' }, el('b', { text: 'Game' }), info),
      el('div', { className: 'panel birds-shot-panel' }, el('b', { text: 'Shots' }), shots, sameShots)));
  const game = new BirdsGame(main, canvas, {
    status, error, buttons: c,
    info: (name, bird, g) => fillInfo(info, [['level', name], ['bird', bird || '-'],
      ['birds left', g.birds - g.birds_used], ['pigs', `${g.pigs - g.pigs_killed} of ${g.pigs}`],
      ['score', g.score]]),
    shots: (records) => shots.replaceChildren(...records.map(shotLine)),
    command: (text) => { command.textContent = text; sameShots.hidden = !text; },
  });
  const check = new StabilityCheck(main);
  const levels = new Map();  // menu entry -> {path, xml}

  // Plays a level and names it in the menu (an entry added for a file or a generated level).
  function play(name, path, xml) {
    if (!levels.has(name)) {
      levels.set(name, { path, xml });
      c.select.append(el('option', { value: name, text: name }));
    }
    c.select.value = name;
    c.download.href = xmlLink(xml);
    c.download.download = name.split(' ')[0];
    game.load(name, path, xml).then(() => {
      if (game.name === name) check.show(game.state() === 'error' ? null : game.level);
    });
  }
  const generator = new Generator(main, (file, xml) => play(`${file} (generated)`, file, xml));
  check.xml = () => (levels.get(c.select.value) || {}).xml || '';
  main.append(check.node, generator.node);

  c.select.onchange = () => {
    const l = levels.get(c.select.value);
    play(c.select.value, l.path, l.xml);
  };
  c.file.onchange = async () => {
    const f = c.file.files[0];
    if (f) play(`${f.name} (file)`, f.name, await f.text());
  };
  c.restart.onclick = () => game.restart();
  c.undo.onclick = () => game.undo();
  c.showMe.onclick = () => game.showMe();
  c.skip.onclick = () => game.skip();
  c.speed.onchange = () => game.setSpeed(Number(c.speed.value));
  c.step.onclick = () => game.stepFrames(1);

  main.dataset.state = 'loading';
  get('/api/birds/levels').then((r) => {
    r.levels.forEach((l) => {
      levels.set(l.name, { path: `data/birds/${l.name}`, xml: l.text });
      c.select.append(el('option', { value: l.name, text: l.name }));
    });
    if (r.levels.length) play(r.levels[0].name, `data/birds/${r.levels[0].name}`, r.levels[0].text);
  }).catch((e) => {
    error.textContent = e.message;
    main.dataset.state = 'error';
  });
  return () => {
    game.stop();
    check.stop();
    generator.stop();
  };
}
