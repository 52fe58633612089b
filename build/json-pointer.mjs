// JSON pointers (RFC 6901) into the schema, as the build's steps write and read them.

/** `pointer` with `key` appended, `~` and `/` escaped. */
export const pointerTo = (pointer, key) => `${pointer}/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`;

/** The keys a pointer (or a `#…` reference, URI-encoded) goes through. */
export function pointerKeys(pointer) {
  const path = pointer.replace(/^#/, '');
  return path === ''
    ? []
    : path
        .slice(1)
        .split('/')
        .map((segment) => decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~'));
}
