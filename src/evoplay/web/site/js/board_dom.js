// Small DOM helpers of the board pages: elements built from tags, attributes and children
// (text is always set as text, never parsed as HTML), and SVG elements for drawn boards.

const SVG = 'http://www.w3.org/2000/svg';

function fill(node, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'text') node.textContent = value;
    else if (key === 'dataset') Object.assign(node.dataset, value);
    else if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === 'string' ? document.createTextNode(child) : child);
  }
  return node;
}

// el('button', {id: 'new', onclick: f}, 'New game')
export function el(tag, attrs, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

// svg('rect', {x: 0, y: 0, width: 10, height: 10})
export function svg(tag, attrs, ...children) {
  return fill(document.createElementNS(SVG, tag), attrs, children);
}

// A <select> of `options` (strings, or [value, text] pairs).
export function select(id, options) {
  return el('select', { id }, options.map((o) => (Array.isArray(o)
    ? el('option', { value: o[0], text: o[1] })
    : el('option', { text: o }))));
}

export function clear(node) {
  node.replaceChildren();
  return node;
}
