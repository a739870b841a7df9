// Test helper (not product code): a read AI answer and its outputs, every field the reader fills set
// to "not given" unless the test says otherwise.
import type { ParsedOutput } from './response';
import type { ReadAnswer } from './response-map';

export const output = (fields: Partial<ParsedOutput>): ParsedOutput => ({
  url: null,
  data: null,
  mimeType: null,
  sha256: null,
  width: null,
  height: null,
  durationMs: null,
  ...fields,
});

export const answerWith = (outputs: ParsedOutput[], fields: Partial<ReadAnswer> = {}): ReadAnswer => ({
  text: null,
  failure: null,
  unknownShape: false,
  note: null,
  jobId: null,
  status: null,
  outputs,
  ...fields,
});
