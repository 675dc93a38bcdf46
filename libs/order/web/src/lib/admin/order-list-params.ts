import { ORDER_STATUSES, type OrderListInput, type OrderStatus } from '@dealership/order-schemas';

/** Orders per page of Manage Orders (each order is a table and its cars). */
export const ORDERS_PAGE_SIZE = 10;

/** How long the buyer search waits after the last keystroke before it updates the URL and the list. */
export const ORDER_SEARCH_DEBOUNCE_MS = 350;

/** Manage Orders' state in the URL: `?status=Shipped&expiringToday=true&search=juma&page=2`. */
export interface OrderListParams {
  status: OrderStatus | undefined;
  /** Only the holds that end later today (Nairobi time): the buyers to call before their car goes back on sale. */
  expiringToday: boolean;
  /** Buyer name, email or phone; '' for every buyer. */
  search: string;
  page: number;
}

export const NO_ORDER_FILTERS: OrderListParams = { status: undefined, expiringToday: false, search: '', page: 1 };

export const isOrderStatus = (value: string | null | undefined): value is OrderStatus => ORDER_STATUSES.some((status) => status === value);

/** Reads the filters and page from a query string; a value that makes no sense falls back to every order, page 1. */
export function readOrderListParams(params: URLSearchParams): OrderListParams {
  const status = params.get('status');
  const page = Number(params.get('page'));
  return {
    status: isOrderStatus(status) ? status : undefined,
    expiringToday: params.get('expiringToday') === 'true',
    search: (params.get('search') ?? '').trim().slice(0, 100),
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** The query string of `next`, keeping other parameters; defaults are left out (the plain list is `/dashboard/admin/userorders`). */
export function writeOrderListParams(current: URLSearchParams, next: OrderListParams): URLSearchParams {
  const params = new URLSearchParams(current);
  if (next.status) params.set('status', next.status);
  else params.delete('status');
  if (next.expiringToday) params.set('expiringToday', 'true');
  else params.delete('expiringToday');
  if (next.search) params.set('search', next.search);
  else params.delete('search');
  if (next.page > 1) params.set('page', String(next.page));
  else params.delete('page');
  return params;
}

/** Whether a filter narrows the list. */
export const isFiltered = (params: OrderListParams) => Boolean(params.status || params.expiringToday || params.search);

/** The `order.all` input of the URL's state. */
export function toOrderListInput(params: OrderListParams): OrderListInput {
  return {
    ...(params.status ? { status: params.status } : {}),
    ...(params.expiringToday ? { expiringToday: true } : {}),
    ...(params.search ? { search: params.search } : {}),
    page: params.page,
    pageSize: ORDERS_PAGE_SIZE,
  };
}
