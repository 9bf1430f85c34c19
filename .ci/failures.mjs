// Lists the browser journeys that failed in a Playwright JSON report (file:line, project, title and
// the first lines of the error), so the end of CI's output says which ones and why.
import fs from 'node:fs';
import { stripVTControlCharacters } from 'node:util';

const file = process.argv[2];
if (!file || !fs.existsSync(file)) {
  console.log(`No browser report at ${file}: the browser tests did not run to the end.`);
  process.exit(0);
}
const report = JSON.parse(fs.readFileSync(file, 'utf8'));
const failed = [];
const walk = (suite) => {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status !== 'unexpected') continue;
      const last = test.results?.at(-1);
      const message = stripVTControlCharacters(last?.error?.message ?? last?.status ?? '');
      failed.push({
        where: `${spec.file}:${spec.line}`,
        project: test.projectName,
        title: spec.title,
        message,
      });
    }
  }
  for (const child of suite.suites ?? []) walk(child);
};
for (const suite of report.suites ?? []) walk(suite);
for (const error of report.errors ?? []) {
  failed.push({ where: 'the run itself', project: '', title: '', message: error.message ?? String(error) });
}
console.log(`${failed.length} browser journey(s) failed:`);
for (const { where, project, title, message } of failed) {
  console.log(`- ${where} [${project}] ${title}`);
  for (const line of message.split('\n').slice(0, 8)) console.log(`    ${line}`);
}
