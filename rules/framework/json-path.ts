/** How findings name a place of the manifest; apart from `describe`, which the analyzers it reads use too. */
import type { JsonPath } from './types.js';

/** `tasks[0].schedule.kind`; the root is "the manifest". */
export function formatPath(path: JsonPath): string {
  if (path.length === 0) return 'the manifest';
  return path
    .map((segment, i) =>
      typeof segment === 'number' ? `[${segment}]` : /^[A-Za-z_$][\w$]*$/.test(segment) ? `${i ? '.' : ''}${segment}` : `[${JSON.stringify(segment)}]`,
    )
    .join('');
}
