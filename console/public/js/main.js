/**
 * Boots the console: the sign-in until a person's session or a token is there, then the page the
 * address names (an invitation's page needs neither). Each
 * navigation renders into a fresh container and cancels the previous page's requests; a page that
 * still finishes late writes into a detached node that nobody sees.
 */
/* global document, window, location, history, AbortController */
import { ApiError, apiPaths, apiSend } from './api-client.js';
import { forgetWhoAmI, whoAmI } from './capabilities.js';
import { h } from './dom.js';
import { mayOpen, startAddress } from './page-access.js';
import { renderContentTypeEditor } from './pages/content-type-editor-page.js';
import { renderContentTypes } from './pages/content-types-page.js';
import { renderExportEditor } from './pages/export-editor-page.js';
import { renderExport } from './pages/export-page.js';
import { renderExports } from './pages/exports-page.js';
import { renderFunnelEditor } from './pages/funnel-editor-page.js';
import { renderFunnels } from './pages/funnels-page.js';
import { renderHistory } from './pages/history-page.js';
import { renderInvitation } from './pages/invitation-page.js';
import { renderItem } from './pages/item-page.js';
import { renderItems } from './pages/items-page.js';
import { renderRequest } from './pages/request-page.js';
import { renderSignIn } from './pages/sign-in-page.js';
import { renderSyncs } from './pages/syncs-page.js';
import { renderTokens } from './pages/tokens-page.js';
import { renderUsers } from './pages/users-page.js';
import { links, parseRoute } from './routes.js';
import {
  currentToken,
  forgetPersonSession,
  forgetToken,
  hasPersonSession,
  keepPersonSession,
  keepToken,
} from './session.js';
import { errorBox } from './views.js';

const PAGES = {
  funnels: renderFunnels,
  history: renderHistory,
  request: renderRequest,
  funnelEditor: renderFunnelEditor,
  contentTypes: renderContentTypes,
  contentTypeEditor: renderContentTypeEditor,
  tokens: renderTokens,
  users: renderUsers,
  exports: renderExports,
  export: renderExport,
  exportEditor: renderExportEditor,
  items: renderItems,
  item: renderItem,
  syncs: renderSyncs,
  async notFound(container) {
    container.append(
      h('h1', {}, 'Not found'),
      h('p', {}, h('a', { href: links.funnels() }, 'Back to the funnels')),
    );
  },
};

const main = document.getElementById('main');
const nav = document.getElementById('app-nav');
const notice = document.getElementById('app-notice');
let pageRequests = new AbortController();

function say(message) {
  notice.textContent = message ?? '';
  notice.hidden = !message;
}

/** `me`: the caller, or null when nobody is signed in. */
function showHeader(me) {
  nav.hidden = !me;
  const person = me && !currentToken();
  const who = me ? `Tenant ${me.tenant}${person ? ` · ${me.user.email}` : ''}` : '';
  document.getElementById('signed-in-as').textContent = who;
  // Only the pages this caller may open are offered.
  for (const link of nav.querySelectorAll('a[data-page]')) {
    link.hidden = Boolean(me) && !mayOpen(me, link.dataset.page);
  }
  // Other sessions are a person's: a token has none to end.
  document.getElementById('sign-out-everywhere').hidden = !person;
}

async function show() {
  pageRequests.abort();
  pageRequests = new AbortController();
  const container = h('div', { class: 'page' });
  main.replaceChildren(container);
  const token = currentToken();
  let route = parseRoute(location.hash);
  if (route.page === 'invitation') {
    showHeader(null);
    document.title = 'Set your password · funnel-sync console';
    renderInvitation(container, route, { onPersonSignedIn: personSignedIn });
    return;
  }
  if (!token && !hasPersonSession()) {
    showHeader(null);
    document.title = 'Sign in · funnel-sync console';
    renderSignIn(container, { onSignedIn: signIn, onPersonSignedIn: personSignedIn });
    return;
  }
  try {
    const { signal } = pageRequests;
    const me = await whoAmI(token, { signal });
    showHeader(me);
    // The start page is the first one the caller may open: the funnels need manage_funnels.
    if (
      route.page === 'funnels' &&
      !mayOpen(me, 'funnels') &&
      startAddress(me) !== links.funnels()
    ) {
      history.replaceState(null, '', startAddress(me));
      route = parseRoute(location.hash);
    }
    await PAGES[route.page](container, route, { signal, me });
    document.title = `${container.querySelector('h1')?.textContent ?? 'funnel-sync'} · funnel-sync console`;
  } catch (error) {
    if (error.name === 'AbortError') return;
    if (error instanceof ApiError && error.status === 401) {
      await signOut(`You were signed out: ${error.message}.`);
      return;
    }
    // A page that failed says so alone: no "Loading…" left beside its error.
    for (const line of container.querySelectorAll('.loading')) line.remove();
    container.append(errorBox(error.message));
  }
}

function signIn(token) {
  keepToken(token);
  say('');
  void show();
}

/** Signed in with a password: the session is the API's cookie; an invitation's address goes. */
function personSignedIn(tenant) {
  keepPersonSession(tenant);
  forgetWhoAmI();
  say('');
  if (parseRoute(location.hash).page === 'invitation') history.replaceState(null, '', '#/');
  void show();
}

/** `ending`: the session call that ends the person's session(s), when the user asked for it. */
async function signOut(message, ending) {
  // A request of the page answered after the session ended would sign out a second time.
  pageRequests.abort();
  if (ending && !currentToken() && hasPersonSession()) {
    await apiSend('DELETE', ending, undefined, { token: null }).catch(() => undefined);
  }
  forgetToken();
  forgetPersonSession();
  forgetWhoAmI();
  say(message);
  await show();
}

document
  .getElementById('sign-out')
  .addEventListener('click', () => void signOut('You are signed out.', apiPaths.session()));
document
  .getElementById('sign-out-everywhere')
  .addEventListener(
    'click',
    () => void signOut('You are signed out on every device.', apiPaths.sessions()),
  );
// A 401 met in a form's handler, after the page was shown, signs out as one met loading it.
window.addEventListener('unhandledrejection', (event) => {
  if (event.reason?.name === 'AbortError') event.preventDefault();
  if (event.reason instanceof ApiError && event.reason.status === 401) {
    event.preventDefault();
    void signOut(`You were signed out: ${event.reason.message}.`);
  }
});
window.addEventListener('hashchange', () => {
  say('');
  void show().then(() => main.focus({ preventScroll: false }));
});
void show();
