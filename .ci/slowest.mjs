// Prints the ten slowest test files of a Vitest JSON report, so a slow one is noticed where it starts.
import fs from 'node:fs';

const [file, count = '10'] = process.argv.slice(2);
const report = JSON.parse(fs.readFileSync(file, 'utf8'));
const root = `${process.cwd()}/`;
const rows = report.testResults
  .map((result) => ({
    name: result.name.replace(root, ''),
    seconds: (result.endTime - result.startTime) / 1000,
  }))
  .sort((a, b) => b.seconds - a.seconds)
  .slice(0, Number(count));
console.log(`slowest ${rows.length} test files of ${file}:`);
for (const row of rows) console.log(`${row.seconds.toFixed(1).padStart(7)} s  ${row.name}`);
