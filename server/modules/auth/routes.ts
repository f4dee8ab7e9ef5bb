import { localizePath, toLanguage } from '../../../contracts/languages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AccountLanguageSchema,
  AccountSummarySchema,
  ChangePasswordSchema,
  DeleteAccountSchema,
  ForgotPasswordSchema,
  ResetPasswordSchema,
  SigninResultSchema,
  SigninSchema,
  SignupResultSchema,
  SignupSchema,
  UniqueCheckSchema,
  PasswordCheckSchema,
  PasswordCheckResultSchema,
  UniqueResultSchema,
} from '../../../contracts/auth';
import { OkSchema } from '../../../contracts/common';
import { zod } from '../../zod-routes';
import { AppError } from '../../errors';
import { limitOf, registerRateLimit } from '../../plugins/rate-limit';
import { clearSessionCookies, forgetSessionsOf, requireAccount, setSessionCookies } from '../../plugins/session';
import { captchaRoutes } from '../captcha';
import { verifyCaptcha } from '../captcha';
import { renderMail } from '../mail';
import {
  assertUnique,
  changePassword,
  createAccount,
  processResetRequests,
  recordResetRequest,
  type ResetMail,
  deleteAccount,
  refuseCommonPassword,
  RESET_TOKEN_TTL_MS,
  resetPassword,
  revokeSessions,
  signIn,
} from './service';
import { recordSignUp } from '../../metrics';

