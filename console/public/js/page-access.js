/**
 * The pages of the navigation and what opening each needs of the API, so that the console offers
 * only the pages the caller may open and starts on the first of them.
 */
import { refusal } from './capabilities.js';

/** In the navigation's order; each needs the `read` ability and, but for items, a permission. */
const NAVIGATION = [
  { page: 'funnels', href: '#/', permission: 'manage_funnels' },
  { page: 'contentTypes', href: '#/content-types', permission: 'manage_settings' },
  { page: 'items', href: '#/items', permission: null },
  { page: 'tokens', href: '#/tokens', permission: 'manage_settings' },
  { page: 'users', href: '#/users', permission: 'manage_settings' },
  { page: 'exports', href: '#/exports', permission: 'manage_settings' },
];

/** Whether the caller may open a page of the navigation (any other page: yes, it says itself). */
export function mayOpen(me, page) {
  const entry = NAVIGATION.find((candidate) => candidate.page === page);
  return !entry || refusal(me, 'read', entry.permission) === null;
}

/** The address of the first page the caller may open; the funnels' when there is none. */
export function startAddress(me) {
  return (NAVIGATION.find(({ page }) => mayOpen(me, page)) ?? NAVIGATION[0]).href;
}
