// A job's events shown at a pace the eye can follow: a run the machine finishes in a blink is
// replayed from its events, `perSecond` ticks a second, each tick showing the events up to and
// including the next one that `isTick` accepts (a generation). Nothing is skipped; a pace of 0
// shows every event as it comes.
export class Pacer {
  constructor(show, isTick) {
    this.show = show;
    this.isTick = isTick;
    this.queue = [];
    this.timer = null;
    this.perSecond = 0;
  }

  // The pace for the events from now on (0: as they come).
  setPace(perSecond) {
    this.perSecond = perSecond;
    this.stop();
    if (this.queue.length) this.push();
  }

  // An event (none: only the timer restarted).
  push(event) {
    if (event) this.queue.push(event);
    if (!this.perSecond) this.tick();
    else if (!this.timer) this.timer = setInterval(() => this.tick(), 1000 / this.perSecond);
  }

  tick() {
    while (this.queue.length) {
      const event = this.queue.shift();
      this.show(event);
      if (this.perSecond && this.isTick(event)) break;
    }
    if (!this.queue.length) this.stop();
  }

  // Forgets the events not yet shown.
  clear() {
    this.queue = [];
    this.stop();
  }

  stop() {
    clearInterval(this.timer);
    this.timer = null;
  }
}
