import fs from 'node:fs';
import { defaultMigrationsDir } from '../../src/main/core/node-deps';

/** The schema version the app ships: one per numbered migration file. */
export const SHIPPED_SCHEMA_VERSION = fs
  .readdirSync(defaultMigrationsDir)
  .filter((f) => /^\d{4}_.*\.sql$/.test(f)).length;
