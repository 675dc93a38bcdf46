import { sitePath } from '@dealership/shared-schemas';
import type { TradeInCredit } from '@dealership/trade-in-offer-schemas';
import type { FakeApi, FakeCall } from '@dealership/web-trpc-client/testing';
import type { RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { renderOrdersPage } from '../../testing';

/** A signed-in buyer in the stored session (`auth`), as after a login. */
export function signIn(user: Partial<{ name: string; phone: string; address: string }> = {}): void {
  window.localStorage.setItem(
    'auth',
    JSON.stringify({
      user: {
        id: '00000000-0000-4000-8000-0000000000aa',
        name: 'Amina',
        email: 'amina@mail.co.ke',
        phone: '0712345678',
        address: 'Nyali, Mombasa',
        role: 0,
        ...user,
      },
      token: 't0k3n',
    }),
  );
}

/**
 * Renders a screen at `/cart` (by default) with the app's providers over a fake API, a toast area
 * and a location probe. The buyer's trade-in offers (`tradeInOffer.mine`) are `credits` (none by default).
 */
export function renderCheckout(
  ui: ReactElement,
  { route = sitePath('cart'), api = () => ({ data: null }), credits = [] }: { route?: string; api?: FakeApi; credits?: TradeInCredit[] } = {},
): RenderResult & { calls: FakeCall[] } {
  return renderOrdersPage(ui, { route, api: (procedure, input) => (procedure === 'tradeInOffer.mine' ? { data: credits } : api(procedure, input)) });
}
