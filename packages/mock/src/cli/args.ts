import { parseArgs, type ParseArgsConfig } from 'node:util';

/** A failure to report in one line on stderr (`platform-mock: <message>`), with the exit code. */
export class CliError extends Error {
  constructor(
    message: string,
    /** 2 for bad usage (unknown command or option), 1 for everything else. */
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

/** The options of one command, as `node:util` `parseArgs` takes them. */
export type OptionSpec = NonNullable<ParseArgsConfig['options']>;

/** What a command's parser gives back: the options by name and the positional arguments. */
export interface Parsed {
  values: Record<string, string | boolean | string[] | undefined>;
  positionals: string[];
}

/** The options every command takes. */
export const commonOptions = {
  help: { type: 'boolean', short: 'h' },
  json: { type: 'boolean' },
} as const satisfies OptionSpec;

/**
 * Parses a command's arguments strictly: an unknown option, a missing value or a stray argument is
 * a `CliError` naming it (exit 2), with the command's `--help` as the way out.
 */
export function parse(command: string, args: readonly string[], options: OptionSpec, maxPositionals: number): Parsed {
  let parsed: Parsed;
  try {
    const result = parseArgs({ args: [...args], options: { ...commonOptions, ...options }, allowPositionals: true, strict: true });
    parsed = { values: result.values, positionals: result.positionals };
  } catch (error) {
    const code = (error as { code?: string }).code;
    const named = /'(-{1,2}[^' ]+)/.exec((error as Error).message)?.[1];
    const hint = `(see platform-mock ${command} --help)`;
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw new CliError(`${command}: unknown option ${named ?? ''} ${hint}`, 2);
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') throw new CliError(`${command}: option ${named ?? ''} needs a value ${hint}`, 2);
    throw new CliError(`${command}: ${(error as Error).message.split('\n')[0]} ${hint}`, 2);
  }
  if (!parsed.values.help && parsed.positionals.length > maxPositionals) {
    throw new CliError(`${command}: unexpected argument ${JSON.stringify(parsed.positionals[maxPositionals])} (see platform-mock ${command} --help)`, 2);
  }
  return parsed;
}

/** A string option's value, or undefined. */
export function text(parsed: Parsed, name: string): string | undefined {
  const value = parsed.values[name];
  return typeof value === 'string' ? value : undefined;
}

/** A repeatable string option's values. */
export function list(parsed: Parsed, name: string): string[] {
  const value = parsed.values[name];
  return Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
}

/** A string option that must be there. */
export function required(parsed: Parsed, command: string, name: string): string {
  const value = text(parsed, name);
  if (value === undefined || value === '') throw new CliError(`${command}: --${name} is required (see platform-mock ${command} --help)`, 2);
  return value;
}

/** An http(s) URL, or a `CliError` naming the option. */
export function httpUrl(command: string, option: string, value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new CliError(`${command}: --${option} ${JSON.stringify(value)} is not a URL (expected http://host:port/path)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new CliError(`${command}: --${option} ${JSON.stringify(value)} is not an http or https URL`);
  return url;
}

/** A TCP port, 0 to 65535 (0: a free one). */
export function port(command: string, value: string): number {
  if (!/^\d{1,5}$/.test(value) || Number(value) > 65_535) throw new CliError(`${command}: --port ${JSON.stringify(value)} is not a port number (0 to 65535)`);
  return Number(value);
}

/**
 * The platform's rule for a webhook secret: 10 to 100 ASCII characters (the mock's subscription
 * route refuses the same).
 */
export function secret(command: string, value: string): string {
  if (value.length < 10 || value.length > 100 || !/^[\x20-\x7e]+$/.test(value)) {
    throw new CliError(`${command}: the secret must be 10 to 100 ASCII characters, as the platform requires (this one has ${value.length} character${value.length === 1 ? '' : 's'}${/^[\x20-\x7e]*$/.test(value) ? '' : ', some not ASCII'})`);
  }
  return value;
}

/** Writes one line of JSON (for scripts), or the lines of text. */
export function output(json: boolean, data: unknown, lines: () => string[]): void {
  process.stdout.write(json ? `${JSON.stringify(data)}\n` : `${lines().join('\n')}\n`);
}
