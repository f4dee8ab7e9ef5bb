import type { GameTitles } from '../../../contracts/games';
import type { ColumnType, Generated } from 'kysely';

/** JSON columns: written as JSON text, read back parsed. */
type Json<T> = ColumnType<T, string, string>;

export interface GamesTables {
  games: {
    code: string;
    kind: string;
    titles: Json<GameTitles | null> | null;
    tags: Json<string[]>;
    orientation: string;
    is_demo_available: boolean;
    is_enabled: boolean;
    image_path: string | null;
    sort_order: number;
    rtp: number;
    definition_hash: string;
    updated_at: Generated<Date>;
  };
  game_definitions: {
    hash: string;
    game_code: string;
    definition: Json<unknown>;
    created_at: Generated<Date>;
  };
}
