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
  ] as const)('%s for %j: %s', (access, user, expected) => {
    expect(accessDenial(user, access)).toBe(expected);
  });
});
