import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { createUser, signedInAs } from '../../../test/factories.ts';
import { users } from '../../db/schema/index.ts';

const google = { clientId: 'cliente-teste.apps.googleusercontent.com', clientSecret: 'segredo' };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ google });
});
beforeEach(async () => {
  await resetTestApp(t);
});
afterEach(async () => {
  vi.restoreAllMocks();
});
afterAll(async () => {
  await t.app.close();
});

/** An unsigned ID token as Google's token endpoint would return it (only the payload is read). */
const idToken = (claims: Record<string, unknown>) =>
  ['{"alg":"RS256"}', JSON.stringify(claims), 'assinatura']
    .map((part, i) => (i < 2 ? Buffer.from(part).toString('base64url') : part))
    .join('.');

/** Google's token endpoint is the one thing replaced: it answers with these claims. */
function googleAnswers(claims: Record<string, unknown>) {
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!url.startsWith('https://oauth2.googleapis.com/token')) return realFetch(input, init);
    return new Response(
      JSON.stringify({
        access_token: 'a',
        token_type: 'Bearer',
        expires_in: 3600,
        id_token: idToken(claims),
      }),
      { headers: { 'content-type': 'application/json' } },
    );
  });
}

async function signInWithGoogle(claims: Record<string, unknown>) {
  googleAnswers(claims);
  const start = await t.app.inject({ method: 'GET', url: '/api/auth/google' });
  const state = new URL(start.headers.location as string).searchParams.get('state');
  const cookie = start.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  return t.app.inject({
    method: 'GET',
    url: `/api/auth/google/callback?code=codigo&state=${state}`,
    headers: { cookie },
  });
}

describe('Google sign-in (OpenID Connect)', () => {
  it('is announced to the sign-in screen when configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(res.json()).toEqual({ data: { google: true } });
  });

  it('redirects to Google with state and a PKCE challenge', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/google' });
    expect(res.statusCode).toBe(302);
    const url = new URL(res.headers.location as string);
    expect(url.origin).toBe('https://accounts.google.com');
    expect(url.searchParams.get('client_id')).toBe(google.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(`${t.config.publicUrl}/api/auth/google/callback`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('scope')).toContain('openid');
    expect(res.cookies.find((c) => c.name === 'google_state')?.httpOnly).toBe(true);
  });

  it('refuses a callback whose state does not match', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/google' });
    const cookie = start.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/google/callback?code=codigo&state=forjado',
      headers: { cookie },
    });
    expect(res.headers.location).toBe('/auth?erro=google');
    expect(res.cookies.find((c) => c.name === 'estudai_session')).toBeUndefined();
  });

  it('creates a verified student account for a new Google user and signs it in, asking the birth date', async () => {
    const res = await signInWithGoogle({
      sub: 'g-123',
      email: 'Lia@Gmail.com',
      email_verified: true,
      name: 'Lia Prado',
    });
    expect(res.headers.location).toBe('/');
    const session = res.cookies.find((c) => c.name === 'estudai_session');
    expect(session?.value).toBeTruthy();
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { cookie: `estudai_session=${session?.value}` },
    });
    expect(me.json().data).toMatchObject({
      email: 'lia@gmail.com',
      displayName: 'Lia Prado',
      userType: 'aluno',
      emailVerified: true,
      // Google does not tell the age: the app asks once (issue 25).
      birthDate: null,
      needsBirthDate: true,
    });
  });

  it('links an existing account with the same verified e-mail instead of duplicating it', async () => {
    const existing = await createUser(t.app, { email: 'lia@gmail.com', emailVerified: false });
    const otherTab = await signedInAs(t.app, existing);
    const feed = () => t.app.inject({ method: 'GET', url: '/api/posts', headers: { cookie: otherTab } });
    expect((await feed()).statusCode).toBe(403);
    await signInWithGoogle({ sub: 'g-123', email: 'lia@gmail.com', email_verified: true });
    const rows = await t.app.ctx.database.db.select().from(users);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: existing.id, googleSub: 'g-123', emailVerified: true });
    // The session already open elsewhere sees the e-mail verified at once.
    expect((await feed()).statusCode).toBe(200);
  });

  it('does not take over an existing account when Google has not verified the e-mail', async () => {
    await createUser(t.app, { email: 'lia@gmail.com' });
    const res = await signInWithGoogle({ sub: 'g-999', email: 'lia@gmail.com', email_verified: false });
    expect(res.headers.location).toBe('/auth?erro=unverified');
    const [row] = await t.app.ctx.database.db.select().from(users).where(eq(users.email, 'lia@gmail.com'));
    expect(row?.googleSub).toBeNull();
  });

  it('keeps a suspended account out', async () => {
    await createUser(t.app, { email: 'lia@gmail.com', googleSub: 'g-123', suspendedAt: new Date() });
    const res = await signInWithGoogle({ sub: 'g-123', email: 'lia@gmail.com', email_verified: true });
    expect(res.headers.location).toBe('/auth?erro=suspended');
    expect(res.cookies.find((c) => c.name === 'estudai_session')).toBeUndefined();
  });
});
