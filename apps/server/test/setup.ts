import { afterAll } from 'vitest';
import { releaseFileDatabase } from './app.ts';

// A test file's database is emptied for the next file of its worker, or dropped (test/app.ts).
afterAll(releaseFileDatabase);
