// Angry Birds played: the level drawn as the server settled it, the next bird on the slingshot,
// dragged and released (birds_sling.js), its shot simulated by the server (POST
// /api/birds/shoot, the library's play as `birds shoot`) and animated from its frames; a tap in
// flight asks the server again with the tap at the moment shown and the animation goes on from
// there. A flight plays in real time, slowed down, or frame by frame (stepFrames: the "Next
// frame" button, → and Shift+→), so a person can tap at the moment they choose. Undo, restart
// and "show me" (the search agent's shot) ask the server for the level after the shots that
// remain. The page's states are #page's data-state: loading, aiming,
// dragging, thinking (the agent), flying, won, lost, error.
import { post } from './api.js';
import * as draw from './birds_view.js';
import { flightPoints, launchOf, listen, shotOfDrag } from './birds_sling.js';

const ABILITY = { BirdBlue: 'split in three', BirdYellow: 'speed up', BirdBlack: 'explode',
  BirdWhite: 'drop its egg' };
const MIN_PULL = 0.1;   // a shorter drag is taken back, not shot (a click on the bird)
const GRAB_PX = 30;     // a press this close to the bird (CSS pixels) grabs it
const SHOW_PULL_MS = 700;  // "show me": the agent's pull shown this long before the flight
const PIG = 1;

const counted = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

export class BirdsGame {
  constructor(main, canvas, ui) {
    this.main = main;
    this.canvas = canvas;
    this.ui = ui;  // {status, info, shots, command, error, buttons: {undo, restart, showMe, skip}}
    this.token = 0;
    this.level = null;
    this.speed = 1;  // flight frames per frame of game time: 1, slower, or 0 (frame by frame)
    this.timers = new Set();
    this.unlisten = listen(canvas, () => this.view, {
      grab: (p) => this.grab(p),
      aim: (mx, my) => this.aimAt(mx, my),
      release: (mx, my) => this.release(mx, my),
      cancel: () => this.cancelDrag(),
      tap: () => this.tap(),
      step: (n) => this.stepFrames(n),
    });
  }

  stop() {
    ++this.token;
    this.flight = null;
    this.timers.forEach(clearTimeout);
    this.unlisten();
  }

  // A level by its name, the path `birds shoot` would read it from, and its XML.
  async load(name, path, xml) {
    this.name = name;
    this.path = path;
    this.xml = xml;
    this.shots = [];
    this.records = [];
    this.main.dataset.level = name;
    await this.refresh();
  }

  restart() {
    if (!this.level || this.busy()) return;
    this.shots = [];
    this.records = [];
    this.refresh();
  }

  undo() {
    if (!this.shots.length || this.busy()) return;
    this.shots.pop();
    this.records.pop();
    this.refresh();
  }

  busy() { return ['loading', 'thinking', 'flying'].includes(this.state()); }
  state() { return this.main.dataset.state; }
  setState(state) {
    this.main.dataset.state = state;
    const b = this.ui.buttons;
    b.undo.disabled = !this.shots.length || this.busy();
    b.restart.disabled = !this.shots.length || this.busy();
    b.showMe.disabled = state !== 'aiming';
    b.skip.disabled = state !== 'flying';
    b.step.disabled = state !== 'flying' || this.speed !== 0;
  }

  // How fast flights play: 1 real time, 0.25 a quarter of it, 0 frame by frame.
  setSpeed(speed) {
    this.speed = speed;
    this.setState(this.state());
  }

  // Frame by frame: `n` frames on. Whether it did (a flight shown frame by frame).
  stepFrames(n) {
    const f = this.flight;
    if (!f || f.paused || this.speed !== 0 || this.state() !== 'flying') return false;
    f.clock = Math.max(f.clock, f.index + n);
    return true;
  }

  // The level after this.shots, from the server.
  async refresh() {
    const token = ++this.token;
    this.flight = null;
    this.aim = null;
    this.trail = [];
    this.ui.error.textContent = '';
    this.setState('loading');
    try {
      const answer = await post('/api/birds/level', { xml: this.xml, shots: this.shots });
      if (token !== this.token) return;
      this.level = answer;
      this.poses = answer.poses;
      this.game = answer.game;
      this.view = new draw.View(this.canvas, answer);
      this.settle();
    } catch (e) {
      if (token === this.token) this.fail(e);
    }
  }

  fail(e) {
    this.ui.error.textContent = e.message;
    this.flight = null;
    this.aim = null;
    this.setState('error');
    if (this.level) this.render();
  }

  // Between shots: the game's state shown, the next bird on the slingshot.
  settle() {
    const g = this.game;
    this.setState(g.game === 'won' ? 'won' : g.game === 'lost' ? 'lost' : 'aiming');
    this.show();
    this.render();
  }

  bird() { return this.level.birds[this.game.birds_used]; }

  grab([x, y]) {
    if (this.state() !== 'aiming') return false;
    const [rx, ry] = this.level.rest;
    if (Math.hypot(x - rx, y - ry) * this.view.cssUnit() > Math.max(GRAB_PX, 0.6 * this.view.cssUnit())) return false;
    this.setState('dragging');
    return true;
  }

