import { Role } from '@dealership/shared-schemas';
import { LoginInputSchema, ProfileUpdateInputSchema, RegisterInputSchema, UserSchema } from './user.schemas';

const messages = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues.map((i) => i.message) ?? [];

const valid = { name: 'Amina', email: 'Amina@Example.co.ke', password: 'long-enough', phone: '0712345678', address: 'Nyali, Mombasa' };

describe('UserSchema', () => {
  it('has the legacy role values and no password field', () => {
    expect(Role).toEqual({ User: 0, Admin: 1 });
    const user = UserSchema.parse({
      id: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50',
      name: 'Amina',
      email: 'amina@example.co.ke',
      phone: '0712345678',
      address: 'Nyali, Mombasa',
      role: 0,
      staffRole: null,
      emailVerified: false,
      password: 'never-returned',
    });
    expect(user).not.toHaveProperty('password');
    expect(UserSchema.safeParse({ ...user, role: 2 }).success).toBe(false);
    // Staff are owners or sales; nothing else.
    expect(UserSchema.safeParse({ ...user, role: 1, staffRole: 'sales' }).success).toBe(true);
    expect(UserSchema.safeParse({ ...user, role: 1, staffRole: 'manager' }).success).toBe(false);
  });
});

describe('RegisterInputSchema', () => {
  it('gives the legacy message for each missing or blank field', () => {
    expect(messages(RegisterInputSchema.safeParse({}))).toEqual([
      'Name is required',
      'Email is required',
      'Password is required',
      'Phone Number is required',
      'Address is required',
    ]);
    expect(messages(RegisterInputSchema.safeParse({ name: '  ', email: '', password: '', phone: ' ', address: '' }))).toEqual([
      'Name is required',
      'Email is required',
      'Password is required',
      'Phone Number is required',
      'Address is required',
    ]);
  });

  it('checks the email format and the password length', () => {
    expect(messages(RegisterInputSchema.safeParse({ ...valid, email: 'amina@example' }))).toEqual(['Invalid Email Format']);
    expect(messages(RegisterInputSchema.safeParse({ ...valid, email: 'amina example.com' }))).toEqual(['Invalid Email Format']);
    expect(messages(RegisterInputSchema.safeParse({ ...valid, password: 'short' }))).toEqual(['Password must be at least 8 characters']);
    expect(messages(RegisterInputSchema.safeParse({ ...valid, password: 'x'.repeat(129) }))).toEqual(['Password must be at most 128 characters']);
  });

  it('trims, lower-cases the email, keeps the password as typed and drops a role', () => {
    const parsed = RegisterInputSchema.parse({ ...valid, name: ' Amina ', password: ' spaced pass ', role: 1 });
    expect(parsed).toEqual({ ...valid, email: 'amina@example.co.ke', password: ' spaced pass ' });
    expect(parsed).not.toHaveProperty('role');
    expect(RegisterInputSchema.safeParse({ ...valid, email: 'admin@dealership.local' }).success).toBe(true);
  });
});

describe('LoginInputSchema and ProfileUpdateInputSchema', () => {
  it('login needs an email and a password, with no length rule', () => {
    expect(messages(LoginInputSchema.safeParse({}))).toEqual(['Email is required', 'Password is required']);
    expect(LoginInputSchema.parse({ email: 'A@B.co', password: 'x' })).toEqual({ email: 'a@b.co', password: 'x' });
  });

  it('profile update keeps the password when it is empty or absent, and has no role', () => {
    const { password: _password, ...rest } = valid;
    expect(ProfileUpdateInputSchema.parse({ ...rest, password: '' }).password).toBe('');
    expect(ProfileUpdateInputSchema.parse({ ...rest, role: 1 })).not.toHaveProperty('role');
    expect(messages(ProfileUpdateInputSchema.safeParse({ ...rest, password: 'short' }))).toEqual(['Password must be at least 8 characters']);
    expect(messages(ProfileUpdateInputSchema.safeParse({ ...rest, name: '' }))).toEqual(['Name is required']);
  });

  it('profile update needs the current password with a new one, and only then', () => {
    const { password: _password, ...rest } = valid;
    const issues = (input: object) => ProfileUpdateInputSchema.safeParse(input).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];
    expect(issues({ ...rest, password: 'a-new-password' })).toEqual([['currentPassword', 'Current Password is required to change the password']]);
    expect(issues({ ...rest, password: 'a-new-password', currentPassword: '' })).toEqual([
      ['currentPassword', 'Current Password is required to change the password'],
    ]);
    expect(ProfileUpdateInputSchema.parse({ ...rest, password: 'a-new-password', currentPassword: 'old' })).toMatchObject({
      password: 'a-new-password',
      currentPassword: 'old',
    });
    expect(issues({ ...rest, password: '' })).toEqual([]);
    expect(issues(rest)).toEqual([]);
  });
});

describe('control characters in account inputs', () => {
  it('answer a message naming the field, before the field rules', () => {
    for (const field of ['name', 'email', 'phone', 'address'] as const) {
      expect(messages(RegisterInputSchema.safeParse({ ...valid, [field]: `${valid[field]}\u0000` }))).toEqual([`${field} must not contain control characters`]);
      expect(messages(RegisterInputSchema.safeParse({ ...valid, [field]: `\u0001${valid[field]}` }))).toEqual([`${field} must not contain control characters`]);
    }
    expect(messages(LoginInputSchema.safeParse({ email: 'a@b.co\u0000', password: 'x' }))).toEqual(['email must not contain control characters']);
  });

  it('passwords keep any character but NUL', () => {
    expect(RegisterInputSchema.parse({ ...valid, password: 'tab\tand\u0001bell\u0007' }).password).toBe('tab\tand\u0001bell\u0007');
    expect(messages(RegisterInputSchema.safeParse({ ...valid, password: 'long-enough\u0000' }))).toEqual(['password must not contain a NUL character']);
    expect(messages(LoginInputSchema.safeParse({ email: 'a@b.co', password: '\u0000' }))).toEqual(['password must not contain a NUL character']);
    const { password: _password, ...rest } = valid;
    expect(messages(ProfileUpdateInputSchema.safeParse({ ...rest, password: 'long-enough\u0000' }))).toEqual(['password must not contain a NUL character']);
  });
});
