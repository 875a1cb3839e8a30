/** The API paths of the items, item and syncs pages; path segments from data always encoded. */
const enc = encodeURIComponent;

export const itemPaths = {
  items: (contentType) => `content-types/${enc(contentType)}/items`,
  item: (contentType, identifier) => `content-types/${enc(contentType)}/items/${enc(identifier)}`,
  itemChanges: (contentType, identifier) =>
    `content-types/${enc(contentType)}/items/${enc(identifier)}/changes`,
  itemRequests: (contentType, identifier) =>
    `content-types/${enc(contentType)}/items/${enc(identifier)}/requests`,
  syncs: (funnel) => `funnels/${enc(funnel)}/syncs`,
  syncCommit: (funnel, syncId) => `funnels/${enc(funnel)}/syncs/${enc(syncId)}/commit`,
};
