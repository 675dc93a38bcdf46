import { SharedBody } from './car-catalogue-export';

/** Everything a reader of `body` gets, in one buffer. */
async function readAll(body: SharedBody): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of body.reader()) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

describe('SharedBody (the encoded catalogue kept per version)', () => {
  it('keeps only the bytes written, not the buffers they were sliced from', async () => {
    const body = new SharedBody();
    // As a compressor emits: slices of 16 KB buffers from Node's pool, each 64 KB slab shared with
    // whatever else the process allocated meanwhile (here, a buffer of the same size in between).
    const others: Buffer[] = [];
    for (let i = 0; i < 200; i++) {
      body.push(
        Buffer.allocUnsafe(16 * 1024)
          .fill(i)
          .subarray(0, 5000),
      );
      others.push(Buffer.allocUnsafe(16 * 1024));
    }
    body.end();
    expect(body.bytes).toBe(1_000_000);
    expect(body.retainedBytes).toBeLessThanOrEqual(body.bytes + 256 * 1024);
    const parts: Buffer[] = [];
    for (let i = 0; i < 200; i++) parts.push(Buffer.alloc(5000, i));
    expect((await readAll(body)).equals(Buffer.concat(parts))).toBe(true);
  });

  it('gives every reader the whole body, from its start, also while it is still being written', async () => {
    const body = new SharedBody();
    body.push(Buffer.from('{"a":'));
    const early = readAll(body);
    body.push(Buffer.from('1}'));
    body.end();
    await expect(early).resolves.toEqual(Buffer.from('{"a":1}'));
    await expect(readAll(body)).resolves.toEqual(Buffer.from('{"a":1}'));
  });

  it('does not run ahead of a reader that stops reading', async () => {
    const body = new SharedBody();
    for (let i = 0; i < 100; i++) body.push(Buffer.alloc(16 * 1024, i));
    body.end();
    const reader = body.reader();
    reader.pause();
    reader.read(0);
    await new Promise((resolve) => setImmediate(resolve));
    // A Readable's own buffer, one chunk past its high-water mark at most: not the 1.6 MB body.
    expect(reader.readableLength).toBeLessThanOrEqual(reader.readableHighWaterMark + 16 * 1024);
    reader.destroy();
  });

  it('ends every reader with the build’s error when it fails', async () => {
    const body = new SharedBody();
    body.push(Buffer.from('{"partial'));
    const reading = readAll(body);
    body.fail(new Error('connection lost'));
    await expect(reading).rejects.toThrow('connection lost');
  });
});
