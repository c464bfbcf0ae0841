// A line chart on a canvas (fitness curves): series of [x, y] points, axes with their ranges.

const COLOURS = ['rgb(0, 114, 178)', 'rgb(213, 94, 0)', 'rgb(0, 158, 115)', 'rgb(204, 121, 167)'];

export class Chart {
  constructor(parent, width = 480, height = 240) {
    this.canvas = document.createElement('canvas');
    this.canvas.className = 'chart';
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
  draw() {
    const c = this.canvas.getContext('2d');
    const w = this.canvas.width, h = this.canvas.height, left = 50, bottom = 24, pad = 8;
    c.clearRect(0, 0, w, h);
    let x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity;
    for (const s of this.series.values()) {
      for (const [x, y] of s) {
        x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, y); y1 = Math.max(y1, y);
      }
    }
    c.strokeStyle = '#999';
    c.strokeRect(left, pad, w - left - pad, h - bottom - pad);
    if (!Number.isFinite(x0)) return;
    if (x1 === x0) x1 = x0 + 1;
    if (y1 === y0) { y1 += 1; y0 -= 1; }
    const px = (x) => left + ((x - x0) / (x1 - x0)) * (w - left - pad);
    const py = (y) => h - bottom - ((y - y0) / (y1 - y0)) * (h - bottom - pad);
    c.fillStyle = '#444';
    c.font = '11px sans-serif';
    c.fillText(String(+y1.toPrecision(4)), 2, pad + 10);
    c.fillText(String(+y0.toPrecision(4)), 2, h - bottom);
    c.fillText(String(x0), left, h - 8);
    c.fillText(String(x1), w - pad - 30, h - 8);
    let i = 0;
    for (const [name, s] of this.series) {
      c.strokeStyle = COLOURS[i % COLOURS.length];
      c.beginPath();
      s.forEach(([x, y], k) => (k ? c.lineTo(px(x), py(y)) : c.moveTo(px(x), py(y))));
      c.stroke();
      c.fillStyle = c.strokeStyle;
      c.fillText(name, left + 8 + 70 * i, pad + 12);
      ++i;
    }
  }
}

// history.csv (docs/runs.md) as {columns, rows}: numbers, empty cells NaN.
export function parseCsv(text) {
  const lines = text.trim().split('\n').filter((l) => l.length);
  if (!lines.length) return { columns: [], rows: [] };
  const columns = lines[0].split(',');
  const rows = lines.slice(1).map((l) => l.split(',').map((v) => (v === '' ? NaN : Number(v))));
  return { columns, rows };
}
