import type { SmtpStub } from '@dealership/shared-provider-stubs';
import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures';
import { adminToken } from './made-cars';

interface StaffRow {
  id: string;
  email: string;
  staffRole: 'owner' | 'sales';
  deactivatedAt: string | null;
  away: boolean;
}

/** A tRPC call of the test's own, as the owner. */
export async function asOwner(request: APIRequestContext, path: string, input?: unknown, method: 'GET' | 'POST' = 'POST'): Promise<unknown> {
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const response =
    method === 'GET'
      ? await request.get(`/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`, { headers })
      : await request.post(`/trpc/${path}`, { headers, data: input });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { result: { data: unknown } }).result.data;
}

/** A salesperson of the test's own, signed in with `email` and `password`. */
export interface OnDuty {
  id: string;
  name: string;
  email: string;
  password: string;
}

/**
 * Runs `body` with a salesperson of the test's own on duty, alone: the owner invites them, they
 * choose a password from the email, and the other salespeople of this worker's earlier tests step
 * away, so the next lead (assigned round-robin) is theirs. Afterwards the others are back and the
 * salesperson is deactivated.
 */
export async function withSalespersonOnDuty(
  request: APIRequestContext,
  mail: SmtpStub,
  { name, email }: { name: string; email: string },
  body: (salesperson: OnDuty) => Promise<void>,
): Promise<void> {
  const password = 'sales-e2e-password';
  await asOwner(request, 'staff.invite', { name, email, staffRole: 'sales' });
  const invitation = await mail.waitFor((m) => m.to.includes(email));
  const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(invitation.text)?.[1] ?? '';
  const set = await request.post('/trpc/user.resetPassword', { data: { token, password, confirmPassword: password } });
  expect(set.ok(), await set.text()).toBe(true);

  const staff = (await asOwner(request, 'staff.list', undefined, 'GET')) as StaffRow[];
  const others = staff.filter((member) => member.staffRole === 'sales' && member.email !== email && !member.deactivatedAt && !member.away);
  const salesperson = staff.find((member) => member.email === email) as StaffRow;
  for (const other of others) await asOwner(request, 'staff.setAway', { userId: other.id, away: true });
  try {
    await body({ id: salesperson.id, name, email, password });
  } finally {
    for (const other of others) await asOwner(request, 'staff.setAway', { userId: other.id, away: false });
    await asOwner(request, 'staff.deactivate', { userId: salesperson.id });
  }
}
