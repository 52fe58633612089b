// Loaded on first use (see rules/analyzers/lazy/README.md): the schema with its documentation,
// for completion, hover and `--print-schema`; the engine validates with the build's compiled
// validator instead.
import schema from '../../schema/manifest.v1.json' with { type: 'json' };

export function load(): typeof schema {
  return schema;
}
