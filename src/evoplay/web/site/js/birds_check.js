// The stability check of a level: its physics from the file's poses, with no shot (POST
// /api/birds/simulate, as `birds simulate`), animated on a canvas of its own, then the verdict
// (stable, moved, destroyed). Before that, the level played is drawn as its file puts it.
// States: #page's data-check (ready, simulating, playing, done, error).
import { post } from './api.js';
import * as draw from './birds_view.js';
import { el, fillInfo } from './birds_dom.js';

export class StabilityCheck {
  constructor(main) {
    this.main = main;
    this.canvas = el('canvas', { id: 'check-view', className: 'birds-check', width: 600, height: 336 });
    this.status = el('div', { className: 'status', id: 'check-status' });
    this.verdict = el('dl', { className: 'info', id: 'verdict' });
    this.run = el('button', { id: 'simulate', text: 'Simulate the level' });
    this.again = el('button', { id: 'again', text: 'Replay', disabled: true });
    this.run.onclick = () => this.simulate();
    this.again.onclick = () => this.sim && this.play();
    this.timer = null;
    this.token = 0;  // a simulation's answer is shown only if no level or simulation came since
    this.node = el('section', {},
      el('h2', { text: 'Stability check' }),
      el('p', { className: 'note', text: 'The level as its file puts it, simulated without a shot until everything rests: does it stand?' }),
      el('div', { className: 'controls' }, this.run, this.again),
      el('div', { className: 'row' },
        el('div', {}, this.canvas, this.status),
        el('div', { className: 'panel' }, el('b', { text: 'Verdict' }), this.verdict)));
  }

  stop() { clearInterval(this.timer); }

  // The animation and verdict shown gone; a simulation still on its way is not shown. Returns
  // the token of what comes next.
  reset() {
    this.stop();
    this.verdict.replaceChildren();
    delete this.main.dataset.verdict;
    return ++this.token;
  }

  // A new level to check (the game's answer for it: its objects, size and ground; null when
  // none loaded): drawn as its file puts it, the last level's animation and verdict gone.
  show(level) {
    this.reset();
    this.sim = null;
    this.again.disabled = true;
    delete this.main.dataset.frame;
    const c = this.canvas.getContext('2d');
    if (!level) {
      c.clearRect(0, 0, this.canvas.width, this.canvas.height);
      this.status.textContent = '';
      delete this.main.dataset.check;
      return;
    }
    this.view = new draw.View(this.canvas, level);
    draw.drawLevel(c, this.view, level.objects, level.objects.map((o) => [...o.pose, true]));
    this.status.textContent = 'as its file puts it: Simulate to see whether it stands';
    this.main.dataset.check = 'ready';
  }

  // The level to check: its XML, from the game.
  async simulate(xml = this.xml()) {
    const token = this.reset();
    this.main.dataset.check = 'simulating';
    this.status.textContent = 'simulating...';
    let sim;
    try {
      sim = await post('/api/birds/simulate', { xml });
    } catch (e) {
      if (token !== this.token) return;
      this.status.textContent = e.message;
      this.main.dataset.check = 'error';
      return;
    }
    if (token !== this.token) return;
    this.sim = sim;
    this.view = new draw.View(this.canvas, sim);
    this.again.disabled = false;
    this.play();
  }

  draw(k) {
    draw.drawLevel(this.canvas.getContext('2d'), this.view, this.sim.objects, this.sim.frames[k]);
    const s = this.sim.frame_seconds;
    this.status.textContent = `t = ${(k * s).toFixed(2)} s of ${((this.sim.frames.length - 1) * s).toFixed(2)} s`;
    this.main.dataset.frame = String(k);
  }

  play() {
    this.stop();
    let k = 0;
    this.main.dataset.check = 'playing';
    this.draw(0);
    this.timer = setInterval(() => {
      if (++k < this.sim.frames.length) {
        this.draw(k);
        return;
      }
      this.stop();
      const r = this.sim.report;
      const verdict = r.stable ? 'stable' : r.destroyed ? 'destroyed' : 'moved';
      fillInfo(this.verdict, [['verdict', verdict], ['pieces', r.objects], ['moved', r.moved],
        ['destroyed', r.destroyed], ['score', r.score], ['at rest', r.at_rest]]);
      this.main.dataset.verdict = verdict;
      this.main.dataset.check = 'done';
    }, 1000 * this.sim.frame_seconds);
  }
}
