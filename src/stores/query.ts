import { nanoquery, type OnErrorRetry } from '@nanostores/query';
import { ApiError } from '../lib/api';

/** A failed query is retried once after 500 ms; a 4xx answer never (asking again will not change it). */
export const retryOnce: OnErrorRetry = ({ error, retryCount }) => {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return retryCount < 1 ? 500 : false;
};

/** The one cached query layer (ARCHITECTURE.md): dedupe windows, revalidate on focus, retry at most once. */
export const [createFetcherStore, createMutatorStore, queryCache] = nanoquery({
  dedupeTime: 1000,
  revalidateOnFocus: true,
  onErrorRetry: retryOnce,
});
