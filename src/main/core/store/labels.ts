const LABEL_FIELDS = ['name', 'title', 'text', 'asset_id'];

/** A short human name for a record: its name, title or the start of its text. */
export function recordLabel(noun: string, fields: Record<string, unknown>): string {
  for (const key of LABEL_FIELDS) {
    const value = fields[key];
    if (typeof value === 'string' && value.trim() !== '') {
      const text = value.trim().replace(/\s+/g, ' ');
      return text.length > 60 ? `${text.slice(0, 59)}…` : text;
    }
  }
  return `Untitled ${noun}`;
}
