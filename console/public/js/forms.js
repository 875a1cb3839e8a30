/**
 * Form pieces with labels a screen reader reads, and the API's field errors shown at the field
 * they name: each field has an error line, tied to it by aria-describedby.
 */
import { fill, h } from './dom.js';

let fieldCount = 0;
const nextId = (name) => `f-${name.replace(/[^a-zA-Z0-9-]/g, '-')}-${(fieldCount += 1)}`;

/** A labelled control with its hint and its error line; `control` is built by the caller. */
export function field(labelText, control, { hint } = {}) {
  const id = control.id || nextId(control.getAttribute('name') ?? 'field');
  control.id = id;
  const error = h('p', { class: 'field-error', id: `${id}-error`, hidden: true });
  const hintLine = hint ? h('p', { class: 'hint', id: `${id}-hint` }, hint) : null;
  const described = [hintLine && `${id}-hint`, `${id}-error`].filter(Boolean).join(' ');
  control.setAttribute('aria-describedby', described);
  const wrap = h(
    'div',
    { class: 'field' },
    h('label', { for: id }, labelText),
    control,
    hintLine,
    error,
  );
  return { wrap, control, error };
}

/** A checkbox with its label after it. */
export function checkbox(labelText, { checked = false, name } = {}) {
  const control = h('input', { type: 'checkbox', name, id: nextId(name ?? 'check') });
  control.checked = checked;
  const error = h('p', { class: 'field-error', id: `${control.id}-error`, hidden: true });
  control.setAttribute('aria-describedby', error.id);
  const wrap = h(
    'div',
    { class: 'field check' },
    control,
    h('label', { for: control.id }, labelText),
    error,
  );
  return { wrap, control, error };
}

/** `options`: [value, text] pairs. */
export function select(name, options, value) {
  const control = h(
    'select',
    { name },
    options.map(([optionValue, text]) => h('option', { value: optionValue }, text)),
  );
  if (value !== undefined) control.value = value;
  return control;
}

export function setFieldError(entry, message) {
  entry.error.hidden = !message;
  fill(entry.error, message ?? '');
  if (message) entry.control.setAttribute('aria-invalid', 'true');
  else entry.control.removeAttribute('aria-invalid');
}

/**
 * Shows each of the API's field errors at its field (`place(key)` gives the field entry, or
 * null), and all of them in `summary`, so that every problem is seen at once. The API's
 * messages name their field ("Property 1: key is required"). Returns how many were placed.
 */
export function showFieldErrors(summary, message, fields, place) {
  const lines = [];
  let placed = 0;
  for (const [key, problem] of Object.entries(fields)) {
    const entry = place(key);
    if (entry) {
      setFieldError(entry, problem);
      placed += 1;
      lines.push(problem);
    } else lines.push(`${key}: ${problem}`);
  }
  fill(
    summary,
    message,
    lines.length
      ? h(
          'ul',
          {},
          lines.map((line) => h('li', {}, line)),
        )
      : null,
  );
  summary.hidden = false;
  return placed;
}

/** An error summary, hidden until it has something to say. */
export function errorSummary() {
  return h('div', { class: 'error', role: 'alert', tabindex: -1, hidden: true });
}
