import type { NewJob } from './job-store';

/** A queued text2image job for tests, with what a test cares about given in `over`. */
export function testJob(id: string, over: Partial<NewJob> = {}): NewJob {
  return {
    id,
    account_id: 'acct',
    operation: 'text2image',
    model_id: 'model-a',
    prompt: 'a red bicycle',
    params: '{}',
    input_sha256: null,
    input_name: null,
    input_mime: null,
    input_kind: null,
    input_size: null,
    input_url: null,
    source_text: null,
    fingerprint: `fp-${id}`,
    idempotency_key: `key-${id}`,
    profile: 'default',
    state: 'queued',
    position: 1,
    created_at: 1_000,
    ...over,
  };
}
