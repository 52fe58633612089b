/**
 * Runs before each test file. Test files share a worker's loaded modules (vitest.config.ts), so
 * a hook registered when a shared module loads would serve only the first file: the clean-ups
 * are registered here instead, for every file.
 */
import { afterAll, afterEach } from 'vitest';
import { stopClients, stopSharedClients } from './server/client.js';
import { removeWorkspaces } from './workspace.js';

// No test uses the network, so a machine's extra CA certificates serve none of the processes the
// tests start, and Node reads them at each start (tens of milliseconds, over hundreds of starts).
delete process.env.NODE_EXTRA_CA_CERTS;

afterEach(stopClients);
afterAll(stopSharedClients);
// A file's workspaces may hold installs (pre-commit's hooks, packed packages): hundreds of
// megabytes, which a busy machine takes longer than the default ten seconds to delete.
afterAll(removeWorkspaces, 300_000);
