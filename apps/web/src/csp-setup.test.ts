describe('csp-setup', () => {
  afterEach(() => document.head.replaceChildren());

  it('turns off zod`s eval probe through the config zod reads', () => {
    jest.isolateModules(() => {
      require('./csp-setup');
      const { config } = require('zod') as typeof import('zod');
      expect(config().jitless).toBe(true);
    });
  });

  it('hands the page`s nonce to get-nonce (the `<style>` of Mantine`s scroll lock)', () => {
    document.head.innerHTML = '<meta property="csp-nonce" nonce="page-nonce-1" />';
    jest.isolateModules(() => {
      require('./csp-setup');
      const { getNonce } = require('get-nonce') as { getNonce: () => string | undefined };
      expect(getNonce()).toBe('page-nonce-1');
    });
  });
});
