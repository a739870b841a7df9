import type { CheckLine, ListAnswer } from '../../../../shared/connection-check';
import type { RecordsFormat } from '../../../../shared/profile';
import type { SecretRegistry } from '../../redact';
import type { Line } from './diagnose';
import { maskedAnswer, maskedRaw } from './mask';

/** Failures the user can fix by pointing into the answer: the list, or the records' id. */
const TEACHABLE = new Set(['records.itemsField', 'records.idField']);

/** The answer kept for "Teach Atelier where the records are", when the line is one it can fix. */
function listAnswerOf(l: Line, registry: SecretRegistry, records: RecordsFormat): ListAnswer | null {
  if (l.section !== 'groups' || l.verdict.outcome !== 'fail' || !TEACHABLE.has(l.verdict.field ?? '')) return null;
  const answer = maskedAnswer(l.answer, registry);
  return answer === null ? null : { answer, itemsField: records.itemsField, idField: records.idField };
}

/** What the user sees of a line: secrets masked everywhere, the answer cut to a few KB. */
export function report(l: Line, registry: SecretRegistry, records: RecordsFormat): CheckLine {
  const words = l.answer?.words ?? null;
  const listAnswer = listAnswerOf(l, registry, records);
  return {
    id: l.id,
    section: l.section,
    label: l.label,
    outcome: l.verdict.outcome,
    request: l.request,
    status: l.answer?.status ?? null,
    summary: registry.scrub(l.verdict.summary),
    serverWords: words === null ? null : registry.scrub(words),
    field: l.verdict.field,
    hint: l.verdict.hint === null ? null : registry.scrub(l.verdict.hint),
    raw: maskedRaw(l.answer, registry),
    ...(listAnswer && { listAnswer }),
  };
}
