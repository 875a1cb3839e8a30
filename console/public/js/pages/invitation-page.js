/**
 * Accepting an invitation (`#/invitation/{secret}`): the person chooses a password, which the
 * link's one use sets, and is signed in with it. The secret stays in the address's hash, which
 * the browser never sends to a server.
 */
import { apiPaths, apiSend } from '../api-client.js';
import { h } from '../dom.js';
import { links } from '../routes.js';
import { signInWithPassword } from './sign-in-page.js';

const MIN_LENGTH = 12;

function passwordInput(id) {
  return h('input', {
    id,
    name: id,
    type: 'password',
    required: true,
    minlength: String(MIN_LENGTH),
    autocomplete: 'new-password',
    'aria-describedby': 'password-rule',
  });
}

export function renderInvitation(container, route, { onPersonSignedIn }) {
  const password = passwordInput('new-password');
  const repeated = passwordInput('repeated-password');
  const problem = h('p', { class: 'error', role: 'alert', hidden: true });
  const submit = h('button', { type: 'submit' }, 'Set password and sign in');
  const form = h(
    'form',
    { class: 'sign-in sign-in-form', 'aria-labelledby': 'invitation-heading' },
    h('h1', { id: 'invitation-heading' }, 'Set your password'),
    h(
      'p',
      { class: 'hint', id: 'password-rule' },
      `Your password needs at least ${MIN_LENGTH} characters, not just a few repeated. A few ` +
        'words that only you would put together make a good one. This link works once.',
    ),
    h('label', { for: password.id }, 'New password'),
    password,
    h('label', { for: repeated.id }, 'The same password again'),
    repeated,
    problem,
    submit,
    h('p', {}, h('a', { href: links.funnels() }, 'Already have a password? Sign in')),
  );
  const refuse = (message) => {
    problem.textContent = message;
    problem.hidden = false;
  };
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    problem.hidden = true;
    if (password.value.length < MIN_LENGTH) {
      refuse(`The password is too short: it needs at least ${MIN_LENGTH} characters.`);
      return;
    }
    if (password.value !== repeated.value) {
      refuse('The two passwords differ: type the same one twice.');
      return;
    }
    submit.disabled = true;
    try {
      const accepted = await apiSend(
        'POST',
        apiPaths.acceptInvitation(),
        { secret: route.secret, password: password.value },
        { token: null },
      );
      const tenant = await signInWithPassword(accepted.tenant, accepted.email, password.value);
      onPersonSignedIn(tenant);
    } catch (error) {
      refuse(error.message);
    } finally {
      submit.disabled = false;
    }
  });
  container.append(form);
  password.focus();
}
