/**
 * What an adapter found of a skill's local source folder (see `rules/analyzers/skill-pins.ts`). On its own,
 * importing nothing, so that the framework's option and context types can name it.
 */
export interface SkillSourceFacts {
  /** The folder as shown to users: relative to the manifest's folder, `/`-separated, a folder ending in `/` (`skills/notes/`). */
  folder: string;
  /**
   * The CID the folder has now under each profile the adapter computed, written as the profile
   * writes it. An adapter computes the pin's first profile (`v0` for a CIDv0, `v1` for a CIDv1)
   * and may stop at the first that matches the pin.
   */
  cids: Partial<Record<'v0' | 'v1' | 'unixfs-v1-2025', string>>;
  /**
   * `false` when `manifest-lint skill upload --pin`, run in the manifest's folder, would not write
   * this manifest: it writes `./manifest.json`, and this manifest has another name.
   */
  pinWritesManifest?: boolean;
}
