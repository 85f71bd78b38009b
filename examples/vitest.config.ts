import { packageProject } from '../vitest.shared.ts';

// The examples' own tests (test/) and the bot's tests of bot-tests/, which are an example themselves.
export default packageProject('examples', { include: ['test/**/*.test.ts', 'bot-tests/**/*.test.ts'] });
