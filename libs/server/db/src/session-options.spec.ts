import { SESSION_OPTIONS, sessionConnection } from './session-options';

describe('sessionConnection', () => {
  it('adds the session options to an address without any', () => {
    expect(sessionConnection('postgres://app@db.internal:5432/dealership?sslmode=require')).toEqual({
      connectionString: 'postgres://app@db.internal:5432/dealership?sslmode=require',
      options: '-c jit=off',
    });
  });

  it("keeps an operator's options from the address, before ours (node-postgres would let the address's replace ours)", () => {
    expect(sessionConnection('postgres://app@db:5432/dealership?options=-c%20search_path%3Dsales&sslmode=require')).toEqual({
      connectionString: 'postgres://app@db:5432/dealership?sslmode=require',
      options: `-c search_path=sales ${SESSION_OPTIONS}`,
    });
  });

  it('leaves an address it cannot parse as it is', () => {
    expect(sessionConnection('socket:/var/run/postgresql?db=dealership')).toMatchObject({ options: SESSION_OPTIONS });
    expect(sessionConnection('not a url')).toEqual({ connectionString: 'not a url', options: SESSION_OPTIONS });
  });
});
