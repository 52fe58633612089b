import type { Rule } from '../../framework/rule.js';
import { buildLongRunning } from '../build-long-running.js';
import { routeDuplicatePath } from '../route-duplicate-path.js';
import { routePathFormat } from '../route-path-format.js';
import { routePathTrailingSlash } from '../route-path-trailing-slash.js';
import { routePortRange } from '../route-port-range.js';
import { routePortReserved } from '../route-port-reserved.js';
import { routeWithoutStart } from '../route-without-start.js';
import { scriptToolMissing } from '../script-tool-missing.js';
import { scriptEmpty } from '../script-empty.js';
import { startBindsLocalhost } from '../start-binds-localhost.js';
import { startPortMismatch } from '../start-port-mismatch.js';

export const routesAndScriptsRules: readonly Rule[] = [
  routePortReserved,
  routePortRange,
  routePathFormat,
  routePathTrailingSlash,
  routeDuplicatePath,
  routeWithoutStart,
  startBindsLocalhost,
  startPortMismatch,
  buildLongRunning,
  scriptToolMissing,
  scriptEmpty,
];
