import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eventSubTypes } from '../eventsub/catalog';
import { deprecatedTypes } from '../eventsub/registry';
import { CliError, output, parse } from './args';
import { help } from './help';
import { serve } from './serve';
import { token } from './token';
import { retrigger, trigger, verifySubscription } from './webhook';

const commands: Readonly<Record<string, (args: readonly string[]) => Promise<number>>> = {
  serve,
  trigger,
  retrigger,
  'verify-subscription': verifySubscription,
  token,
  types,
};

/** `platform-mock types [filter]` */
function types(args: readonly string[]): Promise<number> {
  const parsed = parse('types', args, {}, 1);
  if (parsed.values.help) return Promise.resolve(help('types'));
  const filter = parsed.positionals[0] ?? '';
  const entries = [...eventSubTypes, ...deprecatedTypes].filter((entry) => entry.type.includes(filter)).sort((a, b) => a.type.localeCompare(b.type) || a.version.localeCompare(b.version));
  output(parsed.values.json === true, entries, () =>
    entries.map((entry) => `${`${entry.type}@${entry.version}`.padEnd(60)} ${entry.status === 'stable' ? '' : `(${entry.status}) `}condition: ${[...entry.required, ...entry.optional.map((key) => `${key}?`)].join(', ') || 'none'}; ${entry.transports.join(', ')}`),
  );
  return Promise.resolve(0);
}

/** Runs the command line; resolves the exit code (failures are one line on stderr). */
export async function main(argv: readonly string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
      if (command === 'help' && rest[0] !== undefined && rest[0] in commands) return help(rest[0]);
      return help('');
    }
    if (command === '--version' || command === '-v') {
      process.stdout.write(`${version()}\n`);
      return 0;
    }
    const run = commands[command];
    if (!run) {
      const known = Object.keys(commands);
      const near = known.find((name) => name.startsWith(command.slice(0, 3)));
      throw new CliError(`unknown command ${JSON.stringify(command)}${near ? `; did you mean ${near}?` : ''} (commands: ${known.join(', ')})`, 2);
    }
    return await run(rest);
  } catch (error) {
    if (error instanceof CliError) {
      process.stderr.write(`platform-mock: ${error.message}\n`);
      return error.exitCode;
    }
    process.stderr.write(`platform-mock: unexpected failure: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return 1;
  }
}

function version(): string {
  // Injected by the build (tsup's `define`); from source, the package's version is not needed.
  return typeof __PLATFORM_MOCK_VERSION__ === 'string' ? __PLATFORM_MOCK_VERSION__ : 'source';
}

declare const __PLATFORM_MOCK_VERSION__: string | undefined;

/** Whether this module is the program being run (not imported by a test). */
function isEntry(): boolean {
  const script = process.argv[1];
  if (script === undefined) return false;
  try {
    return realpathSync(script) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isEntry()) {
  // A finished command exits at once: a lingering keep-alive socket must not hold it open.
  void main(process.argv.slice(2)).then((code) => setImmediate(() => process.exit(code)));
}
