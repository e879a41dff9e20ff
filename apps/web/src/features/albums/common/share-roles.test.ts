import { describe, expect, it } from 'vitest';
import { withRoles } from './share-roles.ts';

describe('the shares after a share or unshare', () => {
  const before = [
    { emailAddress: 'ann@example.com', role: 'contributor' as const },
    { emailAddress: 'bob@example.com', role: 'viewer' as const },
  ];

  it('keeps each remaining address its role, in the order the server answered', () => {
    expect(withRoles(before, ['bob@example.com', 'ann@example.com'])).toEqual([before[1], before[0]]);
  });

  it('drops an address the server no longer lists', () => {
    expect(withRoles(before, ['ann@example.com'])).toEqual([before[0]]);
  });

  it('gives the address just shared or changed the role chosen, and a new one without a choice viewer', () => {
    const changed = { emailAddress: 'bob@example.com', role: 'contributor' as const };
    expect(withRoles(before, ['ann@example.com', 'bob@example.com', 'cy@example.com'], changed)).toEqual([
      before[0],
      changed,
      { emailAddress: 'cy@example.com', role: 'viewer' },
    ]);
  });
});
