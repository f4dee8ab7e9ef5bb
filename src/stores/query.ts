import { nanoquery } from '@nanostores/query';
import { ApiError } from '../lib/api';

/**
 * The one cached query layer (ARCHITECTURE.md): dedupe windows, revalidate on focus, a query is
 * retried at most once, and 4xx answers are never retried (they will not change by asking again).
 */
export const [createFetcherStore, createMutatorStore, queryCache] = nanoquery({
  dedupeTime: 1000,
  revalidateOnFocus: true,
  onErrorRetry: ({ error, retryCount }) => {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
    return retryCount < 1 ? 500 : false;
  },
});
