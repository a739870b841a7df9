import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { AiExportReport } from '../../shared/ai';
import { useChannel } from '../backend/context';
import { useAction } from '../backend/use-action';
import { plural } from '../library/format';
import { QueryError } from '../sync/QueryError';

/** "Export…": the desktop app asks for a folder with its own dialog; a browser has none, so the path is typed. */
export function ExportResult({ jobId }: { jobId: string }) {
  const id = useId();
  const info = useChannel('app.info', {});
  const desktop = info.data?.host === 'electron';
  const exp = useAction('ai.export');
  const [asking, setAsking] = useState(false);
  const [folder, setFolder] = useState('');
  const [report, setReport] = useState<AiExportReport | null>(null);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (asking) field.current?.focus();
  }, [asking]);
  const run = (to?: string) => {
    setReport(null);
    exp.mutate(to ? { ids: [jobId], folder: to } : { ids: [jobId] }, {
      onSuccess: (r) => {
        setReport(r);
        setAsking(false);
      },
    });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (folder.trim()) run(folder.trim());
  };
  return (
    <div className="export-result">
      <button
        type="button"
        aria-expanded={desktop ? undefined : asking}
        disabled={exp.isPending || !info.data}
        onClick={() => (desktop ? run() : setAsking((v) => !v))}
      >
        {exp.isPending ? 'Exporting…' : 'Export…'}
      </button>
      {asking && (
        <form className="row export-form" onSubmit={submit}>
          <label htmlFor={`${id}-folder`}>Folder on this computer</label>
          <input
            id={`${id}-folder`}
            ref={field}
            className="tag-input mono"
            data-testid="ai-export-folder"
            value={folder}
            maxLength={4096}
            placeholder="/home/me/Exports"
            onChange={(e) => setFolder(e.target.value)}
          />
          <button type="submit" disabled={!folder.trim() || exp.isPending}>
            Export here
          </button>
        </form>
      )}
      <span role="status" data-testid="ai-exported">
        {report &&
          (report.files.length
            ? `Exported ${plural(report.files.length, 'file')} to ${report.folder}`
            : 'Nothing was exported.')}
      </span>
      <QueryError error={exp.error} />
    </div>
  );
}
