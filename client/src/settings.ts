// The `agentManifest` settings as the extension hands them to the server. Pure: no `vscode`.

export const SECTION = 'agentManifest';
/** Read by the language client itself (its id is the section name), never sent to the server. */
export const TRACE_SETTING = `${SECTION}.trace.server`;
export const SEVERITY_SETTINGS = ['off', 'hint', 'info', 'warning', 'error'] as const;
export const TEMPLATE_CHECKS = ['auto', 'on', 'off'] as const;
export const TRACE_LEVELS = ['off', 'messages', 'verbose'] as const;

/** What the server reads from `workspace/configuration` (see the server's settings module). */
export interface ServerSettings {
  enable?: boolean;
  rules?: Record<string, string>;
  templateChecks?: string;
}

/**
 * The answer to the server's `workspace/configuration` request for the `agentManifest` section:
 * the settings the server reads, without the client's own (`trace`). Values of the wrong type are
 * passed through unchanged, so the server names them in its log rather than the extension
 * silently dropping them; only a missing section becomes an empty object.
 */
export function toServerSettings(section: unknown): ServerSettings {
  if (section === null || typeof section !== 'object' || Array.isArray(section)) return {};
  const raw = section as Record<string, unknown>;
  const settings: Record<string, unknown> = {};
  for (const key of ['enable', 'rules', 'templateChecks'] as const) {
    if (raw[key] !== undefined && raw[key] !== null) settings[key] = raw[key];
  }
  return settings as ServerSettings;
}

/**
 * Whether `agentManifest.trace.server` asks for a protocol trace. vscode-languageclient 10 traces
 * only when its trace channel's log level is "Trace" and then reads the setting for the verbosity
 * (treating `off` as `messages`), so the extension gives it a channel whose level follows this.
 */
export function tracing(value: unknown): boolean {
  return value === 'messages' || value === 'verbose';
}
