const grouping = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/** 100000 -> "1,00,000": Indian digit grouping, whole rupees. */
export function groupIndian(amount: number): string {
  if (!Number.isSafeInteger(amount) || amount < 0) {
    throw new RangeError(`A price must be a whole, non-negative number of rupees, got ${amount}`);
  }
  return grouping.format(amount);
}

/** 100000 -> "₹1,00,000". */
export function formatInr(amount: number): string {
  return `₹${groupIndian(amount)}`;
}
