import { AppError } from '../../server/errors';
import { SeamlessWalletError } from '../../server/modules/house/seamless-wallet';

/** The code a call was refused with (a seamless-wallet rule or a catalogue code), or 'accepted'. */
export async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SeamlessWalletError || error instanceof AppError) return error.code;
    throw error;
  }
  return 'accepted';
}
