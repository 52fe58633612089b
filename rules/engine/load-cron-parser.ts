// The build replaces this module so that cron-parser loads on first use (see build/build.mjs).
import * as cronParser from 'cron-parser';

export function loadCronParser(): typeof cronParser {
  return cronParser;
}
