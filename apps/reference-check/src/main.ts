import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readKnownList } from './allow.ts';
import { check, loadDeclared, readReference } from './check.ts';
import { appDirectory, defaultReferenceDirectory } from './paths.ts';
import { formatReport } from './report.ts';

const USAGE = `Usage: pnpm reference:check [DIR] [--all] [--json] [--allow FILE]

Compares the reference text in DIR (default: ../shared/reference/official beside the repository)
with the operation declarations and the EventSub catalogue, and prints per operation and per event
type what differs. Exits with 1 when a difference is not in the allow-list, or an entry of it
matches nothing.

  --all          list the allowed differences too (they are counted either way)
  --json         print the result as JSON
  --allow FILE   the allow-list (default: apps/reference-check/allow.json)`;

async function main(argv: readonly string[]): Promise<number> {
  const options = { all: false, json: false, allow: join(appDirectory, 'allow.json') };
  let directory: string | undefined;
  // pnpm runs the script in the app's folder; a relative DIR is meant from where pnpm was called.
  const from = process.env.INIT_CWD ?? process.cwd();
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index]!;
    if (argument === '--help' || argument === '-h') {
      console.log(USAGE);
      return 0;
    } else if (argument === '--all') options.all = true;
    else if (argument === '--json') options.json = true;
    else if (argument === '--allow') options.allow = resolve(from, argv[++index] ?? '');
    else if (argument === '--') continue;
    else if (argument.startsWith('-')) {
      console.error(`Unknown option ${argument}.\n\n${USAGE}`);
      return 2;
    } else directory = resolve(from, argument);
  }
  directory ??= defaultReferenceDirectory;
  if (!existsSync(directory)) {
    console.error(`${directory} does not exist.\n\n${USAGE}`);
    return 2;
  }
  const result = check(readReference(directory), await loadDeclared(), { allow: readKnownList(options.allow) });
  console.log(options.json ? JSON.stringify({ ...result, names: Object.fromEntries(result.names) }, null, 2) : formatReport(result, { all: options.all, directory }));
  return result.ok ? 0 : 1;
}

process.exitCode = await main(process.argv.slice(2));
