/** Small pieces that several pages show the same way. */
import { h } from './dom.js';

/** A request's status as a word with a colour; the word alone carries the meaning. */
export function statusBadge(status) {
  return h('span', { class: `status status-${status}` }, status);
}

export function errorBox(message) {
  return h('p', { class: 'error', role: 'alert' }, message);
}

export function loadingLine(text = 'Loading…') {
  return h('p', { class: 'loading', role: 'status' }, text);
}

/** Wide tables scroll inside their box on a narrow screen; the page itself never does. */
export function scrollBox(table) {
  return h(
    'div',
    {
      class: 'table-scroll',
      tabindex: 0,
      role: 'region',
      'aria-label': table.caption?.textContent ?? 'Table',
    },
    table,
  );
}

/**
 * A table with a caption and column headings; `rows` are arrays of cell contents. Each cell
 * carries its column's name, which a narrow screen shows beside it when rows become cards.
 */
export function dataTable({ caption, columns, rows = [], className }) {
  const head = h(
    'tr',
    {},
    columns.map((column) => h('th', { scope: 'col' }, column)),
  );
  const body = h(
    'tbody',
    {},
    rows.map((cells) => tableRow(cells, columns)),
  );
  return h(
    'table',
    { class: `${className} stack` },
    h('caption', {}, caption),
    h('thead', {}, head),
    body,
  );
}

export function tableRow(cells, columns) {
  return h(
    'tr',
    {},
    cells.map((cell, i) => h('td', { 'data-label': columns[i] }, cell)),
  );
}

/**
 * "Load more": the button is disabled while the next page loads, and a failure shows in
 * `errorSlot` (cleared on the next try) rather than replacing what was already shown.
 */
export function onLoadMore(button, errorSlot, loadPage) {
  button.addEventListener('click', async () => {
    button.disabled = true;
    errorSlot.replaceChildren();
    try {
      await loadPage();
    } catch (error) {
      errorSlot.append(errorBox(error.message));
    } finally {
      button.disabled = false;
    }
  });
}
