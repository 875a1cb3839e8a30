/**
 * The console's addresses live in the URL's hash, so the API serves one static page while reloads,
 * the back button and shared links all work:
 *   #/                                          the funnels
 *   #/funnels/{endpointUrl}?status=&dryRun=&method=&from=&to=&sync=&redriveId=&limit=   a funnel's history
 *   #/funnels/{endpointUrl}/requests/{requestId}        one request
 *   #/new-funnel, #/funnels/{endpointUrl}/edit          the funnel editor
 *   #/content-types, #/new-content-type, #/content-types/{key}   content types
 *   #/tokens, #/users                                   tokens, users
 *   #/invitation/{secret}                               set a password from an invitation link
 *   #/exports, #/new-export, #/exports/{id}?status=, #/exports/{id}/edit   exports
 *   #/items, #/items/{contentType}?prefix=, #/items/{contentType}/{identifier}   items
 *   #/funnels/{endpointUrl}/syncs?state=                a funnel's full syncs
 */
/* global URLSearchParams */

const FILTER_NAMES = [
  'status',
  'dryRun',
  'method',
  'from',
  'to',
  'sync',
  'redriveId',
  'identifier',
];

function filtersFrom(params) {
  return Object.fromEntries(FILTER_NAMES.map((name) => [name, params.get(name) ?? '']));
}

/** `limit`: entries per page, as the history API takes it (1 to 100); else the page's own. */
function pageSizeFrom(params) {
  const limit = Number(params.get('limit'));
  return Number.isInteger(limit) && limit >= 1 && limit <= 100 ? limit : undefined;
}

export function parseRoute(hash) {
  const text = hash.replace(/^#/, '');
  const queryAt = text.indexOf('?');
  const path = queryAt === -1 ? text : text.slice(0, queryAt);
  let segments;
  try {
    segments = path.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return { page: 'notFound' };
  }
  const [first, funnel, third, requestId] = segments;
  if (segments.length === 0) return { page: 'funnels' };
  const single = {
    'new-funnel': 'funnelEditor',
    'content-types': 'contentTypes',
    tokens: 'tokens',
    users: 'users',
    'new-content-type': 'contentTypeEditor',
    exports: 'exports',
    'new-export': 'exportEditor',
  };
  if (segments.length === 1 && Object.hasOwn(single, first)) return { page: single[first] };
  if (first === 'invitation' && segments.length === 2) {
    return { page: 'invitation', secret: funnel };
  }
  if (first === 'funnels' && third === 'edit' && segments.length === 3) {
    return { page: 'funnelEditor', funnel };
  }
  if (first === 'exports' && segments.length === 2) {
    const params = new URLSearchParams(queryAt === -1 ? '' : text.slice(queryAt));
    return { page: 'export', exportId: funnel, status: params.get('status') ?? '' };
  }
  if (first === 'exports' && third === 'edit' && segments.length === 3) {
    return { page: 'exportEditor', exportId: funnel };
  }
  if (first === 'items' && segments.length <= 3) {
    const params = new URLSearchParams(queryAt === -1 ? '' : text.slice(queryAt));
    if (segments.length === 3) return { page: 'item', contentType: funnel, identifier: third };
    return { page: 'items', contentType: funnel ?? '', prefix: params.get('prefix') ?? '' };
  }
  if (first === 'funnels' && third === 'syncs' && segments.length === 3) {
    const params = new URLSearchParams(queryAt === -1 ? '' : text.slice(queryAt));
    return { page: 'syncs', funnel, state: params.get('state') ?? '' };
  }
  if (first === 'content-types' && segments.length === 2) {
    return { page: 'contentTypeEditor', contentType: funnel };
  }
  if (first === 'funnels' && segments.length === 2) {
    const params = new URLSearchParams(queryAt === -1 ? '' : text.slice(queryAt));
    return {
      page: 'history',
      funnel,
      filters: filtersFrom(params),
      pageSize: pageSizeFrom(params),
    };
  }
  if (first === 'funnels' && third === 'requests' && segments.length === 4) {
    return { page: 'request', funnel, requestId };
  }
  return { page: 'notFound' };
}

export const links = {
  funnels: () => '#/',
  history(funnel, filters = {}) {
    const params = new URLSearchParams();
    for (const name of FILTER_NAMES) if (filters[name]) params.set(name, filters[name]);
    const query = params.toString();
    return `#/funnels/${encodeURIComponent(funnel)}${query ? `?${query}` : ''}`;
  },
  newFunnel: () => '#/new-funnel',
  editFunnel: (funnel) => `#/funnels/${encodeURIComponent(funnel)}/edit`,
  contentTypes: () => '#/content-types',
  newContentType: () => '#/new-content-type',
  contentType: (key) => `#/content-types/${encodeURIComponent(key)}`,
  tokens: () => '#/tokens',
  users: () => '#/users',
  exports: () => '#/exports',
  newExport: () => '#/new-export',
  exportPage(id, status = '') {
    const query = status ? `?status=${encodeURIComponent(status)}` : '';
    return `#/exports/${encodeURIComponent(id)}${query}`;
  },
  editExport: (id) => `#/exports/${encodeURIComponent(id)}/edit`,
  items(contentType = '', prefix = '') {
    const query = prefix ? `?prefix=${encodeURIComponent(prefix)}` : '';
    return contentType ? `#/items/${encodeURIComponent(contentType)}${query}` : '#/items';
  },
  item: (contentType, identifier) =>
    `#/items/${encodeURIComponent(contentType)}/${encodeURIComponent(identifier)}`,
  syncs(funnel, state = '') {
    const query = state ? `?state=${encodeURIComponent(state)}` : '';
    return `#/funnels/${encodeURIComponent(funnel)}/syncs${query}`;
  },
  request: (funnel, requestId) =>
    `#/funnels/${encodeURIComponent(funnel)}/requests/${encodeURIComponent(requestId)}`,
};
