// cron-parser, whose dates are luxon's. luxon asks Intl for the system's locale on its first date,
// and loading ICU for that costs more than the rest of a lint's start; a run time depends on the
// zone, never on a locale (nothing here formats a date through luxon), so luxon is given one.
import { Settings } from 'luxon';

Settings.defaultLocale = 'en-US';

export * from 'cron-parser';
