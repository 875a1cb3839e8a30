/** The tenant's content types, each opening its editor. Needs manage_settings to list. */
import { apiGet, apiPaths } from '../api-client.js';
import { guard, refusal } from '../capabilities.js';
import { h } from '../dom.js';
import { flashLine } from '../flash.js';
import { count } from '../format.js';
import { links } from '../routes.js';
import { dataTable, scrollBox } from '../views.js';

const COLUMNS = ['Content type', 'Kind', 'Properties'];

export async function renderContentTypes(container, _route, { signal, me }) {
  container.append(h('h1', {}, 'Content types'), flashLine() ?? '');
  const cannotList = refusal(me, 'read', 'manage_settings');
  if (cannotList) {
    container.append(
      h('p', { class: 'not-allowed' }, `You cannot see the content types. ${cannotList}`),
    );
    return;
  }
  const cannotWrite = refusal(me, 'update', 'manage_settings');
  if (cannotWrite) {
    const button = h('button', { type: 'button' }, 'New content type');
    container.append(h('p', { class: 'actions' }, button, guard(button, cannotWrite)));
  } else {
    container.append(
      h(
        'p',
        { class: 'actions' },
        h('a', { href: links.newContentType(), class: 'button' }, 'New content type'),
      ),
    );
  }
  const { items } = await apiGet(apiPaths.contentTypes(), { signal });
  if (items.length === 0) {
    container.append(
      h(
        'p',
        {},
        'This tenant has no content types yet. A content type comes first: it names the fields ' +
          'of the items, and each funnel maps what senders send to one of them.',
      ),
    );
    return;
  }
  const rows = items.map((ct) => [
    [h('a', { href: links.contentType(ct.key) }, ct.name), ' ', h('code', {}, ct.key)],
    ct.kind,
    ct.properties.map((p) => p.label).join(', ') || h('span', { class: 'muted' }, 'none'),
  ]);
  container.append(
    scrollBox(
      dataTable({
        caption: count(items.length, 'content type'),
        columns: COLUMNS,
        rows,
        className: 'content-types',
      }),
    ),
  );
}
