import path from 'node:path';
import { DidChangeWatchedFilesNotification, type Connection } from 'vscode-languageserver';
import type { FeatureContext } from '../language/context.js';
import { URI } from 'vscode-uri';
import { CONFIG_NAME } from '../io/config-files.js';
import type { SecretMask } from '../rules/index.js';
import { ProjectConfigs } from './project-config.js';
import { registerTemplateReport, TEMPLATE_WATCHERS, TemplateRepositories } from './template-repositories.js';
import { SKILL_SOURCE_WATCHERS, SkillSourceFolders } from './skill-sources.js';
import type { WorkspaceFiles } from './workspace-files.js';

/**
 * The configuration files, template repositories and skill folders of the client's disk. The
 * config files read teach `logMask` their secrets: a message about one may quote it.
 */
export function diskFiles(connection: Connection, logMask: SecretMask): WorkspaceFiles {
  // What the user should see now, not only in the log: a config or a file passed over.
  const warnUser = (message: string) => {
    connection.console.warn(message);
    void connection.window.showWarningMessage(`Agent Manifest: ${message}`);
  };
  const configs = new ProjectConfigs(warnUser, logMask);
  const templates = new TemplateRepositories((message) => connection.console.warn(message));
  const readyListeners: (() => void)[] = [];
  let features: FeatureContext | undefined;
  const watched = new Set<string>();
  const skillSources = new SkillSourceFolders(
    (message) => connection.console.info(message),
    () => readyListeners.forEach((listener) => listener()),
    // A folder mapped in `skillSources` outside `skills/`: its files are watched from now on.
    (folder) => {
      const watching = features?.client.workspace?.didChangeWatchedFiles;
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
      const templateFiles = templates.changed(uris);
      const skillFiles = skillSources.changed(uris);
      const configFiles = uris.some((uri) => uri.endsWith(`/${CONFIG_NAME}`));
      if (configFiles) configs.invalidate();
      return configFiles || templateFiles || skillFiles;
    },
    closed: (uri) => skillSources.forget(uri),
    register(connection, context) {
      registerTemplateReport(connection, context, configs, warnUser);
      // What the client supports is read when a folder is to be watched, after initialize.
      features = context;
    },
  };
}
