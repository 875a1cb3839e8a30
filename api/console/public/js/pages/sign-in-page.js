/**
 * Sign-in: a pasted API token is tried on the funnel list (what the console reads first) before it
 * is kept, so that a wrong, expired or revoked token is refused here with the API's own message.
 */
import { apiGet, apiPaths } from '../api-client.js';
import { h } from '../dom.js';
import { tokenFromInput } from '../session.js';

/** The API's message, and for a 403 what the console needs. */
function refusal(error) {
  if (error.status === 403) {
    return `${error.message}. The console needs a token with the read ability whose user has manage_funnels.`;
  }
  return error.status === 401 ? `The API refused the token: ${error.message}` : error.message;
}

export function renderSignIn(container, { onSignedIn }) {
  const input = h('input', {
    id: 'token',
    name: 'token',
    type: 'password',
    required: true,
    autocomplete: 'off',
    spellcheck: 'false',
    'aria-describedby': 'token-help',
  });
  const problem = h('p', { class: 'error', id: 'sign-in-problem', role: 'alert', hidden: true });
  const submit = h('button', { type: 'submit' }, 'Sign in');
  const form = h(
    'form',
    { class: 'sign-in', 'aria-labelledby': 'sign-in-heading' },
    h('h1', { id: 'sign-in-heading' }, 'Sign in'),
    h('label', { for: 'token' }, 'API token'),
    input,
    h(
      'p',
      { class: 'hint', id: 'token-help' },
      'Paste an API token (a JWT, for instance from npm run cli -- bootstrap). It stays in this ' +
        'browser tab only and is sent to the API as Authorization: Bearer.',
    ),
    problem,
    submit,
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const token = tokenFromInput(input.value);
    problem.hidden = true;
    submit.disabled = true;
    try {
      await apiGet(apiPaths.funnels(), { token });
      onSignedIn(token);
    } catch (error) {
      problem.textContent = refusal(error);
      problem.hidden = false;
      input.focus();
    } finally {
      submit.disabled = false;
    }
  });
  container.append(form);
  input.focus();
}
