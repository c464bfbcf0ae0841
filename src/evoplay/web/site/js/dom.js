// Building the page's DOM from elements and text (never from HTML strings: server text is
// text): the small helpers every page module may use.

// A `tag` element with a class and text (either may be '').
export function element(tag, className = '', text = '') {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== '') e.textContent = String(text);
  return e;
}

// A <dl> list's children from [term, value] pairs.
export function fillInfo(dl, pairs) {
  dl.replaceChildren();
  for (const [term, value] of pairs) dl.append(element('dt', '', term), element('dd', '', value));
}

// A <select>'s options from [value, label] pairs (a plain string: both).
export function fillSelect(select, options) {
  select.replaceChildren(...options.map((o) => {
    const [value, label] = Array.isArray(o) ? o : [o, o];
    const option = element('option', '', label);
    option.value = value;
    return option;
  }));
}

// `e` with its id.
export function withId(e, id) {
  e.id = id;
  return e;
}

// A button with its id and label.
export function button(id, text) {
  const b = withId(element('button', '', text), id);
  b.type = 'button';
  return b;
}

// A <div> of class `className` holding `children`.
export function box(className, ...children) {
  const div = element('div', className);
  div.append(...children);
  return div;
}

// A control after its label's text, both in one <label>.
export function labelled(text, control) {
  const label = element('label', '', text + ' ');
  label.append(control);
  return label;
}

// A <select> with its id and options (see fillSelect).
export function select(id, options) {
  const s = withId(element('select'), id);
  fillSelect(s, options);
  return s;
}

// A number input with its id, value and range (`max` may be left out).
export function numberInput(id, value, min, max) {
  const input = withId(element('input', 'number'), id);
  input.type = 'number';
  input.value = String(value);
  input.min = String(min);
  if (max !== undefined) input.max = String(max);
  return input;
}
