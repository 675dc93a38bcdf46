import { readActivityParams, writeActivityParams } from './activity-params';

describe('activity params', () => {
  it('reads the entity and page, falling back to all events on page 1', () => {
    expect(readActivityParams(new URLSearchParams('entity=brand&page=3'))).toEqual({ entity: 'brand', page: 3 });
    expect(readActivityParams(new URLSearchParams(''))).toEqual({ entity: undefined, page: 1 });
    expect(readActivityParams(new URLSearchParams('entity=planet&page=-2'))).toEqual({ entity: undefined, page: 1 });
    expect(readActivityParams(new URLSearchParams('page=1.5'))).toEqual({ entity: undefined, page: 1 });
    expect(readActivityParams(new URLSearchParams('page=99999'))).toEqual({ entity: undefined, page: 1 });
  });

  it('writes only what differs from the defaults, keeping other parameters', () => {
    expect(writeActivityParams(new URLSearchParams('x=1&page=4'), { entity: 'order', page: 2 }).toString()).toBe('x=1&page=2&entity=order');
    expect(writeActivityParams(new URLSearchParams('entity=car&page=4'), { entity: undefined, page: 1 }).toString()).toBe('');
  });
});
