/**
 * What every git command of a clone runs with, so that cloning a repository runs no code of it,
 * of the user or of the system, and never waits for a prompt (SPEC section 7):
 *
 * - No configuration of the user or the system applies (`GIT_CONFIG_NOSYSTEM`,
 *   `GIT_CONFIG_GLOBAL` = the null device), so their `core.hooksPath`, `init.templateDir`,
 *   filters, credential helpers, `core.sshCommand` and aliases never run; `core.hooksPath`
 *   points at the null device, so no hook exists.
 * - `core.fsmonitor` is off; the LFS smudge filter is off (`GIT_LFS_SKIP_SMUDGE`, empty
 *   `filter.lfs.*`); submodules are not fetched.
 * - Only the `https`, `ssh`, `git` and `file` transports are allowed (`protocol.allow=never`
 *   plus an allow list, and `GIT_ALLOW_PROTOCOL`), so `ext::` cannot run a command.
 * - No prompt ever waits: `GIT_TERMINAL_PROMPT=0`, empty `GIT_ASKPASS` / `SSH_ASKPASS`, ssh in
 *   batch mode (unknown host keys are refused rather than asked about).
 * - Every `GIT_*` variable of the caller's environment is dropped, so none can point git at
 *   another repository, configuration or program.
 */
import os from 'node:os';

/** The `-c` settings every git command runs with. */
export function hardeningConfig(): string[] {
  const settings = [
    `core.hooksPath=${os.devNull}`,
    'core.fsmonitor=false',
    'filter.lfs.smudge=',
    'filter.lfs.process=',
    'filter.lfs.required=false',
    'protocol.allow=never',
    'protocol.https.allow=always',
    'protocol.ssh.allow=always',
    'protocol.git.allow=always',
    'protocol.file.allow=always',
    'submodule.recurse=false',
    'fetch.recurseSubmodules=false',
    'credential.helper=',
    'core.askPass=',
    'advice.detachedHead=false',
    'init.defaultBranch=main',
    // A clone read once and removed needs no upkeep: after a fetch, git would start its automatic
    // maintenance, which may go on in the background in a folder about to be deleted.
    'maintenance.auto=false',
    'gc.auto=0',
  ];
  return settings.flatMap((setting) => ['-c', setting]);
}

/** The environment git runs in: the caller's without any `GIT_*`, plus the hardening variables. */
export function gitEnvironment(base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(base)) {
    if (value !== undefined && !key.startsWith('GIT_')) env[key] = value;
  }
  return {
    ...env,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: os.devNull,
    GIT_TERMINAL_PROMPT: '0',
    GIT_ASKPASS: '',
    SSH_ASKPASS: '',
    SSH_ASKPASS_REQUIRE: 'never',
    GIT_SSH_COMMAND: 'ssh -o BatchMode=yes -o ConnectTimeout=30',
    GIT_SSH_VARIANT: 'ssh',
    GIT_LFS_SKIP_SMUDGE: '1',
    GIT_ALLOW_PROTOCOL: 'https:ssh:git:file',
    GIT_PROTOCOL_FROM_USER: '0',
    GCM_INTERACTIVE: 'never',
    LC_ALL: 'C',
    LANGUAGE: 'C',
  };
}
