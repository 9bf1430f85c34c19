import type { Google } from 'arctic';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { lazyModule } from '../../lib/lazy-module.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { findUserByEmail, findUserByGoogleSub, insertUser, updateUser } from './auth.queries.ts';
import { cancelScheduledDeletion } from './auth.service.ts';
import { createSession } from './sessions.service.ts';
import { pickUsername } from './usernames.ts';

/** Loaded where Google sign-in is configured, not at every start. */
const arctic = lazyModule<typeof import('arctic')>('arctic');

const claimsSchema = z.object({
  sub: z.string().min(1),
  email: z.string().email(),
  email_verified: z.boolean().default(false),
  name: z.string().optional(),
  picture: z.string().url().optional(),
});

export function googleClient(ctx: AppContext): Google | undefined {
  const google = ctx.config.google;
  if (!google) return undefined;
  return new (arctic().Google)(
    google.clientId,
    google.clientSecret,
    `${ctx.config.publicUrl}/api/auth/google/callback`,
  );
}

/** The Google consent URL plus the state and PKCE verifier the callback must see again. */
export function startGoogleSignIn(google: Google) {
  const { generateState, generateCodeVerifier } = arctic();
  const state = generateState();
  const codeVerifier = generateCodeVerifier();
  const url = google.createAuthorizationURL(state, codeVerifier, ['openid', 'profile', 'email']);
  return { url, state, codeVerifier };
}

export type GoogleSignInResult = { token: string } | { error: 'suspended' | 'unverified' };

/**
 * Exchanges the code (over TLS, straight from Google's token endpoint, so the ID token needs no
 * signature check) and signs in the account with that Google id, else links the account with the
 * same verified e-mail, else creates a student account.
 */
export async function finishGoogleSignIn(
  ctx: AppContext,
  google: Google,
  code: string,
  codeVerifier: string,
): Promise<GoogleSignInResult> {
  const tokens = await google.validateAuthorizationCode(code, codeVerifier);
  const claims = claimsSchema.parse(arctic().decodeIdToken(tokens.idToken()));
  const email = claims.email.trim().normalize('NFC').toLowerCase();
  const { db } = ctx.database;
  const now = ctx.clock();

  const result = await db.transaction(
    async (tx): Promise<GoogleSignInResult | { token: string; userId: string; user: SessionUser }> => {
      let user = await findUserByGoogleSub(tx, claims.sub);
      if (!user) {
        const byEmail = await findUserByEmail(tx, email);
        if (byEmail) {
          // Linking an existing account is safe only when Google vouches for the address.
          if (!claims.email_verified) return { error: 'unverified' as const };
          user = await updateUser(tx, byEmail.id, {
            googleSub: claims.sub,
            emailVerified: true,
            updatedAt: now,
          });
        } else {
          const displayName = (claims.name ?? email.split('@')[0] ?? 'Estudante').slice(0, 50);
          user = await insertUser(tx, {
            email,
            displayName,
            username: await pickUsername(tx, displayName, email),
            userType: 'aluno',
            emailVerified: claims.email_verified,
            googleSub: claims.sub,
            avatar: claims.picture ?? null,
          });
        }
      }
      if (!user) throw new Error('Google sign-in found or created no user');
      if (user.suspendedAt) return { error: 'suspended' as const };
      return { token: await createSession(tx, user.id, now), userId: user.id, user };
    },
  );
  // Linking may have just verified the e-mail of an account that is signed in elsewhere.
  if ('userId' in result) {
    ctx.sessions.forgetUser(result.userId);
    // A Google sign-in cancels a scheduled deletion too; a new Google account has no birth date
    // yet, so its `me` asks for it (needsBirthDate) before chat or paid groups.
    await cancelScheduledDeletion(ctx, result.user);
    return { token: result.token };
  }
  return result;
}
