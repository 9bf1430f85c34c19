import { defineProject } from 'vitest/config';

// In the group of the server's and the web's files, sharing their two workers (vitest.config.ts).
export default defineProject({
  test: { name: 'contract', include: ['src/**/*.test.ts'], maxWorkers: 2, sequence: { groupOrder: 1 } },
});
