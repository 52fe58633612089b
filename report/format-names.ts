/** The names of the output formats, apart from their formatters so that naming one loads none. */
export const FORMATS = ['stylish', 'json', 'sarif', 'github', 'compact', 'gitlab', 'junit', 'checkstyle'] as const;
/** `manifest-lint template` adds the platform's validation response (`api`). */
export const TEMPLATE_FORMATS = [...FORMATS, 'api'] as const;
export type Format = (typeof TEMPLATE_FORMATS)[number];
