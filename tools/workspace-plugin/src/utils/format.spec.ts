import { createTree } from '@nx/devkit/testing';
import { formatNewFiles } from './format';

describe('formatNewFiles', () => {
  it("formats with the workspace's .prettierrc.json, the file editors read", async () => {
    const tree = createTree();
    tree.write('.prettierrc.json', JSON.stringify({ singleQuote: false, printWidth: 40 }));
    tree.write('libs/x/a.ts', "export const a = { first: 'one', second: 'two', third: 'three' };");
    await formatNewFiles(tree, ['libs/x/a.ts']);
    expect(tree.read('libs/x/a.ts', 'utf-8')).toBe('export const a = {\n  first: "one",\n  second: "two",\n  third: "three",\n};\n');
  });

  it('refuses to guess when the workspace has no .prettierrc.json', async () => {
    const tree = createTree();
    tree.write('libs/x/a.ts', 'export const a = 1;');
    await expect(formatNewFiles(tree, ['libs/x/a.ts'])).rejects.toThrow('.prettierrc.json');
  });
});
