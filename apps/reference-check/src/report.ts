import type { CheckResult, Classified } from './check.ts';

/** A difference's category for the counts: what kind of field differs. */
export function categoryOf(difference: Pick<Classified, 'kind' | 'field'>): string {
  const field = difference.field;
  const thing = difference.kind === 'operation' ? 'operation' : 'event type';
  if (field === 'missing') return `${thing} missing from the ${difference.kind === 'operation' ? 'declarations' : 'catalogue'}`;
  if (field === 'extra') return `${thing} not in the reference`;
  if (field === 'method' || field === 'url' || field === 'token' || field === 'scopes') return field;
  const match = /^(param|condition|payload) .*: (\w+)$/.exec(field);
  if (!match) return field;
  const [, part, what] = match;
  if (part === 'param') return what === 'min' || what === 'max' ? 'param limits' : `param ${what}`;
  return `${part} field ${what}`;
}

const MARK: Record<Classified['status'], string> = { new: 'DIFFERS', allowed: 'allowed' };

/**
 * The report: per operation and per event type, each difference with its status (DIFFERS fails
 * the check; allowed names its reason), then the counts and the stale list entries.
 * With `all` false, allowed differences are counted but not listed one by one.
 */
export function formatReport(result: CheckResult, options: { all?: boolean; directory?: string } = {}): string {
  const lines: string[] = [];
  if (options.directory) lines.push(`Reference text: ${options.directory}`);
  lines.push(
    `Operations: ${result.matchedOperations} matched by method and path (${result.referenceOperations} in the reference, ${result.declaredOperations} declared).`,
    `Event types: ${result.matchedEventTypes} matched by type and version (${result.referenceEventTypes} in the reference, ${result.declaredEventTypes} in the catalogue).`,
    '',
  );
  const shown = result.differences.filter((difference) => options.all || difference.status !== 'allowed');
  const bySubject = new Map<string, Classified[]>();
  for (const difference of shown) {
    const list = bySubject.get(difference.subject) ?? [];
    list.push(difference);
    bySubject.set(difference.subject, list);
  }
  for (const [subject, differences] of bySubject) {
    const name = result.names.get(subject);
    lines.push(`${differences[0]!.kind === 'event' ? 'event ' : ''}${subject}${name ? ` (${name})` : ''}`);
    for (const difference of differences) {
      lines.push(`  [${MARK[difference.status]}] ${difference.field}: reference ${difference.reference}; declared ${difference.declared}  (${difference.where})`);
      if (difference.reason) lines.push(`      ${difference.reason}`);
    }
  }
  if (bySubject.size > 0) lines.push('');
  const counts = new Map<string, Record<Classified['status'], number>>();
  for (const difference of result.differences) {
    const category = categoryOf(difference);
    const count = counts.get(category) ?? { new: 0, allowed: 0 };
    count[difference.status]++;
    counts.set(category, count);
  }
  lines.push('Differences by category (differs / allowed):');
  for (const [category, count] of [...counts].sort(([a], [b]) => a.localeCompare(b))) lines.push(`  ${category}: ${count.new} / ${count.allowed}`);
  const total = { new: 0, allowed: 0 };
  for (const difference of result.differences) total[difference.status]++;
  lines.push(`  all: ${total.new} / ${total.allowed}`);
  for (const entry of result.stale) lines.push(`STALE ${entry.file}: ${entry.subject} / ${entry.field} matches no difference any more: remove it (or fix it).`);
  lines.push(
    result.ok
      ? 'OK: every difference is allowed (allow.json).'
      : `FAILED: ${total.new} difference(s) not in the allow-list${result.stale.length ? `, ${result.stale.length} stale list entr${result.stale.length === 1 ? 'y' : 'ies'}` : ''}.`,
  );
  return lines.join('\n');
}
