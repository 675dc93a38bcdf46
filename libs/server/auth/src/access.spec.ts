import { accessDenial, accessDeniedMessage, ENROL_SECOND_FACTOR_MESSAGE } from './access';

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
    // Held at the enrolment step (a second factor required, none set up): their own pages only.
    ['user', { role: 1, staffRole: 'owner', enrolmentOnly: true }, null],
    ['admin', { role: 1, staffRole: 'owner', enrolmentOnly: true }, 'FORBIDDEN'],
    ['owner', { role: 1, staffRole: 'owner', enrolmentOnly: true }, 'FORBIDDEN'],
  ] as const)('%s for %j: %s', (access, user, expected) => {
    expect(accessDenial(user, access)).toBe(expected);
  });
});

describe('accessDeniedMessage', () => {
  it('tells staff held at the enrolment step to set up their second factor, a salesperson to ask the owner, and others the legacy words', () => {
    expect(accessDeniedMessage('FORBIDDEN', 'admin', { role: 1, enrolmentOnly: true })).toBe(ENROL_SECOND_FACTOR_MESSAGE);
    expect(accessDeniedMessage('FORBIDDEN', 'owner', { role: 1 })).toBe("Owner access required: ask the dealership's owner");
    expect(accessDeniedMessage('FORBIDDEN', 'admin', { role: 0 })).toBe('Admin access required');
    expect(accessDeniedMessage('UNAUTHORIZED', 'admin', null)).toBe('Please log in');
  });
});
