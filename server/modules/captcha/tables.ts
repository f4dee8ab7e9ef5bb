import type { Generated } from 'kysely';

export interface CaptchaTables {
  captcha_challenges: {
    /** Random, unguessable id (also what the client sends back). */
    id: string;
    /** The x position of the hole: the answer. Never sent to the client (except by the dev endpoint). */
    answer_x: number;
    expires_at: Date;
    used_at: Date | null;
    created_at: Generated<Date>;
  };
}
