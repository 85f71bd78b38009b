import { WebhookSender, type WebhookAttempt, type WebhookMessage } from '../eventsub/webhook';
import { CliError, httpUrl, list, output, parse, required, secret as checkSecret, text, type Parsed } from './args';
import { help } from './help';
import { challengeMessage, notification } from './message';
import { callControl, controlIndex } from './remote';
import { findSent, recordSent, storePath } from './sent-store';
import { catalogueType } from './types';

/** How long a receiver has to answer; the platform allows a few seconds. */
const defaultTimeoutMs = 10_000;

function timeoutOf(command: string, parsed: Parsed): number {
  const value = text(parsed, 'timeout');
  if (value === undefined) return defaultTimeoutMs;
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new CliError(`${command}: --timeout ${JSON.stringify(value)} is not a number of milliseconds`);
  return Number(value);
}

/** One POST with the mock's own sender: the headers, signature and timestamp it makes for its subscriptions. */
async function post(to: URL, secret: string, message: WebhookMessage, retry: number, timeoutMs: number): Promise<WebhookAttempt> {
  const sender = new WebhookSender(Date.now, () => ({ timeoutMs, retryDelaysMs: [] }));
  return sender.post({ callback: to.href, secret }, message, retry);
}

/** The exchange as JSON for `--json`, and as text. */
function exchange(to: URL, message: WebhookMessage, attempt: WebhookAttempt): { data: Record<string, unknown>; lines: string[] } {
  const data = {
    messageId: message.id,
    request: { method: 'POST', url: to.href, headers: attempt.sent, body: JSON.parse(message.body) as unknown },
    response: attempt.status === 0 ? null : { status: attempt.status, headers: attempt.headers, body: attempt.text },
    ...(attempt.error === undefined ? {} : { error: attempt.error }),
  };
  const lines = [`POST ${to.href}`, ...Object.entries(attempt.sent).map(([name, value]) => `${name}: ${value}`), '', message.body, ''];
  if (attempt.status === 0) lines.push(`No answer: ${attempt.error ?? 'the connection failed'}`);
  else lines.push(`HTTP ${attempt.status}`, ...Object.entries(attempt.headers).map(([name, value]) => `${name}: ${String(value)}`), '', attempt.text);
  return { data, lines };
}

/** The receiver did not answer: one line, exit 1. */
function unreachable(command: string, to: URL, attempt: WebhookAttempt): CliError {
  return new CliError(`${command}: no answer from ${to.href} (${attempt.error ?? 'the connection failed'})`);
}

/** `platform-mock trigger <type>[@version] --to URL --secret S [--field k=v ...]` */
export async function trigger(args: readonly string[]): Promise<number> {
  const parsed = parse('trigger', args, {
    to: { type: 'string' },
    secret: { type: 'string' },
    field: { type: 'string', short: 'f', multiple: true },
    condition: { type: 'string', multiple: true },
    transport: { type: 'string' },
    store: { type: 'string' },
    timeout: { type: 'string' },
  }, 1);
  if (parsed.values.help) return help('trigger');
  const name = parsed.positionals[0];
  if (name === undefined) throw new CliError('trigger: which type? (platform-mock trigger <type>[@version] --to URL --secret S)', 2);
  const entry = catalogueType('trigger', name);
  const transport = text(parsed, 'transport') ?? 'webhook';
  if (transport === 'websocket') return triggerOnServe(parsed, `${entry.type}@${entry.version}`);
  if (transport !== 'webhook') throw new CliError(`trigger: --transport ${JSON.stringify(transport)} is not webhook or websocket`, 2);
  const to = httpUrl('trigger', 'to', required(parsed, 'trigger', 'to'));
  const key = checkSecret('trigger', required(parsed, 'trigger', 'secret'));
  let made;
  try {
    made = notification(entry, list(parsed, 'field'), list(parsed, 'condition'), to.href);
  } catch (error) {
    if (error instanceof CliError) throw new CliError(`trigger: ${error.message}`, error.exitCode);
    throw error;
  }
  const store = storePath(text(parsed, 'store'));
  const attempt = await post(to, key, made.message, 0, timeoutOf('trigger', parsed));
  recordSent(store, { to: to.href, secret: key, message: made.message, retry: 0, sentAt: new Date().toISOString() });
  const { data, lines } = exchange(to, made.message, attempt);
  output(parsed.values.json === true, data, () => [...lines, '', `Message ${made.message.id}: platform-mock retrigger ${made.message.id} sends it again.`]);
  if (attempt.status === 0) throw unreachable('trigger', to, attempt);
  return answered('trigger', attempt);
}

