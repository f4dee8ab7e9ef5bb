/** A player's hearted games and last launches (docs/decisions/0018). */
export interface FavouriteTables {
  favourite_games: { account_id: string; game_code: string; created_at: Date };
  recent_games: { account_id: string; game_code: string; launched_at: Date };
}