  aimAt(mx, my) {
    this.aim = shotOfDrag(mx, my, this.view.cssUnit(), this.bird());
    this.main.dataset.aim = `${this.aim.angle} ${this.aim.pull}`;
    this.render();
  }

  cancelDrag() {
    this.aim = null;
    this.setState('aiming');
    this.render();
  }

  release(mx, my) {
    const shot = shotOfDrag(mx, my, this.view.cssUnit(), this.bird());
    if (shot.pull < MIN_PULL) {
      this.cancelDrag();
      return;
    }
    this.aim = shot;
    this.shoot({ shot }, true);
  }

  showMe() {
    if (this.state() !== 'aiming') return;
    this.shoot({ agent: 'search' }, false);
  }

  // POST the next shot ({shot} or {agent}); then its flight. `tappable`: the person may tap.
  async shoot(what, tappable) {
    const token = ++this.token;
    this.pendingTap = false;
    this.agentShot = Boolean(what.agent);
    this.setState(what.agent ? 'thinking' : 'flying');
    this.ui.status.textContent = what.agent ? 'The search agent is choosing its shot...' : '';
    const sent = performance.now();
    try {
      const answer = await post('/api/birds/shoot', { xml: this.xml, shots: this.shots, ...what });
      if (token !== this.token) return;
      this.main.dataset.answerMs = String(Math.round(performance.now() - sent));
      if (what.agent) {
        this.aim = answer.shot;
        this.render();
        this.later(() => token === this.token && this.fly(answer, false), SHOW_PULL_MS);
      } else {
        this.fly(answer, tappable);
      }
    } catch (e) {
      if (token === this.token) this.fail(e);
    }
  }

  later(f, ms) {
    const id = setTimeout(() => {
      this.timers.delete(id);
      f();
    }, ms);
    this.timers.add(id);
  }

  fly(answer, tappable) {
    this.setState('flying');
    const bird = this.bird();
    this.ui.status.textContent = (tappable && ABILITY[bird.type]
      ? `Tap (click, touch or Space) to ${ABILITY[bird.type]}` : 'In flight') +
      (this.speed === 0 ? ' (frame by frame: Next frame, → or Shift+→ for ten)' : '');
    this.aim = null;
    delete this.main.dataset.abilityUsed;
    this.lastTrail = this.trail;
    this.trail = [];
    // clock: the frames due (game time over the frame's length, at this.speed).
    this.flight = { answer, index: -1, clock: 0, last: performance.now(), flyers: [],
      tappable: tappable && Boolean(ABILITY[bird.type]), paused: false };
    requestAnimationFrame((now) => this.tick(now));
  }

  tick(now) {
    const f = this.flight;
    if (!f || f.paused) return;
    const frames = f.answer.frames;
    f.clock += Math.max(0, now - f.last) / 1000 / f.answer.frame_seconds * this.speed;
    f.last = now;
    const due = Math.floor(f.clock + 1e-9);
    while (f.index < Math.min(due, frames.length - 1)) this.apply(frames[++f.index]);
    this.main.dataset.frame = String(f.index);
    this.main.dataset.flightTime = String(f.time ?? 0);
    this.render();
    // A tap that came before the first frame, once a frame is shown (the first call of tick may
    // come before it: its time is the frame's start, which can precede fly()).
    if (this.pendingTap && f.tappable && f.index >= 0) {
      this.pendingTap = false;
      if (this.tap()) return;  // asked again: tick goes on with the new frames
    }
    if (f.index >= frames.length - 1) this.land();
    else requestAnimationFrame((t) => this.tick(t));
  }

  apply(frame) {
    frame.p.forEach(([i, x, y, a, alive]) => { this.poses[i] = [x, y, a, alive]; });
    this.flight.flyers = frame.f;
    frame.f.forEach(([, , x, y]) => this.trail.push([x, y]));
    this.flight.time = frame.t;
  }

  // The shot's end: it joins the shots, the game is the server's.
  land() {
    const a = this.flight.answer;
    this.flight = null;
    this.shots.push(a.shot);
    this.records.push(a.record);
    this.game = a.game;
    this.main.dataset.lastShot = JSON.stringify(a.shot);
    this.settle();
  }

  skip() {
    const f = this.flight;
    if (!f || f.paused) return;
    f.answer.frames.slice(f.index + 1).forEach((frame) => this.apply(frame));
    f.index = f.answer.frames.length - 1;
    this.land();
  }

