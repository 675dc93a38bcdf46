/** Where the browser keeps the tokens of devices remembered by staff sign-ins, per email (30 days at most, the server decides). */
const STORAGE_KEY = 'trustedDevices';

function read(): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** The remembered device's token for `email`, if this browser has one. */
export function rememberedDevice(email: string): string | undefined {
  const token = read()[email.trim().toLowerCase()];
  return typeof token === 'string' ? token : undefined;
}

export function rememberDevice(email: string, token: string): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify({ ...read(), [email.trim().toLowerCase()]: token }));
  } catch {
    // Private browsing without storage: the second step is asked again next time.
  }
}
