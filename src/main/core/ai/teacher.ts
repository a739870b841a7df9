import type { AiTeachPreview, AiTeachInput as TeachSchema } from '../../../shared/ai';
import { readFirstText, readPath } from '../../../shared/field-path';
import type { PlatformProfile } from '../../../shared/profile';
import type { z } from 'zod';
import { fail } from '../errors';
import { parseJson, type JobRow, type JobStore } from './job-store';
import { lineDiff } from './line-diff';
import type { JobRunner } from './runner';
import { teachProfile, TeachError, type Taught } from './teach';

export interface TeacherDeps {
  jobs: JobStore;
  runner: JobRunner;
  account(): string;
  /** The profile in use, whether it is built in, and every profile id already taken. */
  profiles(): { inUse: PlatformProfile; builtin: boolean; ids: string[] };
  /** Save the derived profile and use it at the same address (the session stays). */
  adopt(json: string): Promise<void>;
}

type TeachArgs = z.output<typeof TeachSchema>;

const pretty = (p: PlatformProfile) => JSON.stringify(p, null, 2);

/**
 * Teaching Atelier where a job's answer keeps its result: preview the profile, then save it and read the answer again.
 */
export class Teacher {
  constructor(private readonly deps: TeacherDeps) {}

  /** A finished job with a stored answer; a failed one only to teach its job id (it failed for want of it). */
  private job(id: string, role: TeachArgs['role']): JobRow {
    const row = this.deps.jobs.get(id);
    if (!row || row.account_id !== this.deps.account())
      fail('not_found', 'That AI job does not exist (it may have been removed).');
    const teachable =
      row.response !== null && (row.state === 'succeeded' || (row.state === 'failed' && role === 'jobId'));
    if (!teachable) {
      fail(
        'conflict',
        row.state === 'failed' && row.response !== null
          ? 'This job failed before its result arrived: only the platform’s job id can be taught from its answer.'
          : 'Only a finished job with a stored answer can teach Atelier where its result is.',
      );
    }
    return row;
  }

  private derive(input: TeachArgs): { taught: Taught; inUse: PlatformProfile; row: JobRow } {
    const row = this.job(input.jobId, input.role);
    const answer = parseJson<unknown>(row.response, row.response);
    if (readPath(answer, input.path) === undefined) {
      fail('validation', `The stored answer has nothing at "${input.path}".`, {
        issues: [{ path: 'path', message: 'Choose a field of the answer.' }],
      });
    }
    if (input.role === 'jobId' && readFirstText(answer, [input.path]) === undefined) {
      fail('validation', `"${input.path}" holds no id (text or a number).`, {
        issues: [{ path: 'path', message: 'Choose the field that holds the id itself.' }],
      });
    }
    const { inUse, builtin, ids } = this.deps.profiles();
    try {
      const taught = teachProfile(inUse, {
        builtin,
        takenIds: ids,
        operation: row.operation,
        role: input.role,
        path: input.path,
        finalOfPoll: row.remote_job_id !== null,
      });
      return { taught, inUse, row };
    } catch (e) {
      if (e instanceof TeachError) fail('validation', e.message, { issues: [{ path: 'path', message: e.message }] });
      throw e;
    }
  }

  preview(input: TeachArgs): AiTeachPreview {
    const { taught, inUse } = this.derive(input);
    const json = pretty(taught.profile);
    return {
      profileId: taught.profile.id,
      profileName: taught.profile.name,
      copy: taught.copy,
      diff: lineDiff(pretty(inUse), json),
      json,
      note: taught.note,
    };
  }

  /**
   * Save and use the derived profile, then read the stored answer with it: nothing is run again.
   * A job id taught for an operation that polls puts the job back in the queue to ask about it
   * ('resumed': the caller wakes the queue); it is never submitted again.
   */
  async apply(input: TeachArgs): Promise<'reread' | 'resumed'> {
    const { taught, row } = this.derive(input);
    await this.deps.adopt(pretty(taught.profile));
    if (input.role === 'jobId' && row.remote_job_id === null && taught.profile.ai[row.operation].poll) {
      if (await this.deps.runner.resumeTaught(input.jobId)) return 'resumed';
    }
    await this.deps.runner.reread(input.jobId, new AbortController().signal);
    return 'reread';
  }
}
