/*
 * The questions a service's request form asks, said as a sentence a person
 * would write ("we will ask for your domain and, if you like, the team size")
 * rather than a list of form labels.
 */

interface Question {
  label: string;
  required: boolean;
}

/**
 * "Website address" -> "the website address", "CRM tool" -> "the CRM tool"; "Your domain" and "What the app should
 * do" stay as they are.
 */
function asPhrase(label: string): string {
  const startsWithAcronym = /^[A-Z]{2}/.test(label);
  const words = startsWithAcronym ? label : label.charAt(0).toLowerCase() + label.slice(1);
  return /^(your|what|how|which|who|where|when)\b/.test(words) ? words : `the ${words}`;
}

/** "a", "a and b", "a, b and c". */
function joinAnd(items: string[]): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

export function describeQuestions(questions: readonly Question[]): string {
  const required = questions.filter((question) => question.required).map((question) => asPhrase(question.label));
  const optional = questions.filter((question) => !question.required).map((question) => asPhrase(question.label));
  if (required.length === 0) return `When you choose a package, you can tell us ${joinAnd(optional)} if you like.`;
  const extra = optional.length > 0 ? ` and, if you like, ${joinAnd(optional)}` : '';
  return `When you choose a package, we will ask for ${joinAnd(required)}${extra}.`;
}
