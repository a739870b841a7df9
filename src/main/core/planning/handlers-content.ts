import type { HandlerMap } from '../../../shared/contract';
import { fail } from '../errors';
import type { Dialogs } from '../ports';
import type { AutomationEngine } from './automations/engine';
import { parseCsv } from './csv';
import type { PlannerImporter } from './import';
import type { Templates } from './templates';
import type { WorkspaceTransfer } from './workspace-transfer';

type ContentChannels = Pick<
  HandlerMap,
  | 'planner.templatePreview'
  | 'planner.fromTemplate'
  | 'planner.parseCsv'
  | 'planner.importPreview'
  | 'planner.import'
  | 'workspace.export'
  | 'workspace.import'
  | 'automations.runs'
  | 'automations.run'
>;

export interface ContentDeps {
  templates: Templates;
  importer: PlannerImporter;
  transfer: WorkspaceTransfer;
  automations: AutomationEngine;
  /** Absent in browser mode: the folder must then be typed. */
  dialogs: Dialogs | undefined;
}

/** The folder given, or one the user picks; null when they cancelled the dialog. */
async function folderOf(
  folder: string | undefined,
  dialogs: Dialogs | undefined,
  title: string,
): Promise<string | null> {
  if (folder !== undefined) return folder;
  if (!dialogs)
    fail('validation', 'Type the full path of the folder.', {
      issues: [{ path: 'folder', message: 'A folder is required here.' }],
    });
  return dialogs.chooseFolder(title);
}

const cancelled = { folder: '', records: 0, files: 0 };

/** Templates, CSV/JSON import, workspace export/import and the automations' run log. */
export function contentHandlers(deps: ContentDeps): ContentChannels {
  const { templates, importer, transfer, automations, dialogs } = deps;
  return {
    'planner.templatePreview': (input) => templates.preview(input),
    'planner.fromTemplate': (input) => templates.fromTemplate(input),
    'planner.parseCsv': ({ text }) => parseCsv(text),
    'planner.importPreview': (input) => importer.preview(input),
    'planner.import': (input) => importer.import(input),
    'workspace.export': async ({ folder }) => {
      const into = await folderOf(folder, dialogs, 'Export the workspace into an empty folder');
      return into === null ? cancelled : transfer.export(into);
    },
    'workspace.import': async ({ folder }) => {
      const from = await folderOf(folder, dialogs, 'Choose an Atelier export to restore');
      return from === null ? cancelled : transfer.import(from);
    },
    'automations.runs': (input) => automations.runs(input),
    'automations.run': ({ id, assetId }) => automations.runNow(id, assetId),
  };
}
