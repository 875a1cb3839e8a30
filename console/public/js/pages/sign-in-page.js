/**
 * Sign-in. A person signs in with tenant, e-mail and password: the API answers with a session
 * cookie, and the console then reads the API as that person. An operator (or a developer with a
 * token from `npm run cli -- bootstrap`) may paste an API token instead: it is tried on
 * `/settings/me`, which answers any valid token, before it is kept, so that a wrong, expired or
 * revoked token is refused here with the API's own message; what it may do, the pages say.
 */
import { apiGet, apiPaths, apiSend } from '../api-client.js';
import { h } from '../dom.js';
import { lastTenant, tokenFromInput } from '../session.js';

/** The API's message, said to be about the token when it refused it. */
function refusal(error) {
  return error.status === 401 ? `The API refused the token: ${error.message}` : error.message;
}

/** A form's submit that disables its button meanwhile and shows what went wrong in `problem`. */
function onSubmit(form, submit, problem, act) {
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    problem.hidden = true;
    submit.disabled = true;
    try {
      await act();
    } catch (error) {
      problem.textContent = error.message;
      problem.hidden = false;
    } finally {
      submit.disabled = false;
    }
  });
}

function input(id, type, autocomplete, value = '') {
  const control = h('input', { id, name: id, type, required: true, autocomplete });
  control.value = value;
  return control;
}

/** Signs a person in; answers the tenant signed in to. Shared with the invitation page. */
export async function signInWithPassword(tenant, email, password) {
  const signedIn = await apiSend(
    'POST',
    apiPaths.session(),
    { tenant, email, password },
    {
      token: null,
    },
  );
  return signedIn.tenant;
}

function passwordForm({ onPersonSignedIn }) {
  const tenant = input('sign-in-tenant', 'text', 'organization', lastTenant());
  const email = input('sign-in-email', 'email', 'username');
  const password = input('sign-in-password', 'password', 'current-password');
  const problem = h('p', { class: 'error', id: 'password-problem', role: 'alert', hidden: true });
  const submit = h('button', { type: 'submit' }, 'Sign in');
  const form = h(
    'form',
    { class: 'sign-in-form', 'aria-label': 'Sign in with your password' },
    h('label', { for: tenant.id }, 'Tenant'),
    tenant,
    h('label', { for: email.id }, 'Email'),
    email,
    h('label', { for: password.id }, 'Password'),
    password,
    problem,
    submit,
  );
  onSubmit(form, submit, problem, async () => {
    const signedIn = await signInWithPassword(
      tenant.value.trim(),
      email.value.trim(),
      password.value,
    );
    password.value = '';
    onPersonSignedIn(signedIn);
  });
  return { form, first: tenant.value ? email : tenant };
}

function tokenForm({ onSignedIn }) {
  const token = h('input', {
    id: 'token',
    name: 'token',
    type: 'password',
    required: true,
    autocomplete: 'off',
    spellcheck: 'false',
    'aria-describedby': 'token-help',
  });
  const problem = h('p', { class: 'error', id: 'sign-in-problem', role: 'alert', hidden: true });
  const submit = h('button', { type: 'submit' }, 'Sign in with the token');
  const form = h(
    'form',
    { class: 'sign-in-form', 'aria-labelledby': 'token-heading' },
    h('h2', { id: 'token-heading' }, 'Or sign in with a token'),
    h('label', { for: 'token' }, 'API token'),
    token,
    h(
      'p',
      { class: 'hint', id: 'token-help' },
      'For operators: paste an API token (a JWT, for instance from npm run cli -- bootstrap). ' +
        'It stays in this browser tab only and is sent to the API as Authorization: Bearer.',
    ),
    problem,
    submit,
  );
  onSubmit(form, submit, problem, async () => {
    const value = tokenFromInput(token.value);
    try {
      await apiGet(apiPaths.me(), { token: value });
    } catch (error) {
      token.focus();
      throw new Error(refusal(error), { cause: error });
    }
    onSignedIn(value);
  });
  return form;
}

export function renderSignIn(container, { onSignedIn, onPersonSignedIn }) {
  const password = passwordForm({ onPersonSignedIn });
  container.append(
    h(
      'div',
      { class: 'sign-in' },
      h('h1', {}, 'Sign in'),
      h(
        'p',
        { class: 'hint' },
        'Sign in with the password you set from your invitation link. No password yet? Ask an ' +
          'administrator of your tenant for an invitation link.',
      ),
      password.form,
      tokenForm({ onSignedIn }),
    ),
  );
  password.first.focus();
}
