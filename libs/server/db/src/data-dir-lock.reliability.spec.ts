import { buildSync } from 'esbuild';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataDirLockedError } from './data-dir-lock';

// Several processes released at the same instant on one folder: the race that let two servers open
// the same PGlite folder (2 of 18 trials before the lock was made atomic). The whole-server version
// of this test is apps/server/src/concurrent-start.reliability.spec.ts.
describe('lockDataDir across processes started together', () => {
  let root: string;
  let script: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'lock-race-'));
    // The module itself, bundled for plain node processes.
    const bundle = buildSync({ entryPoints: [join(__dirname, 'data-dir-lock.ts')], bundle: true, platform: 'node', format: 'cjs', write: false });
    writeFileSync(join(root, 'lock.cjs'), bundle.outputFiles[0].text);
    script = join(root, 'contender.cjs');
    // Says it is ready, waits for the start signal (a file), tries the lock; a winner holds it until killed.
    writeFileSync(
      script,
      `const { existsSync } = require('node:fs');
const { lockDataDir } = require(${JSON.stringify(join(root, 'lock.cjs'))});
const [dir, go] = process.argv.slice(2);
process.stdout.write('ready;');
const wait = () => { if (!existsSync(go)) return setTimeout(wait, 1); try { lockDataDir(dir); process.stdout.write('won'); setInterval(() => {}, 1000); } catch (e) { process.stdout.write('lost:' + e.pid + ':' + e.message); process.exit(75); } };
wait();`,
    );
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  interface Contender {
    pid: number;
    ready: Promise<void>;
    result: Promise<string>;
    stop: () => void;
  }

  function contend(dir: string, go: string): Contender {
    const child = spawn(process.execPath, [script, dir, go]);
    let out = '';
    let exited = false;
    const waiters: (() => void)[] = [];
    child.stdout.on('data', (d) => ((out += d), waiters.forEach((w) => w())));
    child.once('exit', () => ((exited = true), waiters.forEach((w) => w())));
    const said = (what: RegExp) =>
      new Promise<string>((done, fail) => {
        const check = () => {
          const match = what.exec(out);
          if (match) done(match[1] ?? match[0]);
          else if (exited) fail(new Error(`contender exited having said: ${out}`));
        };
        waiters.push(check);
        check();
      });
    return { pid: child.pid ?? 0, ready: said(/^ready;/).then(() => undefined), result: said(/^ready;(won|lost:[\s\S]*)$/), stop: () => child.kill() };
  }

  it.each([
    ['a free folder', undefined],
    ['a stale lock left by a dead process', '999999999'],
  ])(
    'exactly one of 6 wins %s, 5 trials',
    async (_name, stale) => {
      for (let trial = 0; trial < 5; trial++) {
        const dir = join(root, `${stale ? 'stale' : 'free'}-${trial}`);
        mkdirSync(dir);
        if (stale) writeFileSync(join(dir, 'dealership.lock'), stale);
        const go = join(root, `go-${stale ? 'stale' : 'free'}-${trial}`);
        const contenders = Array.from({ length: 6 }, () => contend(dir, go));
        try {
          // Every process started, then all released at once.
          await Promise.all(contenders.map((c) => c.ready));
          writeFileSync(go, '');
          const results = await Promise.all(contenders.map(async (c) => ({ pid: c.pid, out: await c.result })));
          const winners = results.filter((r) => r.out === 'won');
          expect(winners).toHaveLength(1);
          for (const loser of results.filter((r) => r.out !== 'won')) {
            expect(loser.out).toBe(`lost:${winners[0].pid}:${new DataDirLockedError(dir, winners[0].pid).message}`);
          }
          expect(existsSync(join(dir, 'dealership.lock.takeover'))).toBe(false);
        } finally {
          contenders.forEach((c) => c.stop());
        }
      }
    },
    60_000,
  );
});
