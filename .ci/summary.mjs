// Prints one 'N passed, N failed' line per report (Vitest or Playwright JSON) and a total,
// and exits non-zero when any test failed or a report ran no test.
import fs from 'node:fs';

let passed = 0;
let failed = 0;
for (const file of process.argv.slice(2)) {
  if (!fs.existsSync(file)) continue;
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  const name = file.replace(/^.*\//, '').replace(/\.json$/, '');
  // Vitest: numPassedTests/numFailedTests; Playwright: stats.expected/unexpected/flaky.
  const p = report.numPassedTests ?? (report.stats ? report.stats.expected + report.stats.flaky : 0);
  const f = report.numFailedTests ?? (report.stats ? report.stats.unexpected : 0);
  console.log(`${name}: ${p} passed, ${f} failed`);
  if (p + f === 0) failed += 1;
  passed += p;
  failed += f;
}
console.log(`total: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
