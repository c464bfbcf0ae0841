// The slingshot as the game has it (docs/birds-play.md, birds/sling.hpp): the bird rests at the
// rest point; pulled back by d (at most its drag radius) and released, it flies from there
// through the rest point at pull x its full speed, under its flight gravity, in steps of the
// physics (v += g dt, then x += v dt). The drag is the pointer's (mouse, pen or touch) from where
// it pressed the bird; the shot's angle and pull are kept to hundredths, as `birds shoot` prints
// them, so that every shot played here can be typed to the command line.

const DEGREE = Math.PI / 180;
const round2 = (v) => Math.round(v * 100) / 100;

// The shot of a drag of (mx, my) CSS pixels (y down) at `unit` CSS pixels per world unit: the
// launch points from the pulled bird through the rest point (angle within -90..90 degrees, as
// the game's shots), the pull is the drag's length over the bird's drag radius, at most 1.
export function shotOfDrag(mx, my, unit, bird) {
  const angle = Math.max(-90, Math.min(90, Math.atan2(my, -mx) / DEGREE));
  const pull = Math.min(1, Math.hypot(mx, my) / unit / bird.drag_radius);
  return { angle: round2(angle), pull: round2(pull), tap: -1 };
}

// Where the bird is released and its velocity (launch_of).
export function launchOf(rest, bird, shot) {
  const a = shot.angle * DEGREE, d = Math.min(1, Math.max(0, shot.pull)) * bird.drag_radius;
  const speed = (d / bird.drag_radius) * bird.speed;
  return { x: rest[0] - d * Math.cos(a), y: rest[1] - d * Math.sin(a),
    vx: speed * Math.cos(a), vy: speed * Math.sin(a) };
}

// The preview: the flight's points every other step of `dt` until it falls below the ground or
// leaves the level (at most `seconds`).
export function flightPoints(level, bird, shot, seconds = 6) {
  const l = launchOf(level.rest, bird, shot), dt = level.time_step;
  const out = [];
  const vx = l.vx;
  let { x, y, vy } = l;
  for (let n = 1; n * dt <= seconds; ++n) {
    vy -= bird.gravity * dt;
    x += vx * dt;
    y += vy * dt;
    if (y < level.ground || Math.abs(x) > level.half_width) break;
    if (n % 2 === 0) out.push([x, y]);
  }
  return out;
}

// Pointer input on the canvas: a press on the bird (grab(point) says whether it is) starts a
// drag; each move calls aim(mx, my) with the drag so far in CSS pixels, the release release(mx,
// my); a press anywhere else calls tap() (the bird's ability during a flight). Space taps too;
// → calls step(1) and Shift+→ step(10) (a flight frame by frame).
// Returns a function that removes the listeners.
export function listen(canvas, view, hooks) {
  let drag = null;
  const moved = (e) => [e.clientX - drag.x, e.clientY - drag.y];
  const down = (e) => {
    if (drag) return;
    if (hooks.grab(view().toWorld(e))) {
      drag = { id: e.pointerId, x: e.clientX, y: e.clientY };
      canvas.setPointerCapture(e.pointerId);
      hooks.aim(0, 0);
      e.preventDefault();
    } else {
      hooks.tap();
    }
  };
  const move = (e) => {
    if (drag && e.pointerId === drag.id) hooks.aim(...moved(e));
  };
  const up = (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    const [mx, my] = moved(e);
    drag = null;
    hooks.release(mx, my);
  };
  const cancel = (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    drag = null;
    hooks.cancel();
  };
  const key = (e) => {
    if (e.code === 'Space' && hooks.tap()) e.preventDefault();
    else if (e.code === 'ArrowRight' && hooks.step(e.shiftKey ? 10 : 1)) e.preventDefault();
  };
  canvas.addEventListener('pointerdown', down);
  canvas.addEventListener('pointermove', move);
  canvas.addEventListener('pointerup', up);
  canvas.addEventListener('pointercancel', cancel);
  document.addEventListener('keydown', key);
  return () => document.removeEventListener('keydown', key);
}