  // The bird's ability at the moment shown: the shot asked again with that tap; the flight goes
  // on from there with the new frames (those before the tap are the same).
  tap() {
    const f = this.flight;
    if (this.state() !== 'flying') return false;
    if (!f || f.index < 0) {  // before the first frame: the tap waits for it
      this.pendingTap = Boolean(ABILITY[this.bird().type]) && !this.agentShot;
      return this.pendingTap;
    }
    if (!f.tappable) return false;
    f.tappable = false;
    f.paused = true;
    const token = this.token;
    const shot = { ...f.answer.shot, tap: f.answer.frames[f.index].t };
    this.main.dataset.tap = String(shot.tap);
    post('/api/birds/shoot', { xml: this.xml, shots: this.shots, shot }).then((answer) => {
      if (token !== this.token || this.flight !== f) return;
      f.answer = answer;
      f.paused = false;
      f.clock = f.index + (this.speed > 0 ? 1 : 0);  // frame by frame: this frame until a step
      f.last = performance.now();
      this.main.dataset.abilityUsed = String(answer.record.ability_used);
      this.ui.status.textContent = answer.record.ability_used ? 'Ability used' : 'Too late (or too early) for the ability';
      requestAnimationFrame((t) => this.tick(t));
    }).catch((e) => token === this.token && this.fail(e));
    return true;
  }

  pigsLeft() {
    return this.level.objects.filter((o, i) => o.kind === PIG && this.poses[i][3]).length;
  }

  // The game in words and in #page's data-*: score, pigs, birds, the shots so far.
  show() {
    const g = this.game;
    const next = g.game === 'playing' ? this.bird().type : '';
    const d = this.main.dataset;
    d.score = String(g.score);
    d.pigs = String(this.pigsLeft());
    d.birdsLeft = String(g.birds - g.birds_used);
    d.shots = String(this.shots.length);
    d.bird = next;
    this.ui.info(this.name, next, g);
    this.ui.status.textContent = g.game === 'won' ? `Level cleared: ${counted(g.pigs_killed, 'pig')}, score ${g.score}`
      : g.game === 'lost' ? `Level failed: ${counted(g.pigs - g.pigs_killed, 'pig')} left`
        : `${next}: drag it back from the slingshot and let go` + (ABILITY[next] ? `; tap in flight to ${ABILITY[next]}` : '');
    this.ui.shots(this.records);
    this.ui.command(this.command());
  }

  // The shots so far as `evoplay birds shoot` takes them.
  command() {
    if (!this.shots.length) return '';
    const s = this.shots;
    const parts = ['evoplay birds shoot', this.path, ...s.map((x) => `--angle ${x.angle}`)];
    if (s.some((x) => x.pull !== 1)) parts.push(...s.map((x) => `--pull ${x.pull}`));
    if (s.some((x) => x.tap >= 0)) parts.push(...s.map((x) => `--tap ${x.tap}`));
    return parts.join(' ');
  }

  render() {
    const c = this.canvas.getContext('2d'), v = this.view, l = this.level;
    draw.drawLevel(c, v, l.objects, this.poses);
    draw.drawDots(c, v, this.lastTrail || [], 'rgba(255, 255, 255, 0.55)');
    draw.drawDots(c, v, this.trail, 'rgb(255, 255, 255)');
    draw.drawSling(c, v, l.slingshot, l.rest, false);
    const used = this.game.birds_used;
    const onSling = ['aiming', 'dragging', 'thinking'].includes(this.state()) ||
      (this.state() === 'error' && !this.flight);
    // The birds to come; when the game is over, every bird not shot.
    draw.drawWaiting(c, v, l.birds.slice(onSling || this.flight ? used + 1 : used), l.slingshot);
    if (onSling) this.drawOnSling(c, v, l.birds[used]);
    if (this.flight) this.drawFlyers(c, v);
    draw.drawSling(c, v, l.slingshot, l.rest, true);
    draw.drawScore(c, v, `Score ${this.game.score}    Pigs ${this.pigsLeft()}`);
    if (this.state() === 'won') draw.drawBanner(c, v, 'Level cleared!', 'rgb(20, 120, 40)');
    if (this.state() === 'lost') draw.drawBanner(c, v, 'Level failed', 'rgb(180, 30, 30)');
  }

  drawOnSling(c, v, bird) {
    if (!bird) return;
    const l = this.level;
    let at = l.rest;
    if (this.aim) {
      const launch = launchOf(l.rest, bird, this.aim);
      at = [launch.x, launch.y];
      draw.drawDots(c, v, flightPoints(l, bird, this.aim), 'rgba(255, 255, 255, 0.9)', 0.05);
      draw.drawBand(c, v, l.rest, at);
    }
    draw.drawBird(c, v, bird.outline, draw.birdColour(bird.type), at[0], at[1]);
    // Where the tests (and a person reading the page) find the bird: CSS pixels in the canvas.
    const [bx, by] = v.toCss(l.rest);
    this.canvas.dataset.birdX = bx.toFixed(1);
    this.canvas.dataset.birdY = by.toFixed(1);
    this.canvas.dataset.unit = v.cssUnit().toFixed(3);
  }

  drawFlyers(c, v) {
    const l = this.level;
    this.flight.flyers.forEach(([type, egg, x, y, a]) => {
      const colour = draw.birdColour(type, egg);
      if (y > v.top()) {
        draw.drawAbove(c, v, x, colour);
        return;
      }
      const outline = egg ? l.egg : l.birds.find((b) => b.type === type).outline;
      draw.drawBird(c, v, outline, colour, x, y, a);
    });
  }
}
