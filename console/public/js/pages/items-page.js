/**
 * The items of a content type, in identifier order, 50 at a time: searched by the beginning of
 * an identifier (the API's `prefix`, compared as stored: case counts), or opened by the whole
 * identifier. Without a content type, the page asks for one. Needs `read`.
 */
/* global FormData, location */
import { apiGet, apiPaths } from '../api-client.js';
import { refusal } from '../capabilities.js';
import { h } from '../dom.js';
import { count, timeElement } from '../format.js';
import { links } from '../routes.js';
import { dataTable, onLoadMore, scrollBox, tableRow } from '../views.js';
import { itemPaths } from './items-api.js';
import { itemLink } from './item-links.js';

const PAGE_SIZE = 50;
const COLUMNS = ['Identifier', 'Name', 'Updated'];

/** The content types as links, when the token may list them; a field for the key always. */
async function contentTypeChooser(container, { signal, me }) {
  const key = h('input', { id: 'items-content-type', name: 'contentType', required: true });
  const form = h(
    'form',
    { class: 'filters', 'aria-label': 'Choose a content type' },
    h(
      'div',
      { class: 'field' },
      h('label', { for: 'items-content-type' }, 'Content type key'),
      key,
    ),
    h('div', { class: 'actions' }, h('button', { type: 'submit' }, 'Show its items')),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    location.hash = links.items(String(new FormData(form).get('contentType') ?? '').trim());
  });
  container.append(form);
  if (refusal(me, 'read', 'manage_settings')) return;
  const { items } = await apiGet(apiPaths.contentTypes(), { signal });
  container.append(
    h(
      'ul',
      { class: 'content-type-links', 'aria-label': 'Content types' },
      items.map((ct) =>
        h('li', {}, h('a', { href: links.items(ct.key) }, ct.name), ' ', h('code', {}, ct.key)),
      ),
    ),
  );
}

function searchForm(contentType, prefix) {
  const input = h('input', {
    id: 'item-search',
    name: 'identifier',
    type: 'search',
    value: prefix,
    autocomplete: 'off',
    'aria-describedby': 'item-search-help',
  });
  const exact = h('button', { type: 'button', class: 'secondary' }, 'Open this identifier');
  const form = h(
    'form',
    { class: 'filters', role: 'search', 'aria-label': 'Search the items' },
    h(
      'div',
      { class: 'field' },
      h('label', { for: 'item-search' }, 'Identifier, or its beginning'),
      input,
      h(
        'p',
        { id: 'item-search-help', class: 'muted' },
        'Lists the identifiers that start with it, as stored (case counts).',
      ),
    ),
    h('div', { class: 'actions' }, h('button', { type: 'submit' }, 'Search'), exact),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    location.hash = links.items(contentType, input.value);
  });
  exact.addEventListener('click', () => {
    if (input.value) location.hash = links.item(contentType, input.value);
  });
  return form;
}

export async function renderItems(container, route, { signal, me }) {
  const { contentType, prefix } = route;
  if (contentType) {
    container.append(
      h('p', { class: 'crumbs' }, h('a', { href: links.items() }, '← All content types')),
    );
  }
  container.append(h('h1', {}, contentType ? ['Items of ', h('code', {}, contentType)] : 'Items'));
  const cannot = refusal(me, 'read');
  if (cannot) {
    container.append(h('p', { class: 'not-allowed' }, `You cannot see the items. ${cannot}`));
    return;
  }
  if (!contentType) {
    await contentTypeChooser(container, { signal, me });
    return;
  }
  const shown = h('p', { class: 'count', role: 'status' }, 'Loading…');
  const table = dataTable({
    caption: prefix ? `Identifiers starting with “${prefix}”` : 'Items, in identifier order',
    columns: COLUMNS,
    className: 'items',
  });
  const more = h('button', { type: 'button', class: 'secondary', hidden: true }, 'Load more');
  const moreError = h('div');
  container.append(searchForm(contentType, prefix), shown, scrollBox(table), more, moreError);

  let loaded = 0;
  let cursor = null;
  async function loadPage() {
    const page = await apiGet(itemPaths.items(contentType), {
      query: { prefix, limit: PAGE_SIZE, cursor },
      signal,
    });
    table.tBodies[0].append(
      ...page.items.map((item) =>
        tableRow(
          [
            itemLink(contentType, item.identifier),
            item.name ?? h('span', { class: 'muted' }, 'no name'),
            timeElement(item.updatedAt),
          ],
          COLUMNS,
        ),
      ),
    );
    loaded += page.items.length;
    cursor = page.nextCursor;
    more.hidden = cursor === null;
    shown.textContent =
      loaded === 0
        ? prefix
          ? `No identifier starts with “${prefix}”.`
          : 'This content type has no items.'
        : `Showing ${count(loaded, 'item')}${cursor ? '; there are more' : ''}.`;
  }
  onLoadMore(more, moreError, loadPage);
  try {
    await loadPage();
  } catch (error) {
    shown.textContent = '';
    throw error;
  }
}
