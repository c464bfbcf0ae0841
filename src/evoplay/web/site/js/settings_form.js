// A form of settings built from the JSON Schema a route gives (GET .../settings: the settings'
// one declaration, core/fields_schema.hpp): one input per setting, grouped under the headings
// the command's --help uses, each with its default, range or choices, and its help as a tooltip.
// values() gives the settings changed from their defaults, under the keys the route reads.
import { get } from './api.js';
import { el } from './birds_dom.js';

// The input(s) of one setting; read() gives its value as the route reads it.
function input(key, p) {
  const id = `set-${key}`;
  const number = (suffix, value) => el('input', {
    id: id + suffix, type: 'number', value: value === null || value === undefined ? '' : String(value),
    min: p.items?.minimum ?? p.minimum ?? p.exclusiveMinimum ?? '',
    max: p.items?.maximum ?? p.maximum ?? '',
    step: (p.items?.type ?? p.type) === 'integer' ? '1' : 'any',
  });
  if (p.type === 'boolean') {
    const box = el('input', { id, type: 'checkbox', checked: Boolean(p.default) });
    return { nodes: [box], read: () => box.checked };
  }
  if (p.enum) {
    const select = el('select', { id }, ...p.enum.filter((v) => typeof v === 'string')
      .map((v) => el('option', { value: v, text: v, selected: v === p.default })));
    return { nodes: [select], read: () => select.value };
  }
  if (p.type === 'array' && p.minItems === 2 && p.maxItems === 2) {
    const lo = number('-min', p.default[0]), hi = number('-max', p.default[1]);
    return { nodes: [lo, ' to ', hi], read: () => [Number(lo.value), Number(hi.value)] };
  }
  if (p.type === 'array') {  // a list: its items separated by commas, as on the command line
    const list = el('input', { id, type: 'text', value: (p.default ?? []).join(',') });
    const item = p.items?.type === 'integer' || p.items?.type === 'number' ? Number : String;
    return {
      nodes: [list],
      read: () => list.value.split(',').map((v) => v.trim()).filter((v) => v !== '').map(item),
    };
  }
  if (p.type === 'integer' || p.type === 'number') {
    const box = number('', p.default);
    return { nodes: [box], read: () => (box.value === '' ? null : Number(box.value)) };
  }
  const text = el('input', { id, type: 'text', value: p.default ?? '' });
  // An optional setting left empty is not given (null), not the empty text.
  return { nodes: [text], read: () => (text.value === '' && p.default === null ? null : text.value) };
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
    for (const f of this.fields) {
      const [first] = f.nodes;
      if (first.type === 'checkbox') first.checked = Boolean(f.p.default);
      else if (f.nodes.length === 3) {  // a pair of bounds
        f.nodes[0].value = String(f.p.default[0]);
        f.nodes[2].value = String(f.p.default[1]);
      } else if (Array.isArray(f.p.default)) first.value = f.p.default.join(',');
      else first.value = String(f.p.default ?? '');
    }
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
