import type { FastifyInstance } from 'fastify';
import {
  ChangePhoneNumberSchema,
  ChangePhoneResultSchema,
  OtpSentSchema,
  PhoneStatusSchema,
  PhoneUniqueResultSchema,
  PhoneUniqueSchema,
  RequestChangeOtpSchema,
  RequestOtpSmsSchema,
  ResetPhoneNumberSchema,
  VerifyOtpResultSchema,
  VerifyOtpSchema,
} from '../../../contracts/phone';
import { OkSchema } from '../../../contracts/common';
import { zod } from '../../zod-routes';
import { AppError } from '../../errors';
import { requireAccount } from '../../plugins/session';
import { registerRateLimit } from '../../plugins/rate-limit';
import { checkPassword, isNumberTaken, phoneStatus, requestCode, resetPhoneNumber, verifyCode, type PhoneDeps } from './service';

/** Uniqueness lookups per IP and window: enough for a person, too few to walk the number space. */
const UNIQUE_LOOKUPS_PER_WINDOW = 20;

/**
 * Phone verification (spec section 7). Every call needs a signed-in player. Which call answers which
 * error is listed at the top of contracts/phone.ts.
 */
export default async function phoneRoutes(app: FastifyInstance) {
  const api = zod(app);
  await registerRateLimit(app);
  const deps: PhoneDeps = {
    db: app.db,
    outbox: app.outbox,
    config: app.config,
    log: app.log,
  };

  api.get('/IsPhoneNumberVerified', { schema: { response: { 200: PhoneStatusSchema } } }, async (request, reply) => {
    const account = requireAccount(request);
    reply.header('cache-control', 'no-store');
    return phoneStatus(deps, account.id);
  });

  api.post(
    '/IsPhoneNumberUnique',
    {
      schema: { body: PhoneUniqueSchema, response: { 200: PhoneUniqueResultSchema } },
      config: { rateLimit: { max: UNIQUE_LOOKUPS_PER_WINDOW, timeWindow: app.config.RATE_LIMIT_WINDOW_MS } },
    },
    async (request) => {
      const account = requireAccount(request);
      if (await isNumberTaken(app.db, request.body.phoneNumber, account.id)) throw new AppError('PHONE_NUMBER_EXISTS');
      return { unique: true as const };
    },
  );

  // messageText is accepted and ignored (decisions.md): the SMS is the server's own template.
  api.post('/RequestOtpSms', { schema: { body: RequestOtpSmsSchema, response: { 200: OtpSentSchema } } }, async (request) => {
    const account = requireAccount(request);
    return requestCode(deps, { account, phoneNumber: request.body.phoneNumber, purpose: 'verify' });
  });

  api.post('/VerifyOTP', { schema: { body: VerifyOtpSchema, response: { 200: VerifyOtpResultSchema } } }, async (request) => {
    const account = requireAccount(request);
    const { phoneNumber, token } = request.body;
    return verifyCode(deps, { accountId: account.id, phoneNumber, token, purpose: 'verify' });
  });

  api.post('/request-otp-sms-for-phone-number-change', { schema: { body: RequestChangeOtpSchema, response: { 200: OtpSentSchema } } }, async (request) => {
    const account = requireAccount(request);
    await checkPassword(deps, account.id, request.body.password);
    return requestCode(deps, { account, phoneNumber: request.body.phoneNumber, purpose: 'change' });
  });

  api.post('/change-phone-number', { schema: { body: ChangePhoneNumberSchema, response: { 200: ChangePhoneResultSchema } } }, async (request) => {
    const account = requireAccount(request);
    const { password, phoneNumber, token } = request.body;
    await checkPassword(deps, account.id, password);
    if (!(await phoneStatus(deps, account.id)).isVerified) throw new AppError('PHONE_NUMBER_NOT_VERIFIED', 'No verified number to change');
    const result = await verifyCode(deps, { accountId: account.id, phoneNumber, token, purpose: 'change' });
    return { phoneNumber: result.phoneNumber };
  });

  api.post('/reset-phone-number', { schema: { body: ResetPhoneNumberSchema, response: { 200: OkSchema } } }, async (request) => {
    const account = requireAccount(request);
    await checkPassword(deps, account.id, request.body.password);
    await resetPhoneNumber(deps, account.id);
    return { ok: true as const };
  });
}
