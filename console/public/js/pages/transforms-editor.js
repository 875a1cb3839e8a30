/**
 * The value transforms of one mapping, as a list of steps: an operation each, a separator for
 * `split`, a value for `default` (read as JSON when it is a number, true/false or an array, else
 * kept as the text typed). Steps run in order (docs/settings.md, value transforms).
 */
import { fill, h } from '../dom.js';

const OPS = ['trim', 'lowercase', 'uppercase', 'number', 'split', 'default'];

function defaultValueText(value) {
  return typeof value === 'string' ? value : JSON.stringify(value ?? '');
}

function defaultValueOf(text) {
  try {
    const value = JSON.parse(text);
    if (typeof value !== 'object' || Array.isArray(value)) return value;
  } catch {
    // not JSON: the text itself
  }
  return text;
}

/** `steps`: the mapping's transforms, changed in place as the controls change. */
export function transformsEditor(steps, sourceLabel) {
  const list = h('ol', { class: 'steps' });
  const add = h('button', { type: 'button', class: 'secondary small' }, 'Add step');

  const render = () => {
    fill(
      list,
      steps.map((step, index) => {
        const name = `Step ${index + 1} for ${sourceLabel}`;
        const op = h(
          'select',
          { 'aria-label': name },
          OPS.map((o) => h('option', { value: o }, o)),
        );
        op.value = step.op;
        op.addEventListener('change', () => {
          steps[index] =
            op.value === 'split'
              ? { op: 'split', separator: ',' }
              : op.value === 'default'
                ? { op: 'default', value: '' }
                : { op: op.value };
          render();
          list.querySelectorAll('select')[index]?.focus();
        });
        let parameter = null;
        if (step.op === 'split' || step.op === 'default') {
          const isSplit = step.op === 'split';
          parameter = h('input', {
            type: 'text',
            size: 8,
            'aria-label': `${isSplit ? 'Separator' : 'Default value'} of ${name.toLowerCase()}`,
          });
          parameter.value = isSplit ? step.separator : defaultValueText(step.value);
          parameter.addEventListener('input', () => {
            if (isSplit) step.separator = parameter.value;
            else step.value = defaultValueOf(parameter.value);
          });
        }
        const remove = h(
          'button',
          {
            type: 'button',
            class: 'secondary small',
            'aria-label': `Remove ${name.toLowerCase()}`,
          },
          '×',
        );
        remove.addEventListener('click', () => {
          steps.splice(index, 1);
          render();
          add.focus();
        });
        return h('li', {}, op, parameter, remove);
      }),
    );
  };
  add.setAttribute('aria-label', `Add a transform step for ${sourceLabel}`);
  add.addEventListener('click', () => {
    steps.push({ op: 'trim' });
    render();
    list.querySelectorAll('select')[steps.length - 1]?.focus();
  });
  render();
  return h('div', { class: 'transforms' }, list, add);
}
