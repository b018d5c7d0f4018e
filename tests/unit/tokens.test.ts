import { describe, expect, it } from 'vitest';
import { fillTokens } from '../../src/lib/tokens';

describe('fillTokens', () => {
  it('replaces every known placeholder, with or without spaces inside the braces', () => {
    expect(
      fillTokens('{{product}} by {{ company }}: {{product}}', {
        product: 'Artificial Intelligence',
        company: 'Quartz Digital',
      }),
    ).toBe('Artificial Intelligence by Quartz Digital: Artificial Intelligence');
  });

  it('fails naming the source and the unknown placeholder', () => {
    expect(() => fillTokens('Write to {{emial}}', { email: 'a@example.com' }, 'policies/privacy-policy.md')).toThrow(
      /policies\/privacy-policy\.md: unknown placeholder \{\{emial\}\}/,
    );
  });
});
