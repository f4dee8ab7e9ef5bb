import { useCallback, useSyncExternalStore } from 'react';
import type { ReadableAtom } from 'nanostores';

/**
 * A store's value for an island's render, where the prerendered HTML was made with `atBuild`.
 * While hydrating React renders with `atBuild`, so the markup matches the HTML (no error #418),
 * then at once with the store's own value. `useStore` would read the store during hydration: a
 * catalogue that another island (the header's search) already fetched, or the cookie's session,
 * would not match the build's markup.
 */
export function useBuildFirst<T>(store: ReadableAtom<T>, atBuild: T): T {
  const subscribe = useCallback((onChange: () => void) => store.listen(onChange), [store]);
  const current = useCallback(() => store.get(), [store]);
  return useSyncExternalStore(subscribe, current, () => atBuild);
}
