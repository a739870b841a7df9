// Placeholder until the rescue lands: the recovery screen offers it and reports this in words.

export interface RescueReport {
  tables: { name: string; copied: number; lost: number }[];
  method: 'sqlite3-recover' | 'row-walk';
}

export async function rescueDatabase(_damagedFile: string, _targetFile: string, _migrationsDir: string): Promise<RescueReport> {
  throw new Error('Rescue is not yet available.');
}
