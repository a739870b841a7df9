import type { PlatformProfileInput } from '../../../../shared/profile';
import { authPath, type AuthOperations, type AuthStep } from './auth-operations';
import { at, type ProposalContext } from './findings';
import { requestSchema, type Operation } from './operations';
import { constantOf, propertiesOf, requiredOf, typeOf } from './schema-walk';

type Auth = PlatformProfileInput['auth'];

interface Rule {
  /** The profile's key under auth.<step>. */
  key: string;
  pattern: RegExp;
  /** Used when the document has no body or no such property. */
  published: string;
  /** Absent from the body: null (nothing sent) rather than the published name. */
  nullable?: boolean;
  /** The one string property nothing else claimed may be it (a guess). */
  lastString?: boolean;
}

const CLIENT_ID = /^client[_-]?id$/i;
const CLIENT_SECRET = /^client[_-]?secret$/i;

// Order matters: specific names claim their property before the looser ones look.
const RULES: Record<AuthStep, Rule[]> = {
  login: [
    { key: 'clientIdField', pattern: CLIENT_ID, published: 'client_id', nullable: true },
    {
      key: 'passwordField',
      pattern: /^(password|passwd|pass|pwd|secret|passphrase)$/i,
      published: 'password',
      lastString: true,
    },
    {
      key: 'usernameField',
      pattern: /^(user[_-]?name|login|e-?mail|user|account|handle|identifier)$/i,
      published: 'username',
      lastString: true,
    },
  ],
  refresh: [
    { key: 'refreshTokenField', pattern: /^refresh[_-]?token$/i, published: 'refresh_token', lastString: true },
    { key: 'clientIdField', pattern: CLIENT_ID, published: 'client_id' },
    { key: 'clientSecretField', pattern: CLIENT_SECRET, published: 'client_secret' },
  ],
  validate: [
    {
      key: 'tokenField',
      pattern: /^(token|access[_-]?token|jwt)$/i,
      published: 'token',
      nullable: true,
      lastString: true,
    },
  ],
};

interface Body {
  props: [string, unknown][];
  required: Set<string>;
  place: string;
}

type Extra = Record<string, string | number | boolean>;
interface Fields {
  names: Record<string, string | null>;
  extra?: Extra;
}

function bodyOf(op: Operation | null): Body | null {
  const schema = op ? requestSchema(op) : undefined;
  if (!op || schema === undefined) return null;
  return { props: propertiesOf(schema), required: requiredOf(schema), place: `${op.label} request body` };
}

/** One request's field names: matched by name, the last string property, or the published name. */
function requestFields(ctx: ProposalContext, step: AuthStep, op: Operation | null): Fields {
  const body = bodyOf(op);
  const names: Record<string, string | null> = {};
  const taken = new Set<string>();
  const pending: Rule[] = [];
  for (const rule of RULES[step]) {
    const name = body?.props.find(([n]) => rule.pattern.test(n) && !taken.has(n))?.[0];
    if (name && body) {
      taken.add(name);
      names[rule.key] = name;
      ctx.findings.add('found', `auth.${step}.${rule.key}`, at(name, body.place));
    } else pending.push(rule);
  }
  for (const rule of pending) {
    const field = `auth.${step}.${rule.key}`;
    if (body) names[rule.key] = unmatched(ctx, field, rule, body, taken);
    else {
      // The published document says every auth request sends a JSON object: an unshown body is unknown, not empty.
      names[rule.key] = rule.published;
      ctx.findings.add(
        'missing',
        field,
        `${op ? `${op.label} shows no request body` : `no ${step} operation`}; "${rule.published}" is kept`,
      );
    }
  }
  return body ? { names, ...extras(ctx, step, body, taken) } : { names };
}

function unmatched(ctx: ProposalContext, field: string, rule: Rule, body: Body, taken: Set<string>): string | null {
  const strings = body.props.filter(([n, s]) => !taken.has(n) && typeOf(s) === 'string' && constantOf(s) === undefined);
  const only = strings.length === 1 ? strings[0]?.[0] : undefined;
  if (rule.lastString && only) {
    taken.add(only);
    ctx.findings.add('guessed', field, `${at(only, body.place)}: the one string property left`);
    return only;
  }
  if (rule.nullable) {
    ctx.findings.add('found', field, `none in the ${body.place}: nothing is sent`);
    return null;
  }
  ctx.findings.add('missing', field, `nothing like it in the ${body.place}; "${rule.published}" is kept`);
  return rule.published;
}

/** Required properties with one possible value are sent as constants; others cannot be filled. */
function extras(ctx: ProposalContext, step: AuthStep, body: Body, taken: Set<string>): { extra?: Extra } {
  const extra: Extra = {};
  for (const [name, schema] of body.props) {
    if (taken.has(name) || !body.required.has(name)) continue;
    const value = constantOf(schema);
    if (value !== undefined) {
      extra[name] = value;
      ctx.findings.add(
        'found',
        `auth.${step}.extra.${name}`,
        `${JSON.stringify(value)}, the only value the ${body.place} allows`,
      );
    } else
      ctx.findings.add(
        'missing',
        `auth.${step}.extra`,
        `${at(name, body.place)} is required and Atelier has no value for it`,
      );
  }
  return Object.keys(extra).length > 0 ? { extra } : {};
}

const text = (v: string | null | undefined, fallback: string) => v ?? fallback;

/** login, refresh and validate: paths and request field names. */
export function proposeAuthRequests(
  ctx: ProposalContext,
  ops: AuthOperations,
): Pick<Auth, 'login' | 'refresh' | 'validate'> {
  const login = requestFields(ctx, 'login', ops.login);
  const refresh = requestFields(ctx, 'refresh', ops.refresh);
  const validate = requestFields(ctx, 'validate', ops.validate);
  const extra = (f: Fields) => (f.extra ? { extra: f.extra } : {});
  return {
    login: {
      path: authPath(ctx, ops, 'login'),
      usernameField: text(login.names.usernameField, 'username'),
      passwordField: text(login.names.passwordField, 'password'),
      clientIdField: login.names.clientIdField ?? null,
      ...extra(login),
    },
    refresh: {
      path: authPath(ctx, ops, 'refresh'),
      refreshTokenField: text(refresh.names.refreshTokenField, 'refresh_token'),
      clientIdField: text(refresh.names.clientIdField, 'client_id'),
      clientSecretField: text(refresh.names.clientSecretField, 'client_secret'),
      ...extra(refresh),
    },
    validate: {
      path: authPath(ctx, ops, 'validate'),
      tokenField: validate.names.tokenField ?? null,
      ...extra(validate),
    },
  };
}
