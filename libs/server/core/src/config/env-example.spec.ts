import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EnvSchema } from './env';

// The workspace root's .env.example: the one list of settings a newcomer reads.
const ENV_EXAMPLE = join(__dirname, '../../../../../.env.example');

/** The variables `.env.example` names, commented out (`# PORT=3000`) or set, with the value it gives. */
function exampleValues(text: string): Map<string, string> {
  return new Map([...text.matchAll(/^#?[ \t]*([A-Z][A-Z0-9_]*)=(.*)$/gm)].map(([, name, value]) => [name, value.trim()]));
}

describe('.env.example', () => {
  const listed = exampleValues(readFileSync(ENV_EXAMPLE, 'utf8'));

  it('lists every variable the config schema reads', () => {
    const missing = Object.keys(EnvSchema.shape).filter((name) => !listed.has(name));
    expect(missing).toEqual([]);
  });

  it("gives each variable the schema's own default", () => {
    const defaults = EnvSchema.parse({});
    const wrong = Object.entries(defaults)
      .filter(([, value]) => value !== undefined)
      .filter(([name, value]) => listed.get(name) !== String(value))
      .map(([name, value]) => `${name}: .env.example says "${listed.get(name)}", the schema's default is "${String(value)}"`);
    expect(wrong).toEqual([]);
  });
});
