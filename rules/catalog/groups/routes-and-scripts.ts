import type { Rule } from '../../engine/rule.js';
import { routePortReserved } from '../route-port-reserved.js';

export const routesAndScriptsRules: readonly Rule[] = [routePortReserved];
