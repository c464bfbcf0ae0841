// Angry Birds drawn on a canvas: the sky, the ground, the level's objects at their poses, the
// slingshot, the birds (waiting, on the slingshot, in flight), their trails, the aiming preview
// and a banner. Positions are the server's (world units, y up); the view maps the level's width
// onto the canvas's width, from just under the ground up.

// Close to the PNG renders (games/birds/render.cpp): wood, stone, ice; pigs, TNT, platforms.
const MATERIAL = { 1: 'rgb(196, 142, 80)', 2: 'rgb(150, 150, 160)', 3: 'rgb(150, 210, 240)' };
const KIND = { 1: 'rgb(110, 190, 60)', 2: 'rgb(220, 60, 40)', 3: 'rgb(90, 80, 70)' };
export const BIRD_COLOUR = {
  BirdRed: 'rgb(210, 40, 40)', BirdBlue: 'rgb(90, 160, 235)', BirdYellow: 'rgb(245, 205, 40)',
  BirdBlack: 'rgb(45, 45, 50)', BirdWhite: 'rgb(245, 245, 235)',
};
const EGG_COLOUR = 'rgb(250, 250, 245)';
const SKY = 'rgb(200, 230, 250)';
const GROUND = 'rgb(120, 90, 60)';
const WOOD_DARK = 'rgb(110, 70, 35)';

// World <-> canvas for a level {half_width, ground}.
export class View {
  constructor(canvas, level) {
    this.canvas = canvas;
    this.x0 = -level.half_width;
    this.y0 = level.ground - 0.5;
    this.scale = canvas.width / (2 * level.half_width);
  }
  px(x) { return (x - this.x0) * this.scale; }
  py(y) { return this.canvas.height - (y - this.y0) * this.scale; }
  top() { return this.y0 + this.canvas.height / this.scale; }
  // CSS pixels per world unit, as the canvas is shown now.
  cssUnit() { return this.canvas.getBoundingClientRect().width / (this.canvas.width / this.scale); }
  // The world point under a pointer event.
  toWorld(event) {
    const r = this.canvas.getBoundingClientRect();
    const k = this.canvas.width / r.width;
    return [(event.clientX - r.left) * k / this.scale + this.x0,
      this.y0 + (this.canvas.height - (event.clientY - r.top) * k) / this.scale];
  }
  // A world point in CSS pixels from the canvas's top-left corner.
  toCss([x, y]) {
    const k = this.canvas.getBoundingClientRect().width / this.canvas.width;
    return [this.px(x) * k, this.py(y) * k];
  }
}

function path(c, view, points) {
  c.beginPath();
  points.forEach(([x, y], j) => (j ? c.lineTo(view.px(x), view.py(y)) : c.moveTo(view.px(x), view.py(y))));
  c.closePath();
}

// An object's outline moved from its first pose to `pose` ([x, y, angle, alive]).
function drawObject(c, view, o, pose) {
  const [sx, sy, sa] = o.pose;
  const [x, y, a] = pose;
  const da = a - sa, cos = Math.cos(da), sin = Math.sin(da);
  const move = ([qx, qy]) => [x + cos * (qx - sx) - sin * (qy - sy), y + sin * (qx - sx) + cos * (qy - sy)];
  c.fillStyle = o.kind === 0 ? MATERIAL[o.material] || '#aaa' : KIND[o.kind];
  c.strokeStyle = 'rgba(0, 0, 0, 0.6)';
  if (o.round) {
    const [cx, cy] = move(o.centre);
    c.beginPath();
    c.arc(view.px(cx), view.py(cy), o.radius * view.scale, 0, 2 * Math.PI);
  } else {
    path(c, view, o.points.map(move));
  }
  c.fill();
  c.stroke();
}

export function drawLevel(c, view, objects, poses) {
  c.fillStyle = SKY;
  c.fillRect(0, 0, view.canvas.width, view.canvas.height);
  c.fillStyle = GROUND;
  const g = view.py(view.y0 + 0.5);
  c.fillRect(0, g, view.canvas.width, view.canvas.height - g);
  objects.forEach((o, i) => {
    if (poses[i][3]) drawObject(c, view, o, poses[i]);
  });
}

