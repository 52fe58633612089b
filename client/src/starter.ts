// The manifest "Agent Manifest: New manifest" writes. Pure: no `vscode`.
import { SCHEMA_URL } from '../../rules/framework/links.js';

/**
 * The smallest manifest the platform deploys, with the official `$schema` (so any JSON editor
 * completes the rest) and a description to replace. It lints without a finding.
 */
export const STARTER_MANIFEST = `${JSON.stringify(
  {
    $schema: SCHEMA_URL,
    version: 1,
    agent: {
      name: 'My Agent',
      description: 'What the agent does, in one sentence.',
    },
  },
  null,
  2,
)}\n`;
