/**
 * People sign in to the console as themselves, in a real browser: an invitation link sets the
 * password once, the session lives in an HttpOnly cookie that the page cannot read, changes carry
 * the console's header, guessing is slowed, and a session ends with sign-out, sign-out everywhere
 * and its user's deactivation (docs/console.md#pages, docs/access.md#sessions).
 */
import { waitUntil } from '../support/wait-until';
import { unexpected, type ConsoleTab } from './support/console-browser';
import { consoleBed } from './support/console-bed';

const PASSWORD = 'four words make a password';

describe('the console: people signing in', () => {
  const bed = consoleBed('console-people', {
    SIGN_IN_LIMIT_PER_ACCOUNT: '3',
    PUBLIC_URL: 'https://sync.example.test',
  });
  let owner: { token: string; userId: string; tenant: string };
  let tab: ConsoleTab;
  let people = 0;

  beforeAll(async () => {
    owner = await bed.api.bootstrap('acme');
  });
  beforeEach(async () => {
    tab = await bed.open();
  });

  /** A new user of acme with an invitation link's secret. */
  async function invitedPerson(permissions = ['manage_funnels', 'manage_settings']) {
    people += 1;
    const email = `person${people}@acme.test`;
    const user = await bed.api.call<{ id: string }>('POST', '/api/v1/settings/users', {
      token: owner.token,
      body: { email, permissions },
    });
    const invitation = await bed.api.call<{ secret: string }>(
      'POST',
      `/api/v1/settings/users/${user.body.id}/invitation`,
      { token: owner.token },
    );
    return { email, userId: user.body.id, secret: invitation.body.secret };
  }

  async function setPassword(secret: string, password = PASSWORD) {
    await tab.page.goto(`/console/#/invitation/${secret}`);
    await tab.page.getByLabel('New password').fill(password);
    await tab.page.getByLabel('The same password again').fill(password);
    await tab.page.getByRole('button', { name: 'Set password and sign in' }).click();
  }

  async function signInWithPassword(email: string, password = PASSWORD, page = tab.page) {
    await page.goto('/console/');
    await page.getByLabel('Tenant').fill('acme');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  }

  const funnelsHeading = (page = tab.page) =>
    page.getByRole('heading', { level: 1, name: 'Funnels' });
  const signInHeading = (page = tab.page) =>
    page.getByRole('heading', { level: 1, name: 'Sign in' });

  it('when an invitation link is opened, then the password set there signs in, with a cookie the page cannot read', async () => {
    const person = await invitedPerson();
    await tab.page.goto(`/console/#/invitation/${person.secret}`);
    await tab.page.getByText('at least 12 characters').waitFor();
    await tab.screenshot('invitation');
    await setPassword(person.secret);
    await funnelsHeading().waitFor();
    expect(tab.page.url()).not.toContain(person.secret);
    const nav = tab.page.getByRole('navigation', { name: 'Console' });
    expect(await nav.textContent()).toContain(`Tenant acme · ${person.email}`);

    const [cookie, ...others] = await tab.context.cookies();
    expect(others).toEqual([]);
    expect(cookie).toMatchObject({
      name: 'funnel_sync_session',
      httpOnly: true,
      sameSite: 'Strict',
      path: '/',
      secure: false, // plain http here: Secure is set when the request came over https
    });
    expect(await tab.page.evaluate('document.cookie')).toBe('');
    expect(await tab.page.evaluate('sessionStorage.length')).toBe(0);

    await tab.page.reload();
    await funnelsHeading().waitFor();
    expect(tab.problems).toEqual([]);
  });

  it('when a person signs out and in again, then the password form opens the console again', async () => {
    const person = await invitedPerson();
    await setPassword(person.secret);
    await funnelsHeading().waitFor();
    await tab.page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await signInHeading().waitFor();
    expect(await tab.page.locator('#app-notice').textContent()).toBe('You are signed out.');
    expect(await tab.context.cookies()).toEqual([]);
    await tab.screenshot('sign-in-password');
    await signInWithPassword(person.email);
    await funnelsHeading().waitFor();
    expect(tab.problems).toEqual([]);
  });

  it('when a person signs out while a page is still loading, then the page drops its requests and the sign-out stays quiet', async () => {
    const person = await invitedPerson();
    await setPassword(person.secret);
    await funnelsHeading().waitFor();
    // The funnels list is answered only once the session has ended, and before the page learns
    // that it has: a slow answer meeting a sign-out.
    let endSession = () => {};
    const sessionEnded = new Promise<void>((resolve) => (endSession = resolve));
    let answerList = () => {};
    const listAnswered = new Promise<void>((resolve) => (answerList = resolve));
    const origin = new URL(tab.page.url()).origin;
    await tab.page.route(`${origin}/api/v1/settings/funnels`, async (route) => {
      await sessionEnded;
      const response = await route.fetch();
      await route.fulfill({ response }).catch(() => undefined);
      answerList();
    });
    await tab.page.route(`${origin}/api/v1/session`, async (route) => {
      const response = await route.fetch();
      endSession();
      await listAnswered;
      await route.fulfill({ response });
    });
    const listing = tab.page.waitForRequest(`${origin}/api/v1/settings/funnels`);
    await tab.page.reload();
    const list = await listing;
    await tab.page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await signInHeading().waitFor();
    await listAnswered;
    expect(tab.problems).toEqual([]);
    expect(await tab.page.locator('#app-notice').textContent()).toBe('You are signed out.');
    expect(await list.response()).toBeNull();
  });

  it('when an invitation link is used a second time, then it is refused and says so', async () => {
    const person = await invitedPerson();
    await setPassword(person.secret);
    await funnelsHeading().waitFor();
    await tab.page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await signInHeading().waitFor();
    await setPassword(person.secret, 'another long password');
    const alert = tab.page.getByRole('alert').filter({ hasText: 'already used' });
    await alert.waitFor();
    expect(await alert.textContent()).toBe(
      'This invitation link was already used: ask an administrator for a new one',
    );
    expect(unexpected(tab.problems, 410)).toEqual([]);
  });

  it('when an invitation link has expired, then it is refused and says so', async () => {
    const person = await invitedPerson();
    await bed.api.context.db.invitations.updateMany(
      { userId: person.userId },
      { $set: { validUntil: new Date(Date.now() - 60_000) } },
    );
    await setPassword(person.secret);
    const alert = tab.page.getByRole('alert').filter({ hasText: 'expired' });
    await alert.waitFor();
    expect(await alert.textContent()).toBe(
      'This invitation link has expired: ask an administrator for a new one',
    );
    expect(unexpected(tab.problems, 410)).toEqual([]);
  });

  it('when a change is sent with the cookie but without the console header, then the API refuses it', async () => {
    const person = await invitedPerson();
    await setPassword(person.secret);
    await funnelsHeading().waitFor();
    const answer = await tab.page.evaluate(async () => {
      const response = await fetch('/api/v1/settings/users', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'forged@acme.test' }),
      });
      return { status: response.status, body: (await response.json()) as { message: string } };
    });
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe(
      'A change made with a console session must send the header "X-Funnel-Sync-Console: 1"',
    );
    expect(unexpected(tab.problems, 403)).toEqual([]);
  });

  it('when a password is guessed again and again, then sign-in is refused for a while', async () => {
    const person = await invitedPerson();
    await setPassword(person.secret);
    await funnelsHeading().waitFor();
    await tab.page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await signInHeading().waitFor();
    // The form stays on the page after a refusal: each guess is typed again, as a person would.
    await signInWithPassword(person.email, 'guess number 1');
    const notRight = tab.page.getByText('The tenant, e-mail or password is not right');
    await notRight.waitFor();
    const password = tab.page.getByLabel('Password', { exact: true });
    const signInButton = tab.page.getByRole('button', { name: 'Sign in', exact: true });
    for (const guess of ['guess number 2', 'guess number 3', PASSWORD]) {
      await password.fill(guess);
      await signInButton.click();
      // The button is disabled while the attempt is answered.
      await waitUntil(
        () => signInButton.isEnabled(),
        (enabled) => enabled,
        { what: 'the attempt to be answered' },
      );
    }
    const refused = tab.page.getByRole('alert').filter({ hasText: 'Too many sign-in attempts' });
    await refused.waitFor();
    expect(await refused.textContent()).toMatch(/^Too many sign-in attempts: try again in \d+ /);
    expect(unexpected(tab.problems, 401, 429)).toEqual([]);
  });

  it("when the person's user is deactivated, then the session ends at the next page", async () => {
    const person = await invitedPerson(['manage_funnels']);
    await setPassword(person.secret);
    await funnelsHeading().waitFor();
    const patched = await bed.api.call('PATCH', `/api/v1/settings/users/${person.userId}`, {
      token: owner.token,
      body: { active: false },
    });
    expect(patched.status).toBe(200);
    await tab.page.reload();
    await signInHeading().waitFor();
    expect(await tab.page.locator('#app-notice').textContent()).toMatch(/^You were signed out: /);
    expect(unexpected(tab.problems, 401)).toEqual([]);
  });

  it('when "Sign out everywhere" is pressed, then the sessions in other browsers end too', async () => {
    const person = await invitedPerson();
    await setPassword(person.secret);
    await funnelsHeading().waitFor();
    const other = await bed.open();
    try {
      await signInWithPassword(person.email, PASSWORD, other.page);
      await funnelsHeading(other.page).waitFor();
      await tab.page.getByRole('button', { name: 'Sign out everywhere' }).click();
      await signInHeading().waitFor();
      expect(await tab.page.locator('#app-notice').textContent()).toBe(
        'You are signed out on every device.',
      );
      await other.page.reload();
      await signInHeading(other.page).waitFor();
      expect(unexpected(other.problems, 401)).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('when a person signs in to another tenant with their e-mail and password, then it is refused', async () => {
    const person = await invitedPerson();
    await setPassword(person.secret);
    await funnelsHeading().waitFor();
    await bed.api.bootstrap('globex');
    await tab.page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await signInHeading().waitFor();
    await tab.page.getByLabel('Tenant').fill('globex');
    await tab.page.getByLabel('Email').fill(person.email);
    await tab.page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await tab.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await tab.page.getByText('The tenant, e-mail or password is not right').waitFor();
    expect(await tab.context.cookies()).toEqual([]);
    expect(unexpected(tab.problems, 401)).toEqual([]);
  });

  it('when an administrator makes an invitation link on the users page, then it is shown once and works', async () => {
    const person = await invitedPerson(['manage_funnels']);
    const admin = await bed.open({ token: owner.token });
    try {
      await admin.page.goto('/console/#/users');
      await admin.page
        .getByRole('button', { name: `New invitation link for ${person.email}` })
        .click();
      const link = admin.page.getByLabel('Invitation link', { exact: true });
      await link.waitFor();
      const value = await link.inputValue();
      // The service's public address, not the one this browser reached it at.
      expect(value).toMatch(/^https:\/\/sync\.example\.test\/console\/#\/invitation\/[\w-]{43}$/);
      // Its expiry names the time zone it is given in.
      await admin.page.getByText(/works once, until .+ (UTC|GMT[+-][\d:]+)\./).waitFor();
      await admin.screenshot('users-invitation');
      expect(admin.problems).toEqual([]);
      await tab.page.goto(value.replace('https://sync.example.test', ''));
      await setPassword(value.split('/').pop() ?? '');
      await funnelsHeading().waitFor();
    } finally {
      await admin.close();
    }
  });
});
