import type { Endpoint, GroupEndpoints, PlatformProfile, RecordsFormat, ResourceGroup } from '../../../shared/profile';
import { readPath, setPath } from '../../../shared/field-path';
import { fail } from '../errors';
import type { HttpRequest, HttpResponse } from '../platform/http';
import type { SessionTarget } from '../platform/session';
import type { Fields } from '../store/fields';

/** A record as the platform returned it, split into what we keep and what the server owns. */
export interface RemoteRecord {
  remoteId: string;
  version: number | null;
  deleted: boolean;
  fields: Fields;
}

export interface RemotePage {
  items: RemoteRecord[];
  nextCursor: string | null;
  hasMore: boolean;
}

export type Send = (req: HttpRequest) => Promise<HttpResponse>;

function malformed(what: string): never {
  fail('unavailable', `The platform's answer did not contain ${what}.`, {
    hint: 'Check the platform profile, or try again later.',
  });
}

/** Each profile's server fields as a set, made once: every acknowledged and pulled record is split by them. */
const serverSets = new WeakMap<readonly string[], ReadonlySet<string>>();

function serverFieldSet(fields: readonly string[]): ReadonlySet<string> {
  let set = serverSets.get(fields);
  if (set === undefined) {
    set = new Set(fields);
    serverSets.set(fields, set);
  }
  return set;
}

export function toRemoteRecord(value: unknown, format: RecordsFormat): RemoteRecord {
  if (!value || typeof value !== 'object' || Array.isArray(value)) malformed('a record');
  const id = readPath(value, format.idField);
  if (typeof id !== 'string' && typeof id !== 'number') malformed(`the record's "${format.idField}"`);
  const version = readPath(value, format.versionField);
  const fields: Fields = {};
  const server = serverFieldSet(format.serverFields);
  for (const [k, v] of Object.entries(value)) if (!server.has(k)) fields[k] = v;
  return {
    remoteId: String(id),
    version: typeof version === 'number' && Number.isFinite(version) ? version : null,
    deleted: readPath(value, format.deletedField) === true,
    fields,
  };
}

/** The requests of one group, built from the platform profile. */
export class RemoteGroup {
  readonly format: RecordsFormat;
  private readonly endpoints: Exclude<GroupEndpoints, 'unspecified'>;

  constructor(
    readonly group: ResourceGroup,
    private readonly target: SessionTarget,
    private readonly send: Send,
  ) {
    const endpoints = target.profile.groups[group];
    if (endpoints === 'unspecified') fail('unavailable', `The platform has not specified the ${group} endpoints.`);
    this.endpoints = endpoints;
    this.format = target.profile.records;
  }

  static specified(profile: PlatformProfile, group: ResourceGroup): boolean {
    return profile.groups[group] !== 'unspecified';
  }

  /** Whether the profile names an endpoint for this operation. */
  supports(op: 'create' | 'update' | 'delete'): boolean {
    return this.endpoints[op] !== undefined;
  }

  /** Addresses without an id or a query, made once per endpoint (every create of a drain goes to the same one). */
  private readonly plainUrls = new Map<Endpoint, string>();

  private url(endpoint: Endpoint, remoteId?: string, query?: Record<string, string>): string {
    if (remoteId === undefined && query === undefined) {
      let url = this.plainUrls.get(endpoint);
      if (url === undefined) {
        url = new URL(endpoint.path, this.target.baseUrl ?? undefined).toString();
        this.plainUrls.set(endpoint, url);
      }
      return url;
    }
    const path =
      remoteId === undefined ? endpoint.path : endpoint.path.replaceAll('{id}', encodeURIComponent(remoteId));
    const url = new URL(path, this.target.baseUrl ?? undefined);
    for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, v);
    return url.toString();
  }

  async create(fields: Fields, idempotencyKey: string): Promise<RemoteRecord> {
    const { create, itemsField } = this.endpoints;
    let body: unknown = fields;
    if (itemsField) {
      const wrapped: Record<string, unknown> = {};
      setPath(wrapped, itemsField, [fields]);
      body = wrapped;
    }
    const res = await this.send({ method: create.method, url: this.url(create), body, idempotencyKey });
    const answered = itemsField ? readPath(res.body, itemsField) : res.body;
    return toRemoteRecord(Array.isArray(answered) ? answered[0] : answered, this.format);
  }

  async update(remoteId: string, version: number | null, patch: Fields, idempotencyKey: string): Promise<RemoteRecord> {
    const endpoint = this.endpoints.update;
    if (!endpoint) fail('unavailable', `The platform's specification has no way to change a ${this.group} record.`);
    const res = await this.send({
      method: endpoint.method,
      url: this.url(endpoint, remoteId),
      body: patch,
      idempotencyKey,
      headers: ifMatch(version),
    });
    return toRemoteRecord(res.body, this.format);
  }

  /** The tombstone when the platform answers with one (so the pull that brings it back is a no-op). */
  async remove(remoteId: string, version: number | null, idempotencyKey: string): Promise<RemoteRecord | null> {
    const endpoint = this.endpoints.delete;
    if (!endpoint) fail('unavailable', `The platform's specification has no way to delete a ${this.group} record.`);
    const res = await this.send({
      method: endpoint.method,
      url: this.url(endpoint, remoteId),
      idempotencyKey,
      headers: ifMatch(version),
    });
    try {
      return toRemoteRecord(res.body, this.format);
    } catch {
      return null;
    }
  }

  /** One page of the change feed after `cursor` (null: from the beginning), deletions included. */
  async changes(cursor: string | null): Promise<RemotePage> {
    const f = this.format;
    const query: Record<string, string> = { [f.limitParam]: String(f.pageSize) };
    if (cursor !== null) query[f.sinceParam] = cursor;
    const res = await this.send({
      method: this.endpoints.list.method,
      url: this.url(this.endpoints.list, undefined, query),
    });
    const items = readPath(res.body, f.itemsField);
    if (!Array.isArray(items)) malformed(`a list in "${f.itemsField}"`);
    const next = readPath(res.body, f.nextCursorField);
    const nextCursor = typeof next === 'string' && next !== '' ? next : typeof next === 'number' ? String(next) : null;
    return {
      items: items.map((item) => toRemoteRecord(item, f)),
      nextCursor,
      // Without a "more" flag, a full page may have a next one (an empty page then ends the walk).
      hasMore: f.hasMoreField
        ? readPath(res.body, f.hasMoreField) === true
        : items.length >= f.pageSize && nextCursor !== null,
    };
  }
}

function ifMatch(version: number | null): Record<string, string> | undefined {
  return version === null ? undefined : { 'If-Match': `"${version}"` };
}
