import { nanoquery } from '@nanostores/query';

/**
 * The one cached query layer (ARCHITECTURE.md): dedupe windows, revalidate on focus. Queries retry
 * at most once in the API client (src/lib/api.ts), so this layer does not retry again.
 */
export const [createFetcherStore, createMutatorStore, queryCache] = nanoquery({
  dedupeTime: 1000,
  revalidateOnFocus: true,
  onErrorRetry: false,
});
