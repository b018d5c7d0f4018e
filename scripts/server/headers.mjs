import { readFile } from 'node:fs/promises';
import { parse as parseToml } from 'smol-toml';

/*
 * The custom headers production serves: [[headers]] of netlify.toml and the
 * build's dist/_headers, matched by path as Netlify matches them.
 */

function toPattern(path) {
  return new RegExp(
    `^${path
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );
}

/** Reads Netlify's _headers format: a path line, then indented "Name: value" lines. */
export function parseHeadersFile(text) {
  const rules = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: toPattern(line.trim()), values: {} });
      continue;
    }
    const separator = line.indexOf(':');
    const rule = rules.at(-1);
    if (!rule || separator === -1) throw new Error(`_headers: cannot read the line "${line.trim()}"`);
    rule.values[line.slice(0, separator).trim()] = line.slice(separator + 1).trim();
  }
  return rules;
}

export async function loadHeaderRules(netlifyToml, headersFile) {
  const toml = parseToml(await readFile(netlifyToml, 'utf8'));
  const fromToml = (toml.headers ?? []).map((rule) => ({ pattern: toPattern(rule.for), values: rule.values ?? {} }));
  const fromFile = parseHeadersFile(await readFile(headersFile, 'utf8').catch(() => ''));
  return [...fromToml, ...fromFile];
}

export function headersFor(rules, pathname) {
  return Object.assign({}, ...rules.filter((rule) => rule.pattern.test(pathname)).map((rule) => rule.values));
}
