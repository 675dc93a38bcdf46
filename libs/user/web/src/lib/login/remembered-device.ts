// What this browser keeps per account email (lower case) for signing in again: the token of a
// device remembered by a staff member's second step (`trustedDevices`: it skips that step, for 30
// days at most, the server decides), and the known device every sign-in gives (`knownDevices`: a
// flood of strangers' wrong passwords does not delay this browser's sign-ins).
type Store = 'trustedDevices' | 'knownDevices';

function read(store: Store): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(store) ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

function get(store: Store, email: string): string | undefined {
  const token = read(store)[email.trim().toLowerCase()];
  return typeof token === 'string' ? token : undefined;
}

function keep(store: Store, email: string, token: string): void {
  try {
    window.localStorage.setItem(store, JSON.stringify({ ...read(store), [email.trim().toLowerCase()]: token }));
  } catch {
    // Private browsing without storage: the second step is asked again next time, and a flood delays this browser too.
  }
}

/** The remembered device's token for `email`, if this browser has one. */
export const rememberedDevice = (email: string): string | undefined => get('trustedDevices', email);
export const rememberDevice = (email: string, token: string): void => keep('trustedDevices', email, token);

/** This browser's known device for `email`'s account, if it signed in to it before. */
export const knownDevice = (email: string): string | undefined => get('knownDevices', email);
export const keepKnownDevice = (email: string, device: string): void => keep('knownDevices', email, device);
