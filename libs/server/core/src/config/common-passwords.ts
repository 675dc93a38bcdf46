import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * Passwords that are refused because attackers try them first (OWASP ASVS 5.0, 6.2.11: no
 * password from a list of common or breached ones). Shipped with the server, checked on the
 * server only: the web form shows the server's field error, so no list lands in the web bundle.
 *
 * A compact list rather than a top-100,000 file: the base words that the well-known leaked-password
 * rankings are made of (with this dealership's own words), matched after the decorations people add
 * to reach a length rule (digits, symbols, leetspeak, a capital), plus keyboard walks, sequences
 * and repeats; and the 49,233 most common leaked passwords of zxcvbn-ts's common dictionary
 * (`@zxcvbn-ts/language-common`, ranked from the public breach corpora), matched whole and after
 * the same decorations are removed.
 */
export const COMMON_PASSWORD_WORDS: ReadonlySet<string> = new Set(
  `password passwd passw0rd pass admin administrator root user guest login welcome letmein letme
  iloveyou loveyou lovely love lover trustno trustnoone qwerty qwertz azerty asdf asdfgh asdfghjk
  asdfghjkl zxcvbn zxcvbnm qazwsx qwertyuiop monkey dragon master shadow sunshine princess football
  baseball soccer hockey basketball superman batman spiderman starwars pokemon whatever freedom
  secret access changeme default test testing tester abc abcd abcdef abcdefg abcdefgh abcdefghij
  computer internet samsung iphone android google facebook hello hellothere goodbye friend friends
  family summer winter autumn spring monday sunday january december flower flowers angel angels
  baby babygirl sweetie sweetheart honey sugar cookie chocolate cheese pepper ginger jordan michael
  jennifer jessica ashley daniel thomas robert charlie william joshua matthew andrew anthony joseph
  david james john mike peter george jesus christ heaven blessed blessing godisgood faith hope mustang
  ferrari porsche mercedes toyota honda nissan subaru bmw audi volkswagen corvette camaro harley
  yamaha killer hunter ranger buster tigger tiger lion eagle falcon phoenix wizard merlin gandalf
  matrix hacker ninja pirate cowboy rockstar superstar champion winner money cash rich lucky
  purple orange yellow silver golden diamond crystal forever myspace mypassword yourpassword
  nopassword newpassword oldpassword mypass passpass pass123 passport security dealer dealership
  mombasa kenya nairobi kisumu nakuru jambo karibu hakuna matata safari simba tembo arsenal chelsea
  liverpool manutd manchester barcelona realmadrid juventus qwe asd zxc`.split(/\s+/),
);

/** The leaked-password ranking, lower case (it is; decompressed once at load: ~20 ms, ~4 MB). */
const LEAKED_PASSWORDS: ReadonlySet<string> = new Set(dictionary['passwords-common']);

/** Rows people walk along, and sequences: a password that is a stretch of one (or its reverse) is refused. */
const WALKS = ['0123456789', 'abcdefghijklmnopqrstuvwxyz', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm', '1qaz2wsx3edc4rfv5tgb', 'qazwsxedcrfvtgb', '1q2w3e4r5t6y7u8i9o0p'];

/** Leetspeak back to letters, so `P@ssw0rd` meets `password`. */
const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's', '!': 'i' };

/** Whether `text` is a stretch of a walk or a sequence, either way round. */
function isWalk(text: string): boolean {
  return WALKS.some((walk) => {
    const both = `${walk} ${[...walk].reverse().join('')}`;
    return both.includes(text);
  });
}

/** Whether `text` is one short chunk (up to 4 characters) said again and again: `aaaaaaaa`, `12341234`, `abcabcabc`. */
function isRepeat(text: string): boolean {
  for (let size = 1; size <= 4 && size * 2 <= text.length; size++) {
    const chunk = text.slice(0, size);
    if (chunk.repeat(Math.ceil(text.length / size)).slice(0, text.length) === text) return true;
  }
  return false;
}

/**
 * Whether a password is one attackers try first: a common word dressed up (`Password123!`,
 * `P@ssw0rd`, `2024monkey`), a keyboard walk or a sequence (`qwertyuiop`, `12345678`), or a repeat
 * (`aaaaaaaa`, `abcabcabc`).
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (isRepeat(lower) || isWalk(lower)) return true;
  // Digits and symbols around a word (`2024monkey!`), and leetspeak inside it before a suffix (`p@ssw0rd123`).
  const undecorated = lower.replace(/^[^a-z]+|[^a-z]+$/g, '');
  const core = lower.replace(/[\d\W_]+$/, '');
  const unleet = [...core]
    .map((c) => LEET[c] ?? c)
    .join('')
    .replace(/^[^a-z]+/, '');
  return [lower, undecorated, unleet].some(
    // A stretch too short to be a word of its own (`ab` in `ab1234567`) is judged with what surrounds it.
    (candidate) => COMMON_PASSWORD_WORDS.has(candidate) || LEAKED_PASSWORDS.has(candidate) || (candidate.length >= 4 && (isWalk(candidate) || isRepeat(candidate))),
  );
}

/** The message of a refused password, naming the field. */
export const COMMON_PASSWORD_MESSAGE = 'Password is too common (attackers try it first): choose a longer one of your own, such as a few unrelated words';