/** A non-2xx answer is reported (on stdout with the exchange) and makes the exit code 1. */
function answered(command: string, attempt: WebhookAttempt): number {
  if (attempt.status >= 200 && attempt.status < 300) return 0;
  process.stderr.write(`platform-mock: ${command}: the receiver answered ${attempt.status}, not 2xx\n`);
  return 1;
}

/** `--transport websocket`: the running `serve` raises the event, to its WebSocket (and other) subscribers. */
async function triggerOnServe(parsed: Parsed, type: string): Promise<number> {
  const base = httpUrl('trigger', 'to', text(parsed, 'to') ?? 'http://127.0.0.1:8080');
  const event: Record<string, unknown> = {};
  for (const field of list(parsed, 'field')) {
    const at = field.indexOf('=');
    if (at <= 0) throw new CliError(`trigger: --field ${JSON.stringify(field)} is not key=value`);
    event[field.slice(0, at)] = field.slice(at + 1);
  }
  const condition: Record<string, string> = {};
  for (const pair of list(parsed, 'condition')) {
    const at = pair.indexOf('=');
    if (at <= 0) throw new CliError(`trigger: --condition ${JSON.stringify(pair)} is not key=value`);
    condition[pair.slice(0, at)] = pair.slice(at + 1);
  }
  const index = await controlIndex('trigger', base);
  const control = index.find('eventsub.trigger');
  const params: Record<string, unknown> = {};
  for (const param of control.params) {
    if (param.name === 'type') params.type = type;
    else if (param.name === 'event') params.event = event;
    else if (param.name === 'options' || param.name === 'condition') {
      if (Object.keys(condition).length > 0) params[param.name] = param.name === 'options' ? { condition } : condition;
    }
  }
  const result = await callControl('trigger', base, control.name, params);
  const count = typeof result === 'number' ? result : undefined;
  output(parsed.values.json === true, { type, delivered: result }, () => [
    `${type} raised on ${base.origin}: handed to ${count ?? JSON.stringify(result)} subscription${count === 1 ? '' : 's'}.`,
  ]);
  return 0;
}

/** `platform-mock retrigger <message-id> [--to URL] [--secret S]` */
export async function retrigger(args: readonly string[]): Promise<number> {
  const parsed = parse('retrigger', args, { to: { type: 'string' }, secret: { type: 'string' }, store: { type: 'string' }, timeout: { type: 'string' }, transport: { type: 'string' } }, 1);
  if (parsed.values.help) return help('retrigger');
  const id = parsed.positionals[0];
  if (id === undefined) throw new CliError('retrigger: which message? (platform-mock retrigger <message-id>; trigger prints the id)', 2);
  const transport = text(parsed, 'transport') ?? 'webhook';
  if (transport === 'websocket') return retriggerOnServe(parsed, id);
  if (transport !== 'webhook') throw new CliError(`retrigger: --transport ${JSON.stringify(transport)} is not webhook or websocket`, 2);
  const store = storePath(text(parsed, 'store'));
  const record = findSent(store, id);
  if (!record) throw new CliError(`retrigger: no message ${id} in ${store} (trigger records what it sends there; --store names another file)`);
  const to = httpUrl('retrigger', 'to', text(parsed, 'to') ?? record.to);
  const key = checkSecret('retrigger', text(parsed, 'secret') ?? record.secret);
  // As the mock's own retries: the same id and body, the retry header one higher, a fresh
  // timestamp and signature (WebhookSender.post() makes both).
  const retry = record.retry + 1;
  const attempt = await post(to, key, record.message, retry, timeoutOf('retrigger', parsed));
  recordSent(store, { ...record, to: to.href, secret: key, retry, sentAt: new Date().toISOString() });
  const { data, lines } = exchange(to, record.message, attempt);
  output(parsed.values.json === true, { ...data, retry }, () => lines);
  if (attempt.status === 0) throw unreachable('retrigger', to, attempt);
  return answered('retrigger', attempt);
}

