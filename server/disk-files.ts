import path from 'node:path';
import { DidChangeWatchedFilesNotification, type ClientCapabilities, type Connection } from 'vscode-languageserver';
import { URI } from 'vscode-uri';
import type { SecretMask } from '../rules/index.js';
import { CONFIG_NAME, ConfigFiles, readConfigText } from '../workspace/configs.js';
import { TemplateRepositories } from '../workspace/template-repositories.js';
import { filePathOf } from '../language/uris.js';
import { registerTemplateReport, TEMPLATE_WATCHERS } from './template-files.js';
import { SKILL_SOURCE_WATCHERS, SkillSourceFolders } from './skill-folder-watch.js';
import type { WorkspaceFiles } from './workspace-files.js';

/**
 * The configuration files, template repositories and skill folders of the client's disk (the
 * workspace/ layer), kept up to date as the client reports changes. A config file that cannot be
 * used is passed over with a warning; the config files read teach `logMask` their secrets: a
 * message about one may quote it.
 */
export function diskFiles(connection: Connection, logMask: SecretMask): WorkspaceFiles {
  // What the user should see now, not only in the log: a config or a file passed over.
  const warnUser = (message: string) => {
    connection.console.warn(message);
    void connection.window.showWarningMessage(`Agent Manifest: ${message}`);
  };
  const configs = new ConfigFiles({
    readText: async (absPath) => {
      const text = await readConfigText(absPath);
      logMask.learn(text);
      return text;
    },
    passedOver: ({ absPath, reason }) => warnUser(`${absPath} is not used: ${reason}.`),
    adopt: (config) => config,
  });
  const templates = new TemplateRepositories((message) => connection.console.warn(message));
  const readyListeners: (() => void)[] = [];
  let client: (() => ClientCapabilities) | undefined;
  const watched = new Set<string>();
  const skillSources = new SkillSourceFolders(
    (message) => connection.console.info(message),
    () => readyListeners.forEach((listener) => listener()),
    // A folder mapped in `skillSources` outside `skills/`: its files are watched from now on.
    (folder) => {
      const watching = client?.().workspace?.didChangeWatchedFiles;
      if (!watching?.dynamicRegistration || watched.has(folder)) return;
      // Without relative patterns the folder is written into a glob: one whose name holds glob
      // characters cannot be, and is seen again only as files are created or deleted.
      if (!watching.relativePatternSupport && /[[\]{}*?]/.test(folder)) return;
      watched.add(folder);
      const globPattern = watching.relativePatternSupport
        ? { baseUri: URI.file(folder).toString(), pattern: '**/*' }
        : `${folder.split(path.sep).join('/')}/**/*`;
      void connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern }] }).catch(() => undefined);
    },
  );
  return {
    configs,
    templates,
    skillSources,
    onReady: (listener) => readyListeners.push(listener),
    watchers: [{ globPattern: `**/${CONFIG_NAME}` }, ...TEMPLATE_WATCHERS, ...SKILL_SOURCE_WATCHERS],
    invalidate() {
      configs.invalidate();
      templates.invalidate();
      skillSources.invalidate();
    },
    changed(uris) {
      const paths = uris.flatMap((uri) => filePathOf(uri) ?? []);
      const templateFiles = templates.changed(paths);
      const skillFiles = skillSources.changed(paths);
      const configFiles = uris.some((uri) => uri.endsWith(`/${CONFIG_NAME}`));
      if (configFiles) configs.invalidate();
      return configFiles || templateFiles || skillFiles;
    },
    closed: (uri) => skillSources.forget(uri),
    register(connection, service, capabilities) {
      // Looked up from the repository's root, never its own config (SPEC 7).
      registerTemplateReport(connection, service, (root) => configs.forFolder(root, root), warnUser);
      // What the client supports is read when a folder is to be watched, after initialize.
      client = capabilities;
    },
  };
}
