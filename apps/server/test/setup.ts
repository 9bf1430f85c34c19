import { afterAll } from 'vitest';
import { closeFileDatabase } from './app.ts';

// Each test file's database lives as long as the file's tests (test/app.ts).
afterAll(closeFileDatabase);
