import { describe, expect, it } from 'vitest';
import { describeQuestions } from '../../src/lib/request-questions';

describe('the questions of a request form, as a sentence', () => {
  it('names the required answers and then the optional ones, without form punctuation', () => {
    expect(
      describeQuestions([
        { label: 'Business name', required: true },
        { label: 'Industry', required: false },
        { label: 'Colours or styles you like', required: false },
      ]),
    ).toBe(
      'When you choose a package, we will ask for the business name and, if you like, the industry and the colours or styles you like.',
    );
  });

  it('keeps labels that already read as words of a sentence, and the capitals of an acronym', () => {
    expect(
      describeQuestions([
        { label: 'Your domain', required: true },
        { label: 'CRM tool', required: true },
        { label: 'What the app should do', required: true },
      ]),
    ).toBe('When you choose a package, we will ask for your domain, the CRM tool and what the app should do.');
  });

  it('says so when every question is optional', () => {
    expect(describeQuestions([{ label: 'Team size', required: false }])).toBe(
      'When you choose a package, you can tell us the team size if you like.',
    );
  });
});
