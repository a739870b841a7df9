import path from 'node:path';

/**
 * The numbered .sql files. From source this is core/db/migrations; in the bundled main process
 * every module's __dirname is out/main, and the build copies the files to out/main/db/migrations.
 */
export const migrationsDir = path.join(
  __dirname,
  __filename.endsWith('migrations-dir.ts') ? 'migrations' : path.join('db', 'migrations'),
);
