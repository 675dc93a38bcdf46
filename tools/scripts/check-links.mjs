// The docs' links: every relative link and #anchor in the project's Markdown (README.md, docs/*.md
// and any other tracked *.md outside node_modules) must point at a file that exists and, for a
// Markdown file, at one of its headings, by GitHub's anchor rules. Outside links (https:, mailto:)
// are not fetched: no network here. Run by `npm run lint` (tools/scripts/lint.mjs, first in `npm test`)
// and by `nx run docs:lint` (test:affected and CI on a pull request).
//
//   node tools/scripts/check-links.mjs [file.md ...]
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** Folders never searched when git cannot list the files (a copy without .git). */
const UNOWNED = new Set(['node_modules', 'dist', 'tmp', 'coverage', '.git', '.nx', '.data', 'test-results', 'playwright-report']);

/** The project's Markdown files, relative to the root: git's list (tracked and new, not ignored), else a walk. */
function markdownFiles() {
  try {
    const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '--', '*.md'], { cwd: root, encoding: 'utf8' });
    return [...new Set(listed.split('\n').filter(Boolean))].filter((file) => existsSync(join(root, file)));
  } catch {
    const found = [];
    const walk = (dir) => {
      for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
        const path = dir ? `${dir}/${entry.name}` : entry.name;
        if (entry.isDirectory() && !UNOWNED.has(entry.name)) walk(path);
        else if (entry.isFile() && entry.name.endsWith('.md')) found.push(path);
      }
    };
    walk('');
    return found;
  }
}

/** The lines outside fenced code blocks, with their numbers: links and headings in code are examples. */
function proseLines(text) {
  const lines = [];
  let fence;
  text.split('\n').forEach((line, index) => {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (!fence || (marker[0] === fence[0] && marker.length >= fence.length))) {
      fence = fence ? undefined : marker;
      return;
    }
    if (!fence) lines.push({ number: index + 1, line });
  });
  return lines;
}

/** A heading's text as GitHub renders it: code spans, links and emphasis reduced to their words. */
function renderedText(heading) {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/\*+/g, '')
    .trim();
}

/**
 * GitHub's anchor for a heading (github-slugger): lower case, punctuation dropped (letters, marks,
 * digits, `_` and `-` stay), each space a hyphen.
 */
export function slug(heading) {
  return renderedText(heading)
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a Markdown file offers: its headings' slugs (repeats get -1, -2 ...) and explicit ids. */
export function anchorsOf(text) {
  const anchors = new Set();
  const seen = new Map();
  for (const { line } of proseLines(text)) {
    const heading = /^\s{0,3}#{1,6}\s+(.*?)(\s+#+)?\s*$/.exec(line)?.[1];
    if (heading !== undefined) {
      const base = slug(heading);
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      anchors.add(count === 0 ? base : `${base}-${count}`);
    }
    for (const [, id] of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(id);
  }
  return anchors;
}

/** The link targets of a Markdown text, with line numbers; code spans and fenced blocks left out. */
export function linksOf(text) {
  const links = [];
  for (const { number, line } of proseLines(text)) {
    const prose = line.replace(/(`+)(?:(?!\1).)+\1/g, '');
    for (const [, target] of prose.matchAll(/!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g)) links.push({ number, target });
    const reference = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(\s|$)/.exec(prose);
    if (reference) links.push({ number, target: reference[1] });
  }
  return links;
}

/** What is wrong with each link of `file` (relative to the root), as `file:line: message`. */
export function problemsIn(file, readAnchors = (path) => anchorsOf(readFileSync(path, 'utf8'))) {
  const problems = [];
  const text = readFileSync(join(root, file), 'utf8');
  for (const { number, target } of linksOf(text)) {
    // Other sites (https:, mailto:, //host) are not checked: nothing here reaches the internet.
    if (target === '' || /^([a-z][a-z0-9+.-]*:|\/\/)/i.test(target)) continue;
    const [pathPart, anchor] = target.split('#', 2);
    let path;
    try {
      path = decodeURIComponent(pathPart);
    } catch {
      problems.push(`${file}:${number}: ${target}: not a valid link`);
      continue;
    }
    // A leading / is the repository's root on GitHub.
    const absolute = path === '' ? join(root, file) : path.startsWith('/') ? join(root, path) : resolve(dirname(join(root, file)), path);
    const shown = relative(root, absolute) || '.';
    if (shown.startsWith('..')) {
      problems.push(`${file}:${number}: ${target}: points outside the repository`);
      continue;
    }
    if (!existsSync(absolute)) {
      problems.push(`${file}:${number}: ${target}: ${shown} does not exist`);
      continue;
    }
    if (anchor === undefined || !absolute.endsWith('.md') || statSync(absolute).isDirectory()) continue;
    if (!readAnchors(absolute).has(anchor)) problems.push(`${file}:${number}: ${target}: ${shown} has no heading with the anchor #${anchor}`);
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = process.argv.length > 2 ? process.argv.slice(2).map((file) => relative(root, resolve(file))) : markdownFiles();
  const anchors = new Map();
  const readAnchors = (path) => {
    if (!anchors.has(path)) anchors.set(path, anchorsOf(readFileSync(path, 'utf8')));
    return anchors.get(path);
  };
  const problems = files.flatMap((file) => problemsIn(file, readAnchors));
  for (const problem of problems) console.error(problem);
  console.log(`${files.length} Markdown files, ${problems.length === 0 ? 'every link found' : `${problems.length} broken links`}`);
  process.exit(problems.length === 0 ? 0 : 1);
}
