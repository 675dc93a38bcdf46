import { accessDenial } from './access';

describe('accessDenial', () => {
  it.each([
    ['public', null, null],
    ['user', null, 'UNAUTHORIZED'],
    ['admin', null, 'UNAUTHORIZED'],
    ['public', { role: 0 }, null],
    ['user', { role: 0 }, null],
    ['admin', { role: 0 }, 'FORBIDDEN'],
    ['user', { role: 1 }, null],
    ['admin', { role: 1 }, null],
    ['owner', null, 'UNAUTHORIZED'],
    ['owner', { role: 0 }, 'FORBIDDEN'],
    ['admin', { role: 1, staffRole: 'sales' }, null],
    ['owner', { role: 1, staffRole: 'sales' }, 'FORBIDDEN'],
    ['owner', { role: 1, staffRole: 'owner' }, null],
    // Fails closed: a staff account whose role was not read is no owner.
    ['owner', { role: 1 }, 'FORBIDDEN'],
    ['owner', { role: 1, staffRole: null }, 'FORBIDDEN'],
  ] as const)('%s for %j: %s', (access, user, expected) => {
    expect(accessDenial(user, access)).toBe(expected);
  });
});
