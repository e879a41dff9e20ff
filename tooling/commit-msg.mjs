#!/usr/bin/env node
// Checks a commit message as the README's "Developing" section asks: a subject of at most 72 characters in the
// imperative, then a blank line before any body. Run by lefthook's commit-msg hook with the message file's path.
import { readFileSync } from 'node:fs';

const lines = readFileSync(process.argv[2], 'utf8')
  .split('\n')
  .filter((line) => !line.startsWith('#'));
const subject = lines[0] ?? '';
const problems = [];
if (/^(fixup|squash|amend)! |^Merge /.test(subject)) process.exit(0);
if (subject.trim() === '') problems.push('the subject is empty');
if (subject.length > 72) problems.push(`the subject has ${subject.length} characters; at most 72`);
if (/[.:;,]$/.test(subject)) problems.push('the subject ends with punctuation');
if (/^[a-z]/.test(subject)) problems.push('the subject starts with a lower-case letter');
const verb = subject.split(' ')[0] ?? '';
if (/[^e]ed$|ing$/.test(verb) && !['Embed', 'Shed', 'Bring', 'String'].includes(verb))
  problems.push(`"${verb}" is not the imperative ("Add", "Fix", "Keep", …)`);
if (lines.length > 1 && lines[1].trim() !== '') problems.push('the second line must be blank');
if (problems.length > 0) {
  console.error(`commit message refused: ${problems.join('; ')}.`);
  console.error(
    'Write "Verb what changes" in at most 72 characters; the why and any figures go in the body.',
  );
  process.exit(1);
}
