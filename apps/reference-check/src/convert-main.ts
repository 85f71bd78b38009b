import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, extname, join, resolve } from 'node:path';
import { htmlToText, textFileNameFor } from './convert.ts';

const USAGE = `Usage: pnpm reference:convert <html-file-or-directory> <out-directory>

Converts the platform's reference pages, saved from a browser as HTML (the API reference, the
EventSub subscription types, the EventSub reference, the scopes page), into the text format of
../shared/reference/official/ (reference.md, eventsub-subscription-types.md, eventsub-reference.md,
scopes.md; a page it does not recognise keeps its own name with .md). Then run
\`pnpm reference:check <out-directory>\`.`;

function main(argv: readonly string[]): number {
  const args = argv.filter((argument) => argument !== '--');
  if (args.length !== 2 || args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    return args.length === 2 ? 0 : 2;
  }
  // pnpm runs the script in the app's folder; the paths are meant from where pnpm was called.
  const from = process.env.INIT_CWD ?? process.cwd();
  const input = resolve(from, args[0]!);
  const output = resolve(from, args[1]!);
  const files = statSync(input).isDirectory()
    ? readdirSync(input)
        .filter((name) => /\.html?$/i.test(name))
        .map((name) => join(input, name))
    : [input];
  if (files.length === 0) {
    console.error(`No .html file in ${input}.`);
    return 1;
  }
  mkdirSync(output, { recursive: true });
  for (const file of files) {
    const html = readFileSync(file, 'utf8');
    const text = htmlToText(html);
    const name = textFileNameFor(html, text) ?? `${basename(file, extname(file))}.md`;
    writeFileSync(join(output, name), text);
    console.log(`${file} -> ${join(output, name)} (${text.split('\n').length} lines)`);
  }
  return 0;
}

process.exitCode = main(process.argv.slice(2));
