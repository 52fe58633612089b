// Loaded on first use (see rules/analyzers/lazy/README.md): only `--print-schema` needs the schema,
// which the bundle then reads from the package's `schema/` folder.
import schema from '../../schema/manifest.v1.json' with { type: 'json' };

export function load(): typeof schema {
  return schema;
}
