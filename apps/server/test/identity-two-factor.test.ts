import { WRONG_CODE_MESSAGE } from '@client-portal/contract';
import { authenticator } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFor } from './api-client.js';
import { auditTypes, bearer, createAccount, DEMO_PASSWORD, login } from './identity-helpers.js';
import { bearerFor } from './sign-in-as.js';
import { startSmtpInbox } from './smtp-inbox.js';
import { buildTestApp, type TestApp } from './test-app.js';

const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXP';

/** A six-digit code that is surely wrong now (the current code plus one). */
function notTheCode(secret: string): string {
  return String((Number(authenticator.generate(secret)) + 1) % 1_000_000).padStart(6, '0');
}

/** The code of the next 30 s step: within the drift window, and not yet used. */
const nextCode = (secret: string) => authenticator.clone({ epoch: Date.now() + 30_000 }).generate(secret);

describe('identity: two-factor sign-in (TOTP) and recovery codes', () => {
  let t: TestApp;
  const api = apiFor(() => t);
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    t = await buildTestApp({ env: { SMTP_URL: inbox.url } });
  });
  afterAll(async () => {
    await t?.close();
    await inbox?.close();
  });

  const call = (method: 'GET' | 'POST', url: string, accessToken: string, payload?: object) =>
    api.as(bearer(accessToken)).request(method, `/api/user/two-factor${url}`, payload);

  it('signs in the demo two-factor account with a code made from its secret', async () => {
    const email = 'mfa@acme.example';
    expect((await login(t, { email, password: DEMO_PASSWORD })).json().detail).toBe('RequiresTwoFactor');
    const wrong = await login(t, {
      email,
      password: DEMO_PASSWORD,
      code: notTheCode(DEMO_TOTP_SECRET),
    });
    // A wrong code keeps the user on the code step, with a message on the code field.
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().detail).toBe('RequiresTwoFactor');
    expect(wrong.json().errors).toEqual({ code: [WRONG_CODE_MESSAGE] });
    const ok = await login(t, {
      email,
      password: DEMO_PASSWORD,
      code: authenticator.generate(DEMO_TOTP_SECRET),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().expiresIn).toBe(900);
    // A code with the wrong password is still just Failed.
    const badPassword = await login(t, {
      email,
      password: 'Wrong-pass-1',
      code: authenticator.generate(DEMO_TOTP_SECRET),
    });
    expect(badPassword.json().detail).toBe('Failed');
  });

  it('enrols, signs in with codes and single-use recovery codes, and turns off', async () => {
    const email = 'enrol@acme.example';
    await createAccount(t, email);
    const { accessToken } = (await login(t, { email, password: DEMO_PASSWORD })).json();
    expect((await call('GET', '', accessToken)).json()).toEqual({ enabled: false, recoveryCodesLeft: 0 });

    const setup = await call('POST', '/setup', accessToken);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUri } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(otpauthUri).toBe(
      `otpauth://totp/Client%20Portal:${encodeURIComponent(email)}?secret=${secret}&period=30&digits=6&algorithm=SHA1&issuer=Client%20Portal`,
    );
    // Not in force until confirmed.
    expect((await login(t, { email, password: DEMO_PASSWORD })).statusCode).toBe(200);

    const wrong = await call('POST', '/enable', accessToken, { code: '12345' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ code: ['The code is not valid.'] });

    const enabled = await call('POST', '/enable', accessToken, { code: authenticator.generate(secret) });
    expect(enabled.statusCode).toBe(200);
    const { recoveryCodes } = enabled.json() as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const c of recoveryCodes) expect(c).toMatch(/^\d{5}-\d{5}$/);
    expect((await call('GET', '', accessToken)).json()).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    expect((await call('POST', '/setup', accessToken)).statusCode).toBe(409);
    await inbox.waitFor(email, /turned on/);

    expect((await login(t, { email, password: DEMO_PASSWORD })).json().detail).toBe('RequiresTwoFactor');
    // The enrolment used this step's code: each code is good once, so sign in with the next one.
    const withTotp = await login(t, { email, password: DEMO_PASSWORD, code: nextCode(secret) });
    expect(withTotp.statusCode).toBe(200);

    const recovery = recoveryCodes[0]!;
    const withRecovery = await login(t, { email, password: DEMO_PASSWORD, code: recovery.replace('-', ' ') });
    expect(withRecovery.statusCode).toBe(200);
    const reused = await login(t, { email, password: DEMO_PASSWORD, code: recovery });
    expect(reused.json().detail).toBe('RequiresTwoFactor');
    expect(reused.json().errors).toEqual({ code: [WRONG_CODE_MESSAGE] });
    expect((await call('GET', '', accessToken)).json().recoveryCodesLeft).toBe(9);

    const wrongOff = await call('POST', '/disable', accessToken, { code: recovery });
    expect(wrongOff.statusCode).toBe(400);
    const off = await call('POST', '/disable', accessToken, { code: recoveryCodes[1] });
    expect(off.statusCode).toBe(204);
    expect((await call('GET', '', accessToken)).json()).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    expect((await call('POST', '/disable', accessToken, { code: '123456' })).statusCode).toBe(409);
    await inbox.waitFor(email, /turned off/);
    expect((await login(t, { email, password: DEMO_PASSWORD })).statusCode).toBe(200);

    const events = await auditTypes(t, email);
    expect(events).toEqual(expect.arrayContaining(['TwoFactorEnabled', 'TwoFactorDisabled', 'SignedIn']));
  });

  it('turns two-factor off with a current code', async () => {
    const email = 'totpoff@acme.example';
    await createAccount(t, email);
    const { accessToken } = (await login(t, { email, password: DEMO_PASSWORD })).json();
    const { secret } = (await call('POST', '/setup', accessToken)).json();
    await call('POST', '/enable', accessToken, { code: authenticator.generate(secret) });
    expect(
      (await call('POST', '/disable', accessToken, { code: authenticator.generate(secret) })).statusCode,
      'the code the enrolment used',
    ).toBe(400);
    expect((await call('POST', '/disable', accessToken, { code: nextCode(secret) })).statusCode).toBe(204);
  });

  it('counts wrong codes towards the lock-out', async () => {
    const email = 'guesser@acme.example';
    await createAccount(t, email);
    const { accessToken } = (await login(t, { email, password: DEMO_PASSWORD })).json();
    const { secret } = (await call('POST', '/setup', accessToken)).json();
    await call('POST', '/enable', accessToken, { code: authenticator.generate(secret) });
    const wrong = notTheCode(secret);
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) {
      answers.push((await login(t, { email, password: DEMO_PASSWORD, code: wrong })).json().detail);
    }
    expect(answers).toEqual([
      'RequiresTwoFactor',
      'RequiresTwoFactor',
      'RequiresTwoFactor',
      'RequiresTwoFactor',
      'LockedOut',
    ]);
  });

  it('keeps two-factor to password sessions: single sign-on sessions get 403', async () => {
    const msal = await bearerFor(t, 'admin@operator.example', 'msal');
    const res = await api.as(msal).post('/api/user/two-factor/setup');
    expect(res.statusCode).toBe(403);
    expect((await api.get('/api/user/two-factor')).statusCode).toBe(401);
  });
});
