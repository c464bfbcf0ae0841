// Elements for the Angry Birds page, built with createElement and textContent (never HTML text).

// el('button', {id: 'undo', text: 'Undo'}, child...): properties set as such (className, value,
// disabled, ...), `text` as the text content, data-* and other names as attributes.
export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === 'text') node.textContent = value;
    else if (key.startsWith('data-') || key.startsWith('aria-') || !(key in node)) node.setAttribute(key, value);
    else node[key] = value;
  }
  node.append(...children.filter((c) => c !== null && c !== undefined));
  return node;
}

// A <dl> of [term, value] pairs.
export function fillInfo(dl, pairs) {
  dl.replaceChildren(...pairs.flatMap(([term, value]) => [el('dt', { text: term }), el('dd', { text: String(value) })]));
}

// A number input with its label.
export function numberField(id, label, min, max, value) {
  return el('label', { text: `${label} ` }, el('input', { id, type: 'number', min, max, value }));
}
