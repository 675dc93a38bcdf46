import { ESLint } from 'eslint';
import { join } from 'node:path';

// The rules eslint.config.mjs derives from the projects' folders and `domain:` tags (the
// generator's domains get the same tags): a domain's server lib reads its own tables and what
// others publish, and the infrastructure (libs/server) imports no domain lib. Linted as text at a
// path inside a real project, so the workspace's own config and project graph decide.
const eslint = new ESLint({ cwd: join(__dirname, '../../../..') });

async function restrictions(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((message) => message.ruleId === '@typescript-eslint/no-restricted-imports').map((message) => message.message);
}

describe('the data boundaries (eslint.config.mjs)', () => {
  it("refuses a domain's server lib another domain's tables, and lets it read its own and what others publish", async () => {
    const file = 'libs/order/server/src/boundary-probe.ts';
    expect(await restrictions(file, "import { leads } from '@dealership/lead-data';\nexport const probe = leads;\n")).toEqual([
      expect.stringContaining("Another domain's tables (lead's)"),
    ]);
    expect(
      await restrictions(
        file,
        "import { orders } from '@dealership/order-data';\nimport { carRefs } from '@dealership/car-data/published';\nexport const probe = [orders, carRefs];\n",
      ),
    ).toEqual([]);
    // Car and brand are one domain, the catalogue: car's server lib reads the brand tables.
    expect(await restrictions('libs/car/server/src/boundary-probe.ts', "import { brands } from '@dealership/brand-data';\nexport const probe = brands;\n")).toEqual([]);
    // Tests arrange rows in any table.
    expect(await restrictions('libs/order/server/src/boundary-probe.spec.ts', "import { leads } from '@dealership/lead-data';\nexport const probe = leads;\n")).toEqual([]);
  }, 60_000);

  it('refuses infrastructure any lib of a domain, its tests included', async () => {
    for (const lib of ['car-data', 'user-schemas', 'order-server']) {
      expect(await restrictions('libs/server/http/src/boundary-probe.spec.ts', `import * as probe from '@dealership/${lib}';\nexport { probe };\n`)).toEqual([
        expect.stringContaining('libs/server is infrastructure and knows no domain'),
      ]);
    }
  }, 60_000);
});
