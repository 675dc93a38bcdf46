import { NotifiedGeneration } from './notified-generation';

describe('NotifiedGeneration', () => {
  it('has no version until notifications are heard, and none again once they are lost', () => {
    const changes = new NotifiedGeneration();
    expect(changes.version).toBeUndefined();
    changes.setListening(true);
    const first = changes.version;
    expect(first).toEqual(expect.any(Number));
    changes.setListening(false);
    expect(changes.version).toBeUndefined();
    changes.setListening(true);
    // Notifications may have been missed meanwhile: a new generation, so older cache entries are out.
    expect(changes.version).not.toBe(first);
  });

  it('moves the version on every change, from a notification or from a write of this process', async () => {
    const changes = new NotifiedGeneration();
    const { onNotify, onListening } = changes.handlers();
    onListening(true);
    const versions = [changes.version];
    onNotify('cars');
    versions.push(changes.version);
    changes.changed();
    versions.push(changes.version);
    await changes.after(Promise.resolve('written'));
    versions.push(changes.version);
    await expect(changes.after(Promise.reject(new Error('write failed')))).rejects.toThrow('write failed');
    versions.push(changes.version);
    expect(new Set(versions).size).toBe(5);
  });

  it('gives back what the write resolved to', async () => {
    const changes = new NotifiedGeneration();
    await expect(changes.after(Promise.resolve(42))).resolves.toBe(42);
  });
});
