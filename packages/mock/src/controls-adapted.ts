// The control tables of the groups not converted yet to `<group>Routes` + `<Group>State` +
// `<group>Controls` (see controls.ts): each row names and describes a method of the group's
// existing control object, which the row calls. Converting a group moves its rows into its own
// file, with a `run` each, and deletes its table here.
import { adaptControls, serveGroup, type HttpOnlyRow, type ServedGroup } from './controls';

import type { MockPlatform } from './mock-platform';

/** The groups of a mock not converted yet, served from their control objects. */
export function adaptedGroups(mock: MockPlatform): ServedGroup[] {
  return [
  ];
}
