import { ORDERS_PAGE_SIZE, readOrderListParams, toOrderListInput, writeOrderListParams } from './order-list-params';

describe('order list params', () => {
  it('reads status, search and page, ignoring what makes no sense', () => {
    expect(readOrderListParams(new URLSearchParams('status=Not+Process&search=%20juma%20&page=3'))).toEqual({
      status: 'Not Process',
      expiringToday: false,
      search: 'juma',
      page: 3,
    });
    expect(readOrderListParams(new URLSearchParams('status=delivered&page=-2'))).toEqual({ status: undefined, expiringToday: false, search: '', page: 1 });
    expect(readOrderListParams(new URLSearchParams('page=2.5'))).toEqual({ status: undefined, expiringToday: false, search: '', page: 1 });
    expect(readOrderListParams(new URLSearchParams('expiringToday=true')).expiringToday).toBe(true);
    expect(readOrderListParams(new URLSearchParams('expiringToday=yes')).expiringToday).toBe(false);
  });

  it('writes them back, leaving defaults out and other parameters alone', () => {
    const written = writeOrderListParams(new URLSearchParams('utm=x&page=4'), { status: 'deliverd', expiringToday: true, search: 'amina', page: 1 });
    expect(written.toString()).toBe('utm=x&status=deliverd&expiringToday=true&search=amina');
    expect(
      writeOrderListParams(new URLSearchParams('status=cancel&expiringToday=true&search=a&page=2'), {
        status: undefined,
        expiringToday: false,
        search: '',
        page: 1,
      }).toString(),
    ).toBe('');
  });

  it('turns them into the order.all input', () => {
    expect(toOrderListInput({ status: 'Shipped', expiringToday: true, search: 'juma', page: 2 })).toEqual({
      status: 'Shipped',
      expiringToday: true,
      search: 'juma',
      page: 2,
      pageSize: ORDERS_PAGE_SIZE,
    });
    expect(toOrderListInput({ status: undefined, expiringToday: false, search: '', page: 1 })).toEqual({ page: 1, pageSize: ORDERS_PAGE_SIZE });
  });
});
