import { emailShapeProblem } from './email-shape.ts';

/**
 * The addresses typed or pasted into 'Share with', split at commas, semicolons, spaces and new lines, each once
 * (compared without regard to case), in the order given.
 */
export function splitAddresses(text: string): string[] {
  const seen = new Set<string>();
  return text
    .split(/[\s,;]+/)
    .filter((address) => address !== '')
    .filter((address) => {
      const key = address.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/**
 * What is wrong with each address that lacks its shape, in the words of `emailShapeProblem`; with several
 * addresses each sentence names the one it is about.
 */
export function addressProblems(text: string): string[] {
  const addresses = splitAddresses(text);
  return addresses.flatMap((address) => {
    const problem = emailShapeProblem(address);
    if (problem === null) return [];
    return addresses.length === 1 ? [problem] : [`${address}: ${problem}`];
  });
}
