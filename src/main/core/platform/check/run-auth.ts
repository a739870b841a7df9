import { resourceGroups } from '../../../../shared/profile';
import { toAppError } from '../../errors';
import { answerOf, type Answer } from './answer';
import { extras, line, notSent, observer, url, type CheckContext, type LineHead } from './context';
import type { Line } from './diagnose';
import { judgeLogin, judgeRefresh, judgeValidate } from './judge-auth';
import { commonVerdict, failed, pass, type Verdict } from './verdict';

/** The platform could not be asked (or said yes) but the session call still failed: that failure is the verdict. */
const thrownVerdict = (thrown: unknown): Verdict => {
  const e = toAppError(thrown).error;
  return failed(e.message, null, e.hint ?? null);
};

/**
 * A session call watched for the platform's answer, the session's secrets registered whatever happens.
 * When it throws, its line is ready: `judge`'s verdict on the answer, or the error itself when that passes.
 */
async function watchedCall(
  ctx: CheckContext,
  head: LineHead,
  call: (observe: ReturnType<typeof observer>['observe']) => Promise<unknown>,
  judge: (answer: Answer, thrown: unknown) => Verdict,
): Promise<{ failed: Line } | { answer: Answer | null }> {
  const seen = observer(ctx);
  try {
    await call(seen.observe);
  } catch (e) {
    const answer = seen.answerAfter(e);
    const verdict = judge(answer, e);
    return { failed: line(head, answer, verdict.outcome === 'pass' ? thrownVerdict(e) : verdict) };
  } finally {
    await ctx.session.addSecretsTo(ctx.registry);
  }
  return { answer: seen.answer() };
}

/** Sign-in: a real one through the session when a login is given, else the session as it stands. */
export async function loginLine(
  ctx: CheckContext,
  login: { username: string; password: string } | undefined,
): Promise<Line> {
  const head = {
    id: 'login',
    section: 'auth' as const,
    label: 'Sign-in',
    request: `POST ${ctx.profile.auth.login.path}`,
    credentialed: false,
  };
  const view = ctx.session.view();
  if (view.mode === 'apiKey') {
    return notSent(
      head,
      login
        ? 'Not checked: requests use your API key, and signing in would replace it.'
        : 'Not used: requests use your API key.',
      login ? 'Remove the key first to check sign-in.' : null,
    );
  }
  if (!login) {
    if (view.state === 'active')
      return notSent(
        head,
        `Signed in as ${view.userLabel ?? 'this account'}. Enter your login to check sign-in itself.`,
      );
    return notSent(head, 'Not signed in: enter your login to check sign-in.');
  }
  const done = await watchedCall(
    ctx,
    head,
    (observe) => ctx.session.signIn(login.username, login.password, observe),
    (answer) => judgeLogin(answer, ctx.profile.auth, ctx.now()),
  );
  if ('failed' in done) return done.failed;
  const { answer } = done;
  return line(head, answer, answer ? judgeLogin(answer, ctx.profile.auth, ctx.now()) : pass('Signed in.'));
}

function validateRequest(ctx: CheckContext) {
  const v = ctx.profile.auth.validate;
  return { method: 'POST' as const, url: url(ctx, v.path).toString(), body: extras(v.extra), deadlineMs: 15_000 };
}

/** Validate: the credential sent where `auth.validate` says, its validity read with `responseFields.valid`. */
export async function validateLine(ctx: CheckContext): Promise<Line> {
  const v = ctx.profile.auth.validate;
  const head = {
    id: 'validate',
    section: 'auth' as const,
    label: 'Token validation',
    request: `POST ${v.path}`,
    credentialed: v.tokenField === null,
  };
  if (ctx.credential.kind === null) return notSent(head, ctx.credential.why);
  const kind = ctx.credential.kind;
  const answer = await answerOf(() => ctx.session.probe(validateRequest(ctx), v.tokenField), ctx.profile.errors);
  return line(head, answer, judgeValidate(answer, ctx.profile.auth, kind));
}

/**
 * Refresh: a real rotation through the session's one refresh path (stored before use, the used
 * refresh token never sent again), then the new access token is shown to validate.
 */
export async function refreshLine(ctx: CheckContext, validated: boolean): Promise<Line> {
  const head = {
    id: 'refresh',
    section: 'auth' as const,
    label: 'Token refresh',
    request: `POST ${ctx.profile.auth.refresh.path}`,
    credentialed: false,
  };
  if (ctx.credential.kind === 'apiKey') return notSent(head, 'Not used: an API key is not renewed.');
  if (ctx.credential.kind === null) return notSent(head, ctx.credential.why);
  const done = await watchedCall(
    ctx,
    head,
    (observe) => ctx.session.rotateNow(observe),
    (answer, e) => (answer.status === null ? thrownVerdict(e) : judgeRefresh(answer, ctx.profile.auth, ctx.now())),
  );
  if ('failed' in done) return done.failed;
  const { answer } = done;
  const verdict = judgeRefresh(answer, ctx.profile.auth, ctx.now());
  if (verdict.outcome !== 'pass' || !validated) return line(head, answer, verdict);
  // The new pair is in use now: one validation shows the platform takes the new access token.
  const after = await answerOf(
    () => ctx.session.probe(validateRequest(ctx), ctx.profile.auth.validate.tokenField),
    ctx.profile.errors,
  );
  const check = judgeValidate(after, ctx.profile.auth, 'token');
  if (check.outcome === 'pass')
    return line(head, answer, { ...verdict, summary: `${verdict.summary} The new access token was accepted.` });
  return line(
    head,
    answer,
    failed(
      `Renewed, but the new access token was not accepted: ${check.summary}`,
      check.field ?? 'auth.responseFields.accessToken',
      check.hint,
    ),
  );
}

/** API key: a request with the key where `auth.apiKeyScheme` puts it (a group's list, else validate). */
export async function apiKeyLine(ctx: CheckContext): Promise<Line> {
  const head = { id: 'apiKey', section: 'auth' as const, label: 'API key', request: null, credentialed: true };
  if (ctx.credential.kind !== 'apiKey') return notSent(head, 'Not used: no API key is in use.');
  const name = resourceGroups.find((g) => {
    const e = ctx.profile.groups[g];
    return e !== 'unspecified' && e.list.method === 'GET';
  });
  const group = name ? ctx.profile.groups[name] : 'unspecified';
  const target = group !== 'unspecified' ? url(ctx, group.list.path) : url(ctx, ctx.profile.auth.validate.path);
  if (group !== 'unspecified') target.searchParams.set(ctx.profile.records.limitParam, '1');
  const req = group !== 'unspecified' ? { method: 'GET' as const, url: target.toString() } : validateRequest(ctx);
  const answer: Answer = await answerOf(() => ctx.session.probe(req), ctx.profile.errors);
  const common = commonVerdict(answer, name ? `groups.${name}.list.path` : 'auth.validate.path', 'apiKey');
  const accepted = answer.status !== null && answer.status < 300;
  const verdict =
    common ??
    (accepted
      ? pass('The platform accepted the API key in the header.')
      : failed(`The platform refused the request (${answer.status}).`, null));
  return line({ ...head, request: `${req.method} ${target.pathname}${target.search}` }, answer, verdict);
}