/**
 * `--transport websocket`: a message a running `serve` delivered (to a WebSocket session, or to a
 * webhook of its own subscriptions) is sent again by it, unchanged, over the transport it went by.
 */
async function retriggerOnServe(parsed: Parsed, id: string): Promise<number> {
  const base = httpUrl('retrigger', 'to', text(parsed, 'to') ?? 'http://127.0.0.1:8080');
  const index = await controlIndex('retrigger', base);
  const control = index.find('eventsub.redeliver');
  const outcome = await callControl('retrigger', base, control.name, { messageId: id });
  output(parsed.values.json === true, { messageId: id, outcome }, () => [`Message ${id} sent again by ${base.origin}: ${typeof outcome === 'string' ? outcome : JSON.stringify(outcome)}.`]);
  return 0;
}

/** `platform-mock verify-subscription <type>[@version] --to URL --secret S` */
export async function verifySubscription(args: readonly string[]): Promise<number> {
  const parsed = parse('verify-subscription', args, { to: { type: 'string' }, secret: { type: 'string' }, condition: { type: 'string', multiple: true }, timeout: { type: 'string' } }, 1);
  if (parsed.values.help) return help('verify-subscription');
  const name = parsed.positionals[0];
  if (name === undefined) throw new CliError('verify-subscription: which type? (platform-mock verify-subscription <type>[@version] --to URL --secret S)', 2);
  const entry = catalogueType('verify-subscription', name);
  const to = httpUrl('verify-subscription', 'to', required(parsed, 'verify-subscription', 'to'));
  const key = checkSecret('verify-subscription', required(parsed, 'verify-subscription', 'secret'));
  let made;
  try {
    made = challengeMessage(entry, list(parsed, 'condition'), to.href);
  } catch (error) {
    if (error instanceof CliError) throw new CliError(`verify-subscription: ${error.message}`, error.exitCode);
    throw error;
  }
  const attempt = await post(to, key, made.message, 0, timeoutOf('verify-subscription', parsed));
  const { data, lines } = exchange(to, made.message, attempt);
  const verdict = judge(made.challenge, attempt);
  output(parsed.values.json === true, { ...data, challenge: made.challenge, ...verdict }, () => [
    ...lines,
    '',
    verdict.valid ? `Valid: the answer is 200 with the challenge ${made.challenge}; the platform would enable the subscription.` : `Not valid: ${verdict.problems.join('; ')}.`,
    ...verdict.warnings.map((warning) => `Warning: ${warning}.`),
  ]);
  if (attempt.status === 0) throw unreachable('verify-subscription', to, attempt);
  if (!verdict.valid) process.stderr.write(`platform-mock: verify-subscription: the answer is wrong: ${verdict.problems.join('; ')}\n`);
  return verdict.valid ? 0 : 1;
}

/**
 * The checks of a challenge's answer. The mock's own verification (`WebhookSender.verify()`)
 * enables a subscription on status 200 with the challenge, exactly, as the body; other 2xx codes
 * fail it, as the platform's documentation asks for 200. The platform's guide asks for
 * `text/plain`, which the mock's verification does not check: another Content-Type is a warning.
 */
function judge(challenge: string, attempt: WebhookAttempt): { valid: boolean; problems: string[]; warnings: string[] } {
  const problems: string[] = [];
  const warnings: string[] = [];
  if (attempt.status === 0) problems.push(`no answer (${attempt.error ?? 'the connection failed'})`);
  else {
    if (attempt.status !== 200) problems.push(`status ${attempt.status}, not 200`);
    if (attempt.text !== challenge) {
      const shown = attempt.text.length > 80 ? `${attempt.text.slice(0, 80)}...` : attempt.text;
      problems.push(attempt.text.trim() === challenge ? 'the body is the challenge with white space around it, not the challenge exactly' : `the body is ${JSON.stringify(shown)}, not the challenge ${challenge}`);
    }
    const type = attempt.headers['content-type'];
    const media = typeof type === 'string' ? type.split(';')[0]!.trim().toLowerCase() : undefined;
    if (media !== 'text/plain') warnings.push(`the Content-Type is ${media ?? 'missing'}; the platform's guide asks for text/plain`);
  }
  return { valid: problems.length === 0, problems, warnings };
}
