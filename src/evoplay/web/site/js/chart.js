// A line chart on a canvas (fitness curves): series of [x, y] points, axes with their ranges
// and titles (generation and fitness unless told otherwise).

const COLOURS = ['rgb(0, 114, 178)', 'rgb(213, 94, 0)', 'rgb(0, 158, 115)', 'rgb(204, 121, 167)'];

export class Chart {
  constructor(parent, width = 480, height = 240, titles = {}) {
    this.xTitle = titles.x || 'generation';
    this.yTitle = titles.y || 'fitness';
    this.canvas = document.createElement('canvas');
    this.canvas.className = 'chart';
    // What the canvas shows, for tests and assistive tools: its axes' titles (then, once drawn,
    // its ticks and its legend's corner).
    this.canvas.dataset.xTitle = this.xTitle;
    this.canvas.dataset.yTitle = this.yTitle;
    this.canvas.setAttribute('aria-label', `chart: ${this.yTitle} against ${this.xTitle}`);
    this.canvas.width = width;
    this.canvas.height = height;
    parent.appendChild(this.canvas);
    this.series = new Map();
    this.drawn = 0;
  }
  clear() {
    this.series.clear();
    this.draw();
  }
  add(name, x, y) {
    if (!Number.isFinite(x) || !Number.isFinite(y)) return;
    if (!this.series.has(name)) this.series.set(name, []);
    this.series.get(name).push([x, y]);
  }
  // A generation event's best and mean at x, the chart redrawn at most every 100 ms (a live
  // curve: draw() at the end shows the rest).
  addGeneration(x, event) {
    this.add('best', x, event.best);
    this.add('mean', x, event.mean);
    if (performance.now() - this.drawn > 100) {
      this.draw();
      this.drawn = performance.now();
    }
  }
  set(name, points) {
    this.series.set(name, points.filter(([x, y]) => Number.isFinite(x) && Number.isFinite(y)));
  }
  points() {
    let n = 0;
    for (const s of this.series.values()) n += s.length;
    return n;
  }
  // The x and y ranges of every series (x0 > x1 when there are no points).
  ranges() {
    let x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity;
    for (const s of this.series.values()) {
      for (const [x, y] of s) {
        x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, y); y1 = Math.max(y1, y);
      }
    }
    if (x1 === x0) x1 = x0 + 1;
    if (y1 === y0) { y1 += 1; y0 -= 1; }
    return { x0, x1, y0, y1 };
  }
  // The axes' titles: x under the axis, y turned along it.
  drawTitles(c, box) {
    c.fillStyle = '#444';
    c.font = '12px sans-serif';
    c.textAlign = 'center';
    c.fillText(this.xTitle, box.left + box.width / 2, box.bottom + 30);
    c.save();
    c.translate(12, box.top + box.height / 2);
    c.rotate(-Math.PI / 2);
    c.fillText(this.yTitle, 0, 0);
    c.restore();
    c.textAlign = 'left';
  }
  draw() {
    const c = this.canvas.getContext('2d');
    const w = this.canvas.width, h = this.canvas.height;
    const box = { left: 58, top: 8, width: w - 58 - 8, height: h - 40 - 8, bottom: h - 40 };
    c.clearRect(0, 0, w, h);
    c.strokeStyle = '#999';
    c.strokeRect(box.left, box.top, box.width, box.height);
    this.drawTitles(c, box);
    const { x0, x1, y0, y1 } = this.ranges();
    if (!Number.isFinite(x0)) return;
    const px = (x) => box.left + ((x - x0) / (x1 - x0)) * box.width;
    const py = (y) => box.bottom - ((y - y0) / (y1 - y0)) * box.height;
    // Ticks at round values (1, 2, 2.5 or 5 times a power of ten), with light grid lines.
    c.fillStyle = '#444';
    c.font = '11px sans-serif';
    c.strokeStyle = '#e4e4e4';
    c.textAlign = 'right';
    c.textBaseline = 'middle';
    const yTicks = niceTicks(y0, y1, 4), xTicks = niceTicks(x0, x1, 5);
    for (const t of yTicks) {
      c.beginPath();
      c.moveTo(box.left, py(t));
      c.lineTo(box.left + box.width, py(t));
      c.stroke();
      c.fillText(tickText(t), box.left - 4, py(t));
    }
    c.textAlign = 'center';
    c.textBaseline = 'alphabetic';
    for (const t of xTicks) {  // centred under its tick, kept inside the canvas
      const text = tickText(t), half = c.measureText(text).width / 2;
      c.fillText(text, Math.min(Math.max(px(t), half + 1), w - half - 1), box.bottom + 14);
    }
    c.textAlign = 'left';
    c.strokeStyle = '#999';
    c.strokeRect(box.left, box.top, box.width, box.height);  // over the grid's ends
    this.canvas.dataset.yTicks = yTicks.join(',');
    this.canvas.dataset.xTicks = xTicks.join(',');
    // The first series (best) drawn last, over the others; each keeps its colour. The legend's
    // names side by side, each as wide as its text, in the corner whose band hides the least of
    // the curves (points every 4 pixels along them): top left, top right, bottom right, bottom
    // left, the first of those on a tie. A falling curve leaves the top right free, a rising one
    // the top left, one along the top a bottom corner.
    const all = [...this.series];
    const legendWidth = all.reduce((w, [name]) => w + c.measureText(name).width + 14, 0);
    const ink = [];
    for (const [, s] of all) {
      s.forEach(([x, y], k) => {
        const u = px(x), v = py(y);
        const [u0, v0] = k ? [px(s[k - 1][0]), py(s[k - 1][1])] : [u, v];
        const steps = Math.min(1000, Math.ceil(Math.hypot(u - u0, v - v0) / 4));
        for (let t = 0; t <= steps; ++t) {
          const f = steps ? t / steps : 1;
          ink.push([u0 + f * (u - u0), v0 + f * (v - v0)]);
        }
      });
    }
    const right = box.left + box.width - 8 - legendWidth;
    const corners = [['top-left', box.left + 8, box.top + 12], ['top-right', right, box.top + 12],
      ['bottom-right', right, box.bottom - 8], ['bottom-left', box.left + 8, box.bottom - 8]];
    const hidden = ([, left, base]) => ink.filter(([u, v]) => u >= left - 8 &&
      u <= left + legendWidth + 8 && v >= base - 14 && v <= base + 6).length;
    const counts = corners.map(hidden);
    const [corner, legendLeft, legendBase] = corners[counts.indexOf(Math.min(...counts))];
    this.canvas.dataset.legend = corner;
    const legendX = [];
    all.reduce((x, [name]) => legendX.push(x) && x + c.measureText(name).width + 14, legendLeft);
    for (let i = all.length - 1; i >= 0; --i) {
      const [name, s] = all[i];
      c.strokeStyle = COLOURS[i % COLOURS.length];
      c.beginPath();
      s.forEach(([x, y], k) => (k ? c.lineTo(px(x), py(y)) : c.moveTo(px(x), py(y))));
      c.stroke();
      c.fillStyle = c.strokeStyle;
      c.fillText(name, legendX[i], legendBase);
    }
  }
}

// About `count` round values within [lo, hi]: multiples of 1, 2, 2.5 or 5 times a power of ten.
export function niceTicks(lo, hi, count) {
  if (!(hi > lo)) return [lo];
  const raw = (hi - lo) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw);
  const ticks = [];
  for (let t = Math.ceil(lo / step - 1e-9) * step; t <= hi + step * 1e-9; t += step) {
    ticks.push(+t.toPrecision(12));
  }
  return ticks;
}

// A tick's text: at most 4 significant digits, thousands grouped (12,000; 0.25; 1.5e+6).
function tickText(t) {
  return Math.abs(t) >= 1e6 ? t.toPrecision(2) : (+t.toPrecision(4)).toLocaleString('en-US');
}

// history.csv (docs/runs.md) as {columns, rows}: numbers, empty cells NaN. A last line without
// its newline (a file being written) is left out.
export function parseCsv(text) {
  const end = text.lastIndexOf('\n');
  const lines = text.slice(0, end + 1).split('\n').filter((l) => l.length);
  if (!lines.length) return { columns: [], rows: [] };
  const columns = lines[0].split(',');
  const rows = lines.slice(1).map((l) => l.split(',').map((v) => (v === '' ? NaN : Number(v))));
  return { columns, rows };
}
