/** A JSON Schema `pattern` accepting exactly the strings ajv-formats' `iso-date-time` format accepts. */
export declare const ISO_DATE_TIME_PATTERN: string;
