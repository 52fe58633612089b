export const SITE_SCHEMA_PATH: string;
export function pagesBaseUrl(repositoryUrl: string): string;
export function publishedSchemaUrl(): string;
