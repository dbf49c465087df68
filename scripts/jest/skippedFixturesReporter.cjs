// One line for the whole run when tests on the real files of other apps were skipped (their folder, ../shared/fixtures,
// is not beside the repository): how many, and why, from the title describeWithCardFixtures gave their block.
const MARK = /\[fixtures missing: (.+)\]$/;

class SkippedFixturesReporter {
  onRunComplete(_contexts, results) {
    let count = 0;
    let why = '';
    for (const file of results.testResults) {
      for (const test of file.testResults) {
        const title = test.ancestorTitles.find((t) => MARK.test(t));
        if (!title || test.status === 'passed' || test.status === 'failed') continue;
        count += 1;
        why = MARK.exec(title)[1];
      }
    }
    if (count > 0) {
      console.log(
        `\n${count} test${count === 1 ? '' : 's'} on the real character cards of other apps skipped: ${why} ` +
          '(put shared/fixtures beside the repository, or point FABLE_FIXTURES_DIR at it).',
      );
    }
  }
}

module.exports = SkippedFixturesReporter;
