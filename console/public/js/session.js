/**
 * How the console is signed in. A person signs in with a password: the API keeps the session in
 * an HttpOnly cookie that no script here can read, and this browser only remembers that there is
 * one (and the tenant last used, to fill the form in again). An operator signs in with a token,
 * kept in this tab's sessionStorage: it survives a reload, leaves with the tab, and is never
 * written to a cookie the API could receive.
 */
/* global sessionStorage, localStorage, atob */

const TOKEN_KEY = 'funnel-sync.console.token';
const PERSON_KEY = 'funnel-sync.console.person-session';
const TENANT_KEY = 'funnel-sync.console.last-tenant';

/** Whether a person signed in with a password here (the cookie itself is out of reach). */
export function hasPersonSession() {
  return localStorage.getItem(PERSON_KEY) === '1';
}

export function keepPersonSession(tenant) {
  localStorage.setItem(PERSON_KEY, '1');
  localStorage.setItem(TENANT_KEY, tenant);
}

export function forgetPersonSession() {
  localStorage.removeItem(PERSON_KEY);
}

/** The tenant of the last sign-in with a password, to fill the form in with. */
export function lastTenant() {
  return localStorage.getItem(TENANT_KEY) ?? '';
}

export function currentToken() {
  return sessionStorage.getItem(TOKEN_KEY);
}

export function keepToken(token) {
  sessionStorage.setItem(TOKEN_KEY, token);
}

export function forgetToken() {
  sessionStorage.removeItem(TOKEN_KEY);
}

/** What a developer pastes, made a token: surrounding space and a leading "Bearer " go. */
export function tokenFromInput(text) {
  return text.trim().replace(/^Bearer\s+/i, '');
}

/**
 * The tenant named in the token, for the header only: read without checking the signature,
 * which the API does on every call.
 */
export function tenantOf(token) {
  try {
    const payload = token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
    const claims = JSON.parse(atob(payload));
    return typeof claims.tid === 'string' ? claims.tid : null;
  } catch {
    return null;
  }
}
