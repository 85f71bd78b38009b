import { eventSubTypes } from '../eventsub/catalog';
import type { EventSubType } from '../eventsub/model';
import { deprecatedTypes, findType, newestVersion, withdrawnVersions } from '../eventsub/registry';
import { CliError } from './args';

/**
 * The catalogue entry for `name` (newest version) or `name@version`, or a `CliError` that says
 * what is wrong: an unknown type (with the closest known one), a version the type does not have
 * (with those it has), a withdrawn version (with its replacement).
 */
export function catalogueType(command: string, name: string): EventSubType {
  const at = name.indexOf('@');
  const type = at === -1 ? name : name.slice(0, at);
  const version = at === -1 ? undefined : name.slice(at + 1);
  const entry = version === undefined ? newestVersion(type) : findType(type, version);
  if (entry) return entry;
  const versions = [...eventSubTypes, ...deprecatedTypes].filter((each) => each.type === type).map((each) => each.version);
  if (versions.length === 0) {
    const closest = closestType(type);
    throw new CliError(`${command}: unknown EventSub type ${JSON.stringify(type)}${closest ? `; did you mean ${closest}?` : ''} (platform-mock types lists them)`);
  }
  const replacement = withdrawnVersions[name];
  if (replacement !== undefined) throw new CliError(`${command}: ${name} was withdrawn by the platform; use ${type}@${replacement}`);
  throw new CliError(`${command}: ${type} has no version ${JSON.stringify(version)}; it has ${versions.join(', ')}`);
}

/** The known type nearest to `name` by edit distance, if one is near enough to be a typo. */
export function closestType(name: string): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const type of new Set(eventSubTypes.map((entry) => entry.type))) {
    const distance = editDistance(name.toLowerCase(), type);
    if (distance < bestDistance) {
      best = type;
      bestDistance = distance;
    }
  }
  // A suggestion far from what was typed helps nobody: at most a third of the name may differ.
  return best !== undefined && bestDistance <= Math.max(3, Math.ceil(name.length / 3)) ? best : undefined;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}