/** Accounts: sign-up with the captcha, sign-in, sessions, password reset and change, deletion. */
export default async function authRoutes(app: FastifyInstance) {
  await registerRateLimit(app);
  await app.register(captchaRoutes);
  const r = zod(app);

  const refuseDuringMaintenance = (request: FastifyRequest) => {
    if (request.channelFlags.maintenence) throw new AppError('MAINTENANCE', 'The channel is under maintenance');
  };

  // Limited too: it tells whether an email has an account, and unlike sign-up it needs no captcha.
  r.post(
    '/IsEmailUsernameUnique',
    { schema: { body: UniqueCheckSchema, response: { 200: UniqueResultSchema } }, config: { rateLimit: limitOf(app, 'UNIQUE_CHECK_RATE_LIMIT') } },
    async (request) => {
      await assertUnique(app.db, request.body.email, request.body.displayName);
      return { unique: true as const };
    },
  );

  // The same rules /signup applies, so a common password is refused at step 1 and not after the captcha.
  r.post(
    '/password-check',
    { schema: { body: PasswordCheckSchema, response: { 200: PasswordCheckResultSchema } }, config: { rateLimit: limitOf(app, 'UNIQUE_CHECK_RATE_LIMIT') } },
    async (request) => {
      refuseCommonPassword(request.body.password);
      return { acceptable: true as const };
    },
  );

  r.post(
    '/signup',
    { schema: { body: SignupSchema, response: { 200: SignupResultSchema } }, config: { rateLimit: limitOf(app, 'SIGNUP_RATE_LIMIT') } },
    async (request) => {
      refuseDuringMaintenance(request);
      refuseCommonPassword(request.body.password);
      if (request.channelFlags.captcha) await verifyCaptcha(app.db, request.body.captchaData);
      const account = await createAccount(app.db, request.body, app.config.SIGNUP_BONUS);
      recordSignUp();
      return { accountRef: account.accountRef, displayName: account.displayName };
    },
  );

  r.post(
    '/signin',
    { schema: { body: SigninSchema, response: { 200: SigninResultSchema } }, config: { rateLimit: limitOf(app, 'SIGNIN_RATE_LIMIT') } },
    async (request, reply) => {
      refuseDuringMaintenance(request);
      const { token, displayName } = await signIn(app.db, app.config, request.body.email, request.body.password, request.account?.sessionId);
      setSessionCookies(request, reply, token, displayName);
      // The token leaves in the body only for in-app channels that send it as a Bearer token
      // (docs/decisions/0005); script on a web page never sees it.
      return request.channelFlags.bearer ? { authToken: token, displayName } : { displayName };
    },
  );

  r.post('/logout', { schema: { response: { 200: OkSchema } } }, async (request, reply) => {
    if (request.account) await revokeSessions(app.db, request.account.id, { only: request.account.sessionId });
    clearSessionCookies(request, reply);
    return { ok: true as const };
  });

  // The reset mail of a recorded request: in the account's stored language, not the asking page's
  // (`languageCode` stays in the body for the spec's contract), its link on the public site.
  const resetMail: ResetMail = (r) => {
    const base = app.config.PUBLIC_SITE_URL.replace(/\/$/, '');
    const link = `${base}${localizePath('/reset-password', r.language)}?token=${encodeURIComponent(r.token)}&email=${encodeURIComponent(r.email)}`;
    return renderMail(r.language, 'resetPassword', { displayName: r.displayName, link, minutes: RESET_TOKEN_TTL_MS / 60_000 });
  };
  // Every outbox worker pass turns recorded requests into tokens and mails (each request once).
  app.outbox.addSource('reset-requests', () => processResetRequests(app.db, resetMail));

  // Work started after the answer (the reset mail made at once) is awaited before the app closes.
  const pending = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pending]);
  });

  r.post(
    '/forgot-password',
    { schema: { body: ForgotPasswordSchema, response: { 200: OkSchema } }, config: { rateLimit: limitOf(app, 'FORGOT_PASSWORD_RATE_LIMIT') } },
    async (request) => {
      // The request is recorded before the answer, in one insert that costs the same whether or not
      // the email has an account: the answer and its timing tell nothing, and an answered request
      // survives a crash (any server's outbox worker makes its mail). The token and the mail are made
      // after the reply and delivered at once; a mail the SMTP server does not take now is retried
      // by the outbox worker until the token expires.
      await recordResetRequest(app.db, request.body.email);
      const task = app.outbox
        .flush()
        .catch((err: Error) => request.log.error({ err: { message: err.message } }, 'reset mail not made yet; the outbox worker retries'));
      pending.add(task);
      void task.finally(() => pending.delete(task));
      return { ok: true as const };
    },
  );

  r.post(
    '/reset-password',
    { schema: { body: ResetPasswordSchema, response: { 200: OkSchema } }, config: { rateLimit: limitOf(app, 'RESET_PASSWORD_RATE_LIMIT') } },
    async (request, reply) => {
      await resetPassword(app.db, request.body.email, request.body.token, request.body.password);
      // Every session ended, this browser's included: the player signs in with the new password.
      clearSessionCookies(request, reply);
      return { ok: true as const };
    },
  );

  r.post('/change-password', { schema: { body: ChangePasswordSchema } }, async (request, reply) => {
    const account = requireAccount(request);
    const { token } = await changePassword(app.db, account.id, request.body.currentPassword, request.body.newPassword);
    // The old session ended with the old password; the browser carries on with a new one.
    setSessionCookies(request, reply, token, account.displayName);
    return reply.status(204).send();
  });

  r.post('/delete-account', { schema: { body: DeleteAccountSchema, response: { 200: OkSchema } } }, async (request, reply) => {
    const account = requireAccount(request);
    await deleteAccount(app.db, account.id, request.body.password);
    clearSessionCookies(request, reply);
    return { ok: true as const };
  });

  // Stored whenever a signed-in player switches language (settings, footer, phone popup): every SMS
  // code and email to the account is in it, whatever page asks for them.
  r.post('/account/language', { schema: { body: AccountLanguageSchema, response: { 200: OkSchema } } }, async (request) => {
    const account = requireAccount(request);
    await app.db.updateTable('accounts').set({ language: request.body.languageCode }).where('id', '=', account.id).execute();
    forgetSessionsOf(app.db, account.id);
    return { ok: true as const };
  });

  r.get('/account', { schema: { response: { 200: AccountSummarySchema } } }, async (request) => {
    const account = requireAccount(request);
    return {
      accountId: account.id,
      accountRef: account.accountRef,
      displayName: account.displayName,
      email: account.email,
      languageCode: toLanguage(account.language),
      isTester: account.isTester,
    };
  });
}
