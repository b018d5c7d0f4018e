/*
 * The function's only way to write logs: one JSON line of plain facts (event,
 * status, kind, id, counts). Callers never pass what a visitor typed; the
 * allowed keys are listed so a name or an e-mail cannot slip in by accident.
 */

const allowed = new Set([
  'event',
  'status',
  'kind',
  'id',
  'attempts',
  'problem',
  'tried',
  'delivered',
  'failed',
  'skipped',
  'left',
  'erased',
  'claimsErased',
  'unreadable',
  'reason',
  'givenUp',
  'channel',
]);

export function logEvent(level: 'info' | 'error', entry: Record<string, string | number>): void {
  const safe = Object.fromEntries(Object.entries(entry).filter(([key]) => allowed.has(key)));
  const line = JSON.stringify({ level, ...safe });
  if (level === 'error') console.error(line);
  else console.log(line);
}
