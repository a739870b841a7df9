/** What a drop carried, captured while the event runs (its DataTransfer is emptied afterwards). */
export interface Dropped {
  /** Top-level items as the OS gave them, folders included (the desktop app asks the host for their paths). */
  files: File[];
  /** For a browser: the dropped files that are not folders… */
  plainFiles: File[];
  /** …and the dropped folders, to walk. */
  folders: FileSystemDirectoryEntry[];
}

export function captureDrop(dt: DataTransfer): Dropped {
  const plainFiles: File[] = [];
  const folders: FileSystemDirectoryEntry[] = [];
  for (const item of Array.from(dt.items)) {
    if (item.kind !== 'file') continue;
    const entry = typeof item.webkitGetAsEntry === 'function' ? item.webkitGetAsEntry() : null;
    if (entry && isDirectory(entry)) {
      folders.push(entry);
      continue;
    }
    const file = item.getAsFile();
    if (file) plainFiles.push(file);
  }
  return { files: Array.from(dt.files), plainFiles, folders };
}

export interface Walked {
  files: File[];
  failed: { path: string; message: string }[];
}

const fileOf = (entry: FileSystemFileEntry) => new Promise<File>((resolve, reject) => entry.file(resolve, reject));
const batchOf = (reader: FileSystemDirectoryReader) =>
  new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));

function isFile(e: FileSystemEntry): e is FileSystemFileEntry {
  return e.isFile;
}
function isDirectory(e: FileSystemEntry): e is FileSystemDirectoryEntry {
  return e.isDirectory;
}

/** Every file under the dropped entries, folders walked recursively; unreadable ones are reported, not dropped. */
export async function walkEntries(entries: FileSystemEntry[], onFound?: (count: number) => void): Promise<Walked> {
  const out: Walked = { files: [], failed: [] };
  const visit = async (entry: FileSystemEntry): Promise<void> => {
    try {
      if (isFile(entry)) {
        out.files.push(await fileOf(entry));
        onFound?.(out.files.length);
      } else if (isDirectory(entry)) {
        const reader = entry.createReader();
        // readEntries answers in batches (100 in Chromium) until it answers with none.
        for (let batch = await batchOf(reader); batch.length > 0; batch = await batchOf(reader)) {
          for (const child of batch) await visit(child);
        }
      }
    } catch (e) {
      out.failed.push({
        path: entry.fullPath || entry.name,
        message: e instanceof Error ? e.message : 'The browser could not read it.',
      });
    }
  };
  for (const entry of entries) await visit(entry);
  return out;
}
