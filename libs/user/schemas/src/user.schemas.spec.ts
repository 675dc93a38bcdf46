import { Role, UserSchema } from './user.schemas';

describe('UserSchema', () => {
  it('has the legacy role values and no password field', () => {
    expect(Role).toEqual({ User: 0, Admin: 1 });
    const user = UserSchema.parse({
      _id: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50',
      name: 'Amina',
      email: 'amina@example.co.ke',
      phone: '0712345678',
      address: 'Nyali, Mombasa',
      role: 0,
      password: 'never-returned',
    });
    expect(user).not.toHaveProperty('password');
    expect(UserSchema.safeParse({ ...user, role: 2 }).success).toBe(false);
  });
});
