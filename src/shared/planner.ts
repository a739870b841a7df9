import { z } from 'zod';
import { RecordView } from './records';

export { AutomationAction, AutomationTrigger } from './automations';

// The planning side: calendar, schedule warnings, the media queue's order, templates, automations,
// import and export. Records themselves go through the generic records.* channels.

const id = z.string().min(1).max(200);
const isoInstant = z.iso.datetime({
  offset: true,
  error: 'Use an ISO 8601 date and time, such as 2026-05-01T09:00:00Z',
});

/** Channels a post can target (free text label, e.g. "Instagram", "Newsletter"). */
export { channelLabel } from './automations';
import { channelLabel } from './automations';

export const aspectRatios = ['1:1', '4:5', '16:9', '9:16', '3:2', '2:3'] as const;
export const AspectRatio = z.enum(aspectRatios);

/** Two items on the same channel closer than this take the same slot. */
export const SLOT_MINUTES = 30;

export const ScheduleWarning = z.object({
  /**
   * slot: another item on the same channel at (nearly) the same time; duplicate: identical content scheduled twice;
   * preflight: a target's text or media breaks its network's rules.
   */
  kind: z.enum(['slot', 'duplicate', 'preflight']),
  message: z.string(),
  /** The other items involved (group and id). */
  with: z.array(z.object({ group: z.enum(['posts', 'mediaQueue']), id: z.string() })),
  /** For preflight: the check's stable code (`image.ratio`…). */
  code: z.string().optional(),
});
export type ScheduleWarning = z.infer<typeof ScheduleWarning>;

/** One scheduled thing on the calendar: a post or a media queue item. */
export const CalendarItem = z.object({
  group: z.enum(['posts', 'mediaQueue']),
  id: z.string(),
  title: z.string(),
  channel: z.string().nullable(),
  /** Every channel it goes to (a post's targets; an item with only a label has one, with no id). */
  targets: z
    .array(z.object({ channelId: z.string().nullable(), network: z.string().nullable(), name: z.string() }))
    .default([]),
  /** When, as an ISO instant in UTC; screens show it in local time. */
  at: z.string(),
  status: z.string().nullable(),
  /** Content plans it belongs to. */
  planIds: z.array(z.string()),
  assetIds: z.array(z.string()),
  warnings: z.array(ScheduleWarning),
});
export type CalendarItem = z.infer<typeof CalendarItem>;

export const CalendarQuery = z
  .object({
    /** Range of instants [from, to). */
    from: isoInstant,
    to: isoInstant,
    planId: id.optional(),
    channel: channelLabel.optional(),
    /** The user's time zone (IANA), for times in warning messages; the core's own zone when absent. */
    zone: z.string().min(1).max(100).optional(),
  })
  .strict();
export type CalendarQuery = z.input<typeof CalendarQuery>;

export const CalendarView = z.object({
  items: z.array(CalendarItem),
  /** Scheduled items with no date are not here; this counts drafts of posts without a time. */
  unscheduled: z.int(),
  channels: z.array(z.string()),
});
export type CalendarView = z.infer<typeof CalendarView>;

export const RescheduleInput = z
  .object({ group: z.enum(['posts', 'mediaQueue']), id, at: isoInstant, zone: z.string().min(1).max(100).optional() })
  .strict();
export type RescheduleInput = z.input<typeof RescheduleInput>;

// ----- Media queue -----

export const QueueItemView = z.object({
  id: z.string(),
  /** 1-based place in the queue. */
  position: z.int(),
  assetId: z.string(),
  /** What was queued: the asset itself, or a creative or post (its first media). */
  source: z.object({ group: z.enum(['assets', 'creatives', 'posts']), id: z.string(), label: z.string() }),
  planId: z.string().nullable(),
  scheduledAt: z.string().nullable(),
  note: z.string(),
  syncState: z.string(),
  /** Waiting for the platform to specify how this is sent (reorder/remove on a platform without those endpoints). */
  waiting: z.string().nullable(),
});
export type QueueItemView = z.infer<typeof QueueItemView>;

export const QueueView = z.object({ items: z.array(QueueItemView) });
export type QueueView = z.infer<typeof QueueView>;

export const QueueAddInput = z
  .object({
    source: z.object({ group: z.enum(['assets', 'creatives', 'posts']), id }).strict(),
    planId: id.optional(),
    scheduledAt: isoInstant.optional(),
    note: z.string().max(10_000).optional(),
  })
  .strict();
export type QueueAddInput = z.input<typeof QueueAddInput>;

export const QueueMoveInput = z.object({ id, before: id.nullable() }).strict();

// ----- Dates written in rows (CSV import and template rows) -----

/**
 * The creator's time zone (IANA) and locale (BCP 47): a row's date without a zone is read on that clock,
 * and the locale settles 03/04/2026 (month first where it writes dates month/day/year). The core's own
 * zone and locale when absent.
 */
const dateContext = {
  zone: z.string().min(1).max(100).optional(),
  locale: z.string().min(1).max(100).optional(),
};

/** A date a row gives, as written and as read. */
export const RowDate = z.object({
  field: z.string(),
  /** As written in the row. */
  value: z.string(),
  /** The instant, ISO 8601 in UTC; null when the value could not be read. */
  at: z.string().nullable(),
  /** How it reads on the creator's clock ("Mon 30 Nov 2026, 09:00"); null when it could not be read. */
  local: z.string().nullable(),
});
export type RowDate = z.infer<typeof RowDate>;

/** One problem with a row, with the field it is about ('' for the row as a whole). */
export const FieldProblem = z.object({ field: z.string(), message: z.string() });
export type FieldProblem = z.infer<typeof FieldProblem>;

