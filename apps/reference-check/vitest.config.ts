import { packageProject } from '../../vitest.shared.ts';

// The check reads every declaration and builds a TypeScript program over the EventSub types: a few
// seconds each time, so the tests that run it whole get more time than the default.
export default packageProject('reference-check', { testTimeout: 120_000, hookTimeout: 120_000 });
