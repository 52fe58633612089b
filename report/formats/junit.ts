import type { Diagnostic, Severity } from '../../rules/index.js';
import type { FileReport, FormatContext } from '../report.js';
import { findingIdentities, type FindingIdentity } from './finding-identity.js';
import { positions } from './positions.js';
import { reportPath } from './report-path.js';
import { XML_DECLARATION, xmlAttributes, xmlContent } from './xml.js';

/**
 * Errors and warnings fail their test case. Information and hints never fail a run, so their
 * cases pass, with the finding kept as the case's output.
 */
const FAILS: Readonly<Record<Severity, boolean>> = { error: true, warning: true, info: false, hint: false };

/** The one test case of a file without findings: a clean run still lists every file it linted. */
const CLEAN_CASE = 'manifest-lint';

interface TestSuite {
  xml: string;
  tests: number;
  failures: number;
}

/**
 * JUnit XML, as Jenkins, Azure DevOps, CircleCI and GitLab read test reports: one test suite per
 * file, one test case per finding (a failure for errors and warnings), and a passing case for a
 * clean file. Findings are failures, never JUnit errors (which mean a test that could not run),
 * so `errors` is always 0.
 */
export function formatJunit(reports: FileReport[], context: FormatContext): string {
  const suites = reports.map((report) => testSuite(report, context.cwd));
  const tests = suites.reduce((sum, suite) => sum + suite.tests, 0);
  const failures = suites.reduce((sum, suite) => sum + suite.failures, 0);
  const attributes = xmlAttributes({ name: 'manifest-lint', tests, failures, errors: 0 });
  return `${XML_DECLARATION}<testsuites${attributes}>\n${suites.map((suite) => suite.xml).join('')}</testsuites>\n`;
}

function testSuite(report: FileReport, cwd: string): TestSuite {
  const file = reportPath(report, cwd);
  const identities = findingIdentities(report.diagnostics);
  const cases = report.diagnostics.map((d, index) => testCase(file, d, identities[index]!));
  if (cases.length === 0) cases.push(`    <testcase${xmlAttributes({ classname: file, name: CLEAN_CASE })}/>\n`);
  const failures = report.diagnostics.filter((d) => FAILS[d.severity]).length;
  const attributes = xmlAttributes({ name: file, tests: cases.length, failures, errors: 0 });
  return { xml: `  <testsuite${attributes}>\n${cases.join('')}  </testsuite>\n`, tests: cases.length, failures };
}

/**
 * A case is named after what it found and where in the manifest (`unknown-property
 * /agent/nmae`, then `… (2)` for a second one alike), not after its line, so a CI server
 * follows it from run to run.
 */
function caseName(identity: FindingIdentity): string {
  const name = identity.pointer === '' ? identity.ruleId : `${identity.ruleId} ${identity.pointer}`;
  return identity.occurrence === 0 ? name : `${name} (${identity.occurrence + 1})`;
}

function testCase(file: string, d: Diagnostic, identity: FindingIdentity): string {
  const { line, column } = positions(d.range);
  // JUnit has no place for a position: the body gives it, as `--format compact` would.
  const details = xmlContent(`${file}:${line}:${column}: ${d.severity} ${d.ruleId} ${d.message}\n${d.docsUrl}`);
  const body = FAILS[d.severity]
    ? `<failure${xmlAttributes({ message: d.message, type: d.severity })}>${details}</failure>`
    : `<system-out>${details}</system-out>`;
  return `    <testcase${xmlAttributes({ classname: file, name: caseName(identity) })}>${body}</testcase>\n`;
}
