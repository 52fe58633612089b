import type { Connection } from 'vscode-languageserver';
import { CONFIG_NAME } from '../io/config-files.js';
import { ProjectConfigs } from './project-config.js';
import { registerTemplateReport, TEMPLATE_WATCHERS, TemplateRepositories } from './template-repositories.js';
import { SKILL_SOURCE_WATCHERS, SkillSourceFolders } from './skill-sources.js';
import type { WorkspaceFiles } from './workspace-files.js';

/** The configuration files and template repositories of the client's disk. */
export function diskFiles(connection: Connection): WorkspaceFiles {
  const configs = new ProjectConfigs((message) => {
    connection.console.warn(message);
    void connection.window.showWarningMessage(`Agent Manifest: ${message}`);
  });
  const templates = new TemplateRepositories((message) => connection.console.warn(message));
  const readyListeners: (() => void)[] = [];
  const skillSources = new SkillSourceFolders(
    (message) => connection.console.info(message),
    () => readyListeners.forEach((listener) => listener()),
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
    register: registerTemplateReport,
  };
}
