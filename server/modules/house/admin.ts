import { UsageError, type AdminCommand } from '../../admin-command';
import { HOUSE_PROVIDER, houseWallet } from './provider';
import { SeamlessWalletError } from './seamless-wallet';
import { clock } from '../../clock';

/** Operator commands of the house provider (`npm run admin -- games:void-round <round id>`). */
export const houseCommands: Record<string, AdminCommand> = {
  'games:void-round': {
    usage: 'games:void-round <round id>',
    description: 'Void an unfinished round: its bets are rolled back through the seamless wallet (settled rounds are refused).',
    async run({ db, out }, [roundId]) {
      if (!roundId || !/^[0-9a-f-]{36}$/i.test(roundId)) throw new UsageError();
      try {
        return await db.transaction().execute(async (trx) => {
          const round = await trx
            .selectFrom('house_rounds')
            .select(['id', 'account_id', 'game_code', 'status', 'mode'])
            .where('id', '=', roundId)
            .forUpdate()
            .executeTakeFirst();
          if (!round) {
            out(`No round ${roundId}.`);
            return 1;
          }
          if (round.status !== 'open') {
            out(`Round ${roundId} is ${round.status}: only an unfinished round can be voided.`);
            return 1;
          }
          let refunded = 0;
          if (round.mode === 'real' && round.account_id) {
            for (const bet of ['bet', 'double']) {
              const tx = await trx
                .selectFrom('provider_transactions')
                .select('amount')
                .where('provider', '=', HOUSE_PROVIDER)
                .where('tx_id', '=', `${roundId}:${bet}`)
                .executeTakeFirst();
              if (!tx) continue;
              await houseWallet.rollback(trx, {
                provider: HOUSE_PROVIDER,
                txId: `${roundId}:void:${bet}`,
                roundId,
                accountId: round.account_id,
                betTxId: `${roundId}:${bet}`,
                gameCode: round.game_code,
              });
              refunded += tx.amount;
            }
          }
          await trx.updateTable('house_rounds').set({ status: 'refunded', settled_at: clock.now() }).where('id', '=', roundId).execute();
          out(`Voided round ${roundId}: ${refunded} coins refunded.`);
          return 0;
        });
      } catch (error) {
        if (error instanceof SeamlessWalletError) {
          out(`Refused by the wallet: ${error.code}.`);
          return 1;
        }
        throw error;
      }
    },
  },
};
