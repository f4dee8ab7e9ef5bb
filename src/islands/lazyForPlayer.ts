import { lazy, type ComponentType } from 'react';
import { $session } from '../stores/session';

/**
 * A part of an island that only a signed-in player sees (the header's balance and menu, the tab bar's
 * bonus, a tile's heart, the player's rows, a promotion's claim), in a chunk of its own: a visitor's
 * page never loads it (the main pages' 95 KiB). On a player's page (the session cookie is
 * there) the chunk is asked for as soon as the island's module runs, so it arrives with the hydration;
 * a visitor who signs in on the page loads it at the first render that shows it.
 */
export function lazyForPlayer<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  if ($session.get()) load().catch(() => {});
  return lazy(load);
}
