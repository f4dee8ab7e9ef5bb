/** Marketing email (see the 2026-11-25T00-30_marketing migration). */
export interface MarketingTables {
  marketing_consent: {
    account_id: string;
    emails: boolean;
    changed_at: Date;
    /** Where the choice was last made: 'settings' or 'unsubscribe_link'. */
    source: string;
  };
  marketing_mail: {
    account_id: string;
    /** The UTC day (YYYY-MM-DD) it was sent on. */
    day: string;
    kind: 'daily_bonus' | 'promotion';
    promo_slug: string | null;
    /** SHA-256 of the unsubscribe link's token (hashToken). */
    unsubscribe_hash: string;
    created_at: Date;
    sent_at: Date | null;
  };
}
