/**
 * The signed-in token, kept in this tab's sessionStorage: it survives a reload, leaves with the
 * tab, and is never written to a cookie the API could receive.
 */
/* global sessionStorage, atob */

const TOKEN_KEY = 'funnel-sync.console.token';

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