// ----- Templates -----

/** Fields set on every record made (channel, status, plan…); a row's `scheduled_at` or `channel` column wins. */
const TemplateDefaults = z
  .object({
    channel: channelLabel.optional(),
    status: z.enum(['draft', 'ready', 'scheduled']).optional(),
    scheduledAt: isoInstant.optional(),
    planId: id.optional(),
    assetIds: z.array(id).max(100).optional(),
  })
  .strict();
const TemplateRows = z
  .array(z.record(z.string().max(200), z.string().max(100_000)))
  .min(1)
  .max(1000);

export const TemplatePreviewInput = z
  .object({
    /** A stored template, or a body being edited. */
    templateId: id.optional(),
    body: z.string().max(100_000).optional(),
    values: z.record(z.string().max(200), z.string().max(100_000)).default({}),
    /** Rows to check as "Create from template" would (dates read, problems per field), nothing created. */
    rows: TemplateRows.optional(),
    target: z.enum(['posts', 'creatives']).optional(),
    defaults: TemplateDefaults.optional(),
    ...dateContext,
  })
  .strict();
export type TemplatePreviewInput = z.input<typeof TemplatePreviewInput>;

export const TemplatePreview = z.object({
  /** The body with every known variable filled; missing ones stay as {{name}}. */
  text: z.string(),
  variables: z.array(z.string()),
  missing: z.array(z.string()),
  /** With `rows`: each row's dates as read and its problems (none when it would be created as it is). */
  rows: z.array(z.object({ row: z.int(), dates: z.array(RowDate), problems: z.array(FieldProblem) })).optional(),
  /** The zone row dates were read in. */
  zone: z.string().optional(),
});
export type TemplatePreview = z.infer<typeof TemplatePreview>;

export const FromTemplateInput = z
  .object({
    templateId: id,
    target: z.enum(['posts', 'creatives']),
    /** One record per row of values (a CSV row each); a missing variable in any row refuses all of them. */
    rows: TemplateRows,
    defaults: TemplateDefaults.default({}),
    /** Create the valid rows even when others are invalid (otherwise nothing is created). */
    validOnly: z.boolean().default(false),
    ...dateContext,
  })
  .strict();
export type FromTemplateInput = z.input<typeof FromTemplateInput>;

export const CreatedRecords = z.object({
  created: z.array(RecordView),
  /** Rows (1-based) left out because they were invalid, when only the valid ones were asked for. */
  skipped: z.array(z.int()).optional(),
});
export type CreatedRecords = z.infer<typeof CreatedRecords>;

// ----- CSV and JSON import -----

export const ParseCsvInput = z.object({ text: z.string().max(900_000) }).strict();
export const ParsedCsv = z.object({
  columns: z.array(z.string()),
  rows: z.array(z.record(z.string(), z.string())),
  /** Rows the parser could not read (1-based line of the data row), with why. */
  errors: z.array(z.object({ row: z.int(), message: z.string() })),
});
export type ParsedCsv = z.infer<typeof ParsedCsv>;

export const ImportKind = z.enum(['posts', 'contentPlans']);
export const ImportInput = z
  .object({
    kind: ImportKind,
    format: z.enum(['csv', 'json']),
    text: z.string().max(900_000),
    /** Import the valid rows even when others are invalid (otherwise nothing is imported). */
    validOnly: z.boolean().default(false),
    ...dateContext,
  })
  .strict();
export type PlannerImportInput = z.input<typeof ImportInput>;

export const ImportRow = z.object({
  /** 1-based row of the file (data rows for CSV, array items for JSON). */
  row: z.int(),
  fields: z.record(z.string(), z.unknown()),
  errors: z.array(z.string()),
  /** The same problems with the field each is about. */
  problems: z.array(FieldProblem).optional(),
  /** The row's dates as written and as read in the creator's zone. */
  dates: z.array(RowDate).optional(),
});
export const ImportPreview = z.object({
  rows: z.array(ImportRow),
  valid: z.int(),
  invalid: z.int(),
  /** The zone dates without one were read in. */
  zone: z.string().optional(),
});
export type ImportPreview = z.infer<typeof ImportPreview>;
export const ImportResult = z.object({ created: z.int(), skipped: z.int() });
export type ImportResult = z.infer<typeof ImportResult>;

// ----- Workspace export and import -----

export const WorkspaceExportInput = z.object({ folder: z.string().min(1).max(4096).optional() }).strict();
export const WorkspaceImportInput = z.object({ folder: z.string().min(1).max(4096).optional() }).strict();
export const WorkspaceTransfer = z.object({ folder: z.string(), records: z.int(), files: z.int() });
export type WorkspaceTransfer = z.infer<typeof WorkspaceTransfer>;

// ----- Automations -----

export const AutomationRun = z.object({
  id: z.int(),
  automationId: z.string(),
  automationName: z.string(),
  at: z.string(),
  /** What set it off, in words ("asset beach.png imported", "run by hand"). */
  cause: z.string(),
  outcome: z.enum(['ok', 'failed', 'skipped']),
  /** What it did or why it failed or was skipped (e.g. loop protection). */
  message: z.string(),
});
export type AutomationRun = z.infer<typeof AutomationRun>;

export const AutomationRunsInput = z
  .object({ automationId: id.optional(), limit: z.int().min(1).max(1000).default(100) })
  .strict();

/** Run an automation now, by hand (its actions get no event asset unless one is given). */
export const AutomationRunInput = z.object({ id, assetId: id.optional() }).strict();

/** Automation runs happened (the run log changed). */
export const AutomationsChanged = z.object({ automationIds: z.array(z.string()) });
