import { refreshBalance, showBalance } from './wallet';
import { refreshProgress } from './progression';
import { refreshRaffleStanding } from './raffleStanding';

/** What a house game client posts to the launch page. */
export interface GameMessage {
  type: 'balance' | 'lobby';
  /** With 'balance': the amount the frame shows after the round (the header shows it at once). */
  balance?: number;
}

/**
 * Listens for messages from the game frame: after each round's reveal the game posts { type:
 * 'balance', balance }; the header shows that amount at once, and the balance, raffle standing and
 * progress are refetched. Only our origin and our frame count.
 */
export function onGameMessage(frameWindow: () => Window | null): () => void {
  const listener = (event: MessageEvent) => {
    if (event.origin !== location.origin || event.source !== frameWindow()) return;
    const data = event.data as Partial<GameMessage> | null;
    if (data?.type === 'balance') {
      if (typeof data.balance === 'number' && Number.isSafeInteger(data.balance) && data.balance >= 0) showBalance(data.balance);
      else refreshBalance();
      // The round may have earned a raffle ticket: the header's count follows without a reload.
      refreshRaffleStanding();
      // XP, missions and notifications move with each real round too (docs/decisions/0018).
      refreshProgress();
    }
  };
  window.addEventListener('message', listener);
  return () => window.removeEventListener('message', listener);
}
