/**
 * Runs before each test file. Test files share a worker's loaded modules (vitest.config.ts), so
 * a hook registered when a shared module loads would serve only the first file: the clean-ups
 * are registered here instead, for every file.
 */
import { afterAll, afterEach } from 'vitest';
import { stopClients, stopSharedClients } from './server/client.js';
import { removeWorkspaces } from './workspace.js';

afterEach(stopClients);
afterAll(stopSharedClients);
afterAll(removeWorkspaces);
