/**
 * Buttons that tick a set of boxes at once (a role: "Administrator", "Sender"), each saying in
 * words what it gives. A role that would tick a box the caller may not tick is disabled, read out
 * with that box's reason (said once, at the box).
 */
import { h } from './dom.js';

/**
 * `roles`: { name, words, and under `key` the values it ticks }; `boxes`: [value, entry] pairs
 * as forms.js's checkbox makes them. `refused(value)`: the box's shared refusal, or null.
 */
export function rolePresets({ legend, roles, key, boxes, refused }) {
  const items = roles.map((role) => {
    const ticks = role[key];
    const button = h(
      'button',
      { type: 'button', class: 'secondary small', 'aria-label': `Role: ${role.name}` },
      role.name,
    );
    ticks.map(refused).find(Boolean)?.refuse(button);
    button.addEventListener('click', () => {
      for (const [value, entry] of boxes) entry.control.checked = ticks.includes(value);
    });
    return h('li', {}, button, ' ', h('span', { class: 'hint' }, role.words));
  });
  return h('div', { class: 'role-presets' }, h('p', {}, legend), h('ul', {}, items));
}