// The slingshot's two posts: the back one before the bird, the front one after.
export function drawSling(c, view, sling, rest, front) {
  const [sx, sy] = sling;
  const ground = view.y0 + 0.5;
  c.strokeStyle = WOOD_DARK;
  c.lineCap = 'round';
  c.lineWidth = 0.14 * view.scale;
  c.beginPath();
  if (front) {
    c.moveTo(view.px(sx), view.py(ground));
    c.lineTo(view.px(sx), view.py(sy + 0.3));
    c.lineTo(view.px(rest[0] - 0.2), view.py(rest[1] + 0.15));
  } else {
    c.moveTo(view.px(sx), view.py(sy + 0.3));
    c.lineTo(view.px(rest[0] + 0.3), view.py(rest[1] + 0.15));
  }
  c.stroke();
  c.lineWidth = 1;
}

// The rubber band from both prongs to the bird at (x, y).
export function drawBand(c, view, rest, [x, y]) {
  c.strokeStyle = 'rgb(70, 40, 20)';
  c.lineWidth = 0.06 * view.scale;
  c.beginPath();
  c.moveTo(view.px(rest[0] - 0.2), view.py(rest[1] + 0.15));
  c.lineTo(view.px(x), view.py(y));
  c.lineTo(view.px(rest[0] + 0.3), view.py(rest[1] + 0.15));
  c.stroke();
  c.lineWidth = 1;
}

// A bird (or the egg) of outline `points` at (x, y) turned by `angle` radians.
export function drawBird(c, view, points, colour, x, y, angle = 0) {
  const cos = Math.cos(angle), sin = Math.sin(angle);
  path(c, view, points.map(([qx, qy]) => [x + cos * qx - sin * qy, y + sin * qx + cos * qy]));
  c.fillStyle = colour;
  c.fill();
  c.strokeStyle = 'rgba(0, 0, 0, 0.7)';
  c.stroke();
  // An eye, so that a bird is not taken for a pig or a stone.
  c.fillStyle = 'white';
  c.beginPath();
  c.arc(view.px(x + 0.08 * cos), view.py(y + 0.08 * sin + 0.05), 0.06 * view.scale, 0, 2 * Math.PI);
  c.fill();
}

export function birdColour(type, egg) { return egg ? EGG_COLOUR : BIRD_COLOUR[type] || '#888'; }

// The birds still to come, on the ground behind the slingshot, the next one nearest.
export function drawWaiting(c, view, birds, sling) {
  let x = sling[0] - 0.55;
  birds.forEach((b) => {
    const low = Math.min(...b.outline.map((p) => p[1]));
    const wide = Math.max(...b.outline.map((p) => p[0])) - Math.min(...b.outline.map((p) => p[0]));
    drawBird(c, view, b.outline, birdColour(b.type, false), x - wide / 2, view.y0 + 0.5 - low);
    x -= wide + 0.15;
  });
}

export function drawDots(c, view, points, colour, radius = 0.045) {
  c.fillStyle = colour;
  points.forEach(([x, y]) => {
    c.beginPath();
    c.arc(view.px(x), view.py(y), Math.max(1.5, radius * view.scale), 0, 2 * Math.PI);
    c.fill();
  });
}

// A flyer above the canvas: a mark at the top edge where it is.
export function drawAbove(c, view, x, colour) {
  c.fillStyle = colour;
  c.beginPath();
  c.moveTo(view.px(x), 2);
  c.lineTo(view.px(x) - 7, 14);
  c.lineTo(view.px(x) + 7, 14);
  c.closePath();
  c.fill();
}

export function drawBanner(c, view, text, colour) {
  const w = view.canvas.width, h = view.canvas.height;
  c.fillStyle = 'rgba(255, 255, 255, 0.8)';
  c.fillRect(0, h * 0.38, w, h * 0.2);
  c.fillStyle = colour;
  c.font = `bold ${Math.round(h * 0.08)}px system-ui, sans-serif`;
  c.textAlign = 'center';
  c.textBaseline = 'middle';
  c.fillText(text, w / 2, h * 0.48);
  c.textAlign = 'start';
  c.textBaseline = 'alphabetic';
}

// The score and the pigs left, top left.
export function drawScore(c, view, text) {
  c.font = `bold ${Math.round(view.canvas.height * 0.045)}px system-ui, sans-serif`;
  c.fillStyle = 'rgba(0, 0, 0, 0.75)';
  c.fillText(text, 12, view.canvas.height * 0.07);
}
