import type { Rule } from '../../framework/rule.js';
import { scriptPathMissing } from '../script-path-missing.js';
import { templateManifestMissing } from '../template-manifest-missing.js';
import { templateMetadataMissing } from '../template-metadata-missing.js';
import { templateReadmeMissing } from '../template-readme-missing.js';
import { templateSecretFile } from '../template-secret-file.js';
import { templateSkillFolderConflict } from '../template-skill-folder-conflict.js';
import { templateSymlinkEscape } from '../template-symlink-escape.js';
import { templateWorkspaceMissing } from '../template-workspace-missing.js';

/**
 * Checks of a template repository beyond its manifest (template mode only). All but
 * `template-metadata-missing`, which reads the manifest alone, need the repository's facts
 * (`EngineLintOptions.repository`).
 */
export const templateRepositoryRules: readonly Rule[] = [
  templateManifestMissing,
  templateReadmeMissing,
  templateWorkspaceMissing,
  templateMetadataMissing,
  scriptPathMissing,
  templateSkillFolderConflict,
  templateSymlinkEscape,
  templateSecretFile,
];
