// A form of settings built from the JSON Schema a route gives (GET .../settings: the settings'
// one declaration, core/fields_schema.hpp): one input per setting, grouped under the headings
// the command's --help uses, each with its default, range or choices, and its help as a tooltip.
// values() gives the settings changed from their defaults, under the keys the route reads.
import { get } from './api.js';
import { el } from './birds_dom.js';

// The text of a value in an input ('' for none).
const asText = (value) => (value === null || value === undefined ? '' : String(value));

// The input(s) of one setting: read() gives its value as the route reads it (null: not given,
// for an optional one), reset() puts its default back.
function input(key, p) {
  const id = `set-${key}`;
  const type = Array.isArray(p.type) ? p.type[0] : p.type;  // [T, "null"]: an optional T
  const itemType = p.items?.type;
  const number = (suffix) => el('input', {
    id: id + suffix, type: 'number',
    min: p.items?.minimum ?? p.minimum ?? p.exclusiveMinimum ?? '',
    max: p.items?.maximum ?? p.maximum ?? '',
    step: (itemType ?? type) === 'integer' ? '1' : 'any',
  });
  const one = (node, read, reset) => { reset(); return { nodes: [node], read, reset }; };
  if (type === 'boolean') {
    const box = el('input', { id, type: 'checkbox' });
    return one(box, () => box.checked, () => { box.checked = Boolean(p.default); });
  }
  if (p.enum) {
    const select = el('select', { id }, ...p.enum.filter((v) => typeof v === 'string')
      .map((v) => el('option', { value: v, text: v })));
    return one(select, () => select.value, () => { select.value = asText(p.default); });
  }
  if (type === 'array' && p.minItems === 2 && p.maxItems === 2) {  // a pair of bounds
    const lo = number('-min'), hi = number('-max');
    const reset = () => { lo.value = asText(p.default[0]); hi.value = asText(p.default[1]); };
    reset();
    return { nodes: [lo, ' to ', hi], read: () => [Number(lo.value), Number(hi.value)], reset };
  }
  if (type === 'array') {  // a list: its items separated by commas, as on the command line
    const list = el('input', { id, type: 'text' });
    const item = itemType === 'integer' || itemType === 'number' ? Number : String;
    return one(list, () => list.value.split(',').map((v) => v.trim()).filter((v) => v !== '').map(item),
      () => { list.value = (p.default ?? []).join(','); });
  }
  if (type === 'integer' || type === 'number') {
    const box = number('');
    return one(box, () => (box.value === '' ? null : Number(box.value)), () => { box.value = asText(p.default); });
  }
  const text = el('input', { id, type: 'text' });
  // An optional setting left empty is not given (null), not the empty text.
  return one(text, () => (text.value === '' && p.default === null ? null : text.value),
    () => { text.value = asText(p.default); });
}

export class SettingsForm {
  // `shown`: keys the page has inputs of its own for (left out here).
  constructor(schema, shown = []) {
    this.fields = [];
    const groups = new Map();
    const declared = Object.entries(schema.properties).sort(([, a], [, b]) => a['x-order'] - b['x-order']);
    for (const [key, p] of declared) {
      if (shown.includes(key)) continue;
      const field = { key, p, ...input(key, p) };
      this.fields.push(field);
      const heading = p['x-heading'] ?? 'Options';
      if (!groups.has(heading)) groups.set(heading, []);
      groups.get(heading).push(el('label', { className: 'setting', title: `${p['x-option']}: ${p.description}` },
        `${key.replaceAll('_', ' ')} `, ...field.nodes));
    }
    const reset = el('button', { id: 'settings-defaults', text: 'Defaults', type: 'button' });
    reset.onclick = () => this.reset();
    this.node = el('details', { id: 'more-settings' }, el('summary', { text: 'More settings' }),
      ...[...groups].map(([heading, labels]) => el('fieldset', {}, el('legend', { text: heading }), ...labels)),
      reset);
  }

  // The settings changed from their defaults, {key: value}.
  values() {
    const out = {};
    for (const f of this.fields) {
      const v = f.read();
      if (JSON.stringify(v) !== JSON.stringify(f.p.default)) out[f.key] = v;
    }
    return out;
  }

  reset() {
    for (const f of this.fields) f.reset();
  }
}

// The "More settings" of the job route `path` (its schema from GET path/settings), put after
// `anchor` once read; values() is {} until then. `shown`: the keys the page has inputs for.
export function moreSettings(path, shown, anchor, onError) {
  const more = { form: null, values: () => (more.form ? more.form.values() : {}) };
  get(`${path}/settings`).then((schema) => {
    more.form = new SettingsForm(schema, shown);
    anchor.after(more.form.node);
  }).catch((e) => onError(`settings: ${e.message}`));
  return more;
}
