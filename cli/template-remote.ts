/**
 * `manifest-lint template --remote <git-url> [--ref <ref>] [--agents-url <url>]`: our check of
 * the repository beside the platform's own validator's verdict (`POST {agents_url}/v0/templates/
 * validate`), with every disagreement named. The key comes from `PINATA_JWT` only, and every
 * line printed goes through a mask that knows it and the manifest's secrets, the platform's
 * errors included (they may quote the manifest's values, or the request).
 */
import type { SecretMask } from '../rules/index.js';
import type { CliOptions } from './args.js';
import { useColor } from '../report/color.js';
import { useHyperlinks } from '../report/hyperlinks.js';
import type { ConfigResolver } from './config.js';
import { envNumber, MAX_TIMEOUT_SECONDS } from './env-number.js';
import { CliError } from './errors.js';
import { apiResponse } from '../report/formats/api.js';
import { toJsonResults } from '../report/formats/json.js';
import { formatReports } from '../report/formats/output.js';
import type { Io } from './io.js';
import { exitCodeOf, fileReports, type Linted } from './lint-command.js';
import { answerDetail, checkedEndpoint, tokenFrom, TOKEN_VARIABLE, withTokenMasked } from './platform-access.js';
import { formatPlatformSection, type PlatformOutcome, type PlatformRequestFacts } from './platform-section.js';
import { countDiagnostics, type TemplateFacts } from '../report/report.js';
import { compareVerdicts, type Comparison } from './verdict-comparison.js';
import { HttpAnswerError, HttpNetworkError, HttpStatusError } from '../io/http-exchange.js';
import { DEFAULT_AGENTS_URL, requestValidation, validationEndpoint, type ValidationRequest } from '../io/template-validation.js';

/** Seconds the platform has to answer, request and answer together. */
export const REMOTE_TIMEOUT_VARIABLE = 'MANIFEST_LINT_REMOTE_TIMEOUT';
const DEFAULT_REMOTE_TIMEOUT_S = 30;

/** Our check of the cloned repository, ready to report, and the ref the clone checked out. */
export interface LocalCheck {
  linted: Linted[];
  resolver: ConfigResolver;
  mask: SecretMask;
  /** `--format api` only: what the response holds besides the errors. */
  template?: TemplateFacts;
  /** The `--ref` given, else the default branch the clone checked out (undefined: left out). */
  ref: string | undefined;
}

/**
 * Checks the settings (key, `--agents-url`, timeout) before anything runs, then our check
 * (`checkLocally`: the clone and the lint), then the platform's, and prints both.
 */
export async function checkBesidePlatform(options: CliOptions, io: Io, checkLocally: () => Promise<LocalCheck>): Promise<number> {
  const template = options.template!;
  const token = tokenFrom(io.env, 'template --remote', "the platform's API");
  const agentsUrl = template.agentsUrl ?? DEFAULT_AGENTS_URL;
  const endpoint = checkedEndpoint(agentsUrl, '--agents-url', validationEndpoint);
  const timeoutMs = envNumber(io.env, REMOTE_TIMEOUT_VARIABLE, DEFAULT_REMOTE_TIMEOUT_S, MAX_TIMEOUT_SECONDS) * 1000;
  return withTokenMasked(token, async (tokenMask) => {
    const local = await checkLocally();
    const mask = local.mask.merge(tokenMask);
    const reports = fileReports(local.linted, local.resolver, options, mask);
    const localCode = exitCodeOf(reports, options, io);
    const outcome = await askPlatform({ agentsUrl, token, gitUrl: template.source, ref: local.ref, timeoutMs }, endpoint, mask);
    const comparison = 'verdict' in outcome ? compareVerdicts(reports, outcome.verdict) : undefined;
    const sent: PlatformRequestFacts = { endpoint: `${endpoint.origin}${endpoint.pathname}`, ref: local.ref };

    if (options.format === 'stylish') {
      const color = useColor(io.stdout, io.env);
      const findings = formatReports('stylish', reports, mask, { color, hyperlinks: useHyperlinks(io.stdout, io.env), cwd: io.cwd });
      const ourErrors = reports.reduce((sum, report) => sum + countDiagnostics(report.diagnostics).error, 0);
      io.stdout.write(`${findings}${findings === '' ? '' : '\n'}${mask.mask(formatPlatformSection(sent, outcome, comparison, ourErrors, color))}`);
    } else {
      const ours = options.format === 'json' ? toJsonResults(reports) : apiResponse(reports, local.template);
      io.stdout.write(`${JSON.stringify(machineReadable(ours, sent, outcome, comparison), null, 2)}\n`);
    }
    if ('problem' in outcome) throw new CliError(outcome.problem);
    return localCode !== 0 || !outcome.verdict.valid || comparison!.disagreements.length > 0 ? 1 : 0;
  });
}

/** The platform's verdict, its errors masked; or, when there is none, why, in one line. */
async function askPlatform(request: ValidationRequest, endpoint: URL, mask: SecretMask): Promise<PlatformOutcome> {
  try {
    const verdict = await requestValidation(request);
    return { verdict: { ...verdict, errors: verdict.errors.map((error) => mask.mask(error)) } };
  } catch (error) {
    if (error instanceof HttpStatusError) return { problem: mask.mask(statusProblem(error, mask)), status: error.status };
    if (error instanceof HttpNetworkError)
      return { problem: mask.mask(`cannot get the platform's verdict from ${endpoint.origin}: ${error.reason}`), status: null };
    if (error instanceof HttpAnswerError) return { problem: mask.mask(`the platform's answer was not understood (${error.message})`), status: null };
    throw error;
  }
}

/** What an error status means for the user, in one line (the body only when it may explain a refusal). */
function statusProblem(error: HttpStatusError, mask: SecretMask): string {
  if (error.status === 401 || error.status === 403) {
    return `the platform refused the token (HTTP ${error.status}): ${TOKEN_VARIABLE} is not a valid key, was revoked, or may not validate templates`;
  }
  if (error.status >= 500) return `the platform's template validator failed (HTTP ${error.status}); try again later`;
  const said = answerDetail(error.detail, mask);
  return `the platform refused the request (HTTP ${error.status}${said ? `: ${said}` : ''})`;
}

/**
 * `--format json|api`: `local` is what that format prints without `--remote`; `platform` the
 * request and its verdict (`valid` and `errors` null when unknown, with the `problem`);
 * `matches` the platform errors matched to findings of ours; `disagreements` null when the
 * platform's verdict is unknown.
 */
function machineReadable(local: unknown, sent: PlatformRequestFacts, outcome: PlatformOutcome, comparison: Comparison | undefined): unknown {
  const request = { ...sent, ref: sent.ref ?? null };
  const platform =
    'verdict' in outcome
      ? { ...request, status: outcome.verdict.status, valid: outcome.verdict.valid, errors: outcome.verdict.errors }
      : { ...request, status: outcome.status, valid: null, errors: null, problem: outcome.problem };
  return {
    local,
    platform,
    matches: (comparison?.matches ?? []).map((match) => ({
      error: match.error,
      samePath: match.samePath,
      findings: match.findings.map((finding) => finding.line),
    })),
    disagreements: comparison?.disagreements ?? null,
  };
}
