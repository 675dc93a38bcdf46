import { isCommonPassword } from './common-passwords';

describe('isCommonPassword', () => {
  it('refuses the passwords attackers try first, however they are dressed up', () => {
    for (const password of [
      'password',
      'Password123',
      'Password123!',
      'P@ssw0rd',
      'p@ssw0rd123',
      '@dmin2024',
      '2024monkey',
      'iloveyou',
      'Sunshine!!',
      'qwertyuiop',
      'QWERTY123',
      '12345678',
      '87654321',
      'abcdefgh',
      '1q2w3e4r5t',
      'aaaaaaaa',
      '12341234',
      'abcabcabc',
      'dealership2024',
      'Mombasa123',
    ])
      expect({ password, common: isCommonPassword(password) }).toEqual({ password, common: true });
  });

  it('refuses the leaked passwords of the common ranking that no base word catches', () => {
    for (const password of ['midnight', 'Victoria1', 'Elephant!', 'alexander1', 'godzilla2024', 'nintendo', 'bigdaddy'])
      expect({ password, common: isCommonPassword(password) }).toEqual({ password, common: true });
  });

  it('accepts passwords of people\'s own making', () => {
    for (const password of ['correct-horse-battery', 'a-brand-new-password', 'admin-password-123', 'Kibanda-ya-Mama-42', 'tuk tuk at dawn', 'x7#Lq9!vR2pz', 'juma-own-password'])
      expect({ password, common: isCommonPassword(password) }).toEqual({ password, common: false });
  });
});
