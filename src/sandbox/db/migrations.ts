// Numbered, append-only: a released migration is never edited, a new one is added.

export interface Migration {
  id: number;
  name: string;
  sql: string;
}

const accountsAndTokens = `
CREATE TABLE accounts (
  id TEXT PRIMARY KEY,
  username TEXT NOT NULL UNIQUE,
  password_hash TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE TABLE clients (
  client_id TEXT PRIMARY KEY,
  secret_hash TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE TABLE token_families (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id),
  client_id TEXT,
  created_at INTEGER NOT NULL,
  revoked_at INTEGER,
  revoked_reason TEXT
);
CREATE TABLE tokens (
  hash TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('access', 'refresh')),
  family_id TEXT NOT NULL REFERENCES token_families(id),
  account_id TEXT NOT NULL REFERENCES accounts(id),
  issued_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);
CREATE INDEX tokens_family ON tokens(family_id);
CREATE TABLE api_keys (
  id TEXT PRIMARY KEY,
  hash TEXT NOT NULL UNIQUE,
  account_id TEXT NOT NULL REFERENCES accounts(id),
  name TEXT NOT NULL,
  prefix TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  revoked_at INTEGER,
  last_used_at INTEGER
);
`;

const recordsAndFiles = `
CREATE TABLE counters (
  name TEXT PRIMARY KEY,
  value INTEGER NOT NULL
);
INSERT INTO counters (name, value) VALUES ('change_seq', 0);
CREATE TABLE records (
  account_id TEXT NOT NULL REFERENCES accounts(id),
  grp TEXT NOT NULL,
  id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  version INTEGER NOT NULL,
  data TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  deleted_at INTEGER,
  PRIMARY KEY (account_id, grp, id)
);
CREATE INDEX records_changes ON records(account_id, grp, seq);
CREATE INDEX records_updated ON records(account_id, grp, updated_at);
CREATE TABLE idempotency (
  account_id TEXT NOT NULL,
  scope TEXT NOT NULL,
  key TEXT NOT NULL,
  request_hash TEXT NOT NULL,
  status INTEGER NOT NULL,
  body TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (account_id, scope, key)
);
CREATE TABLE files (
  account_id TEXT NOT NULL,
  id TEXT NOT NULL,
  mime_type TEXT NOT NULL,
  size INTEGER NOT NULL,
  data BLOB NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (account_id, id)
);
`;

const aiJobs = `
CREATE TABLE ai_jobs (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id),
  operation TEXT NOT NULL,
  model_id TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed')),
  file_id TEXT,
  mime_type TEXT,
  text TEXT,
  error TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX ai_jobs_account ON ai_jobs(account_id, created_at);
`;

export const MIGRATIONS: Migration[] = [
  { id: 1, name: '001-accounts-and-tokens', sql: accountsAndTokens },
  { id: 2, name: '002-records-and-files', sql: recordsAndFiles },
  { id: 3, name: '003-ai-jobs', sql: aiJobs },
];
