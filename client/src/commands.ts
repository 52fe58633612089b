// Command ids and the code action kind the extension asks the server for. Pure: no `vscode`.

export const COMMANDS = {
  fixAll: 'agentManifest.fixAll',
  restartServer: 'agentManifest.restartServer',
  showOutput: 'agentManifest.showOutput',
  newManifest: 'agentManifest.newManifest',
  validateTemplate: 'agentManifest.validateTemplate',
} as const;

/** The server's "fix all" source action (`source.fixAll` plus the extension's name). */
export const FIX_ALL_KIND = 'source.fixAll.agentManifest';

/** The language client's id: also the prefix of its `trace.server` setting. */
export const CLIENT_ID = 'agentManifest';
export const CLIENT_NAME = 'Agent Manifest';
/** Where the packaged server sits inside the extension folder. */
export const SERVER_PATH = 'server/manifest-language-server.cjs';
