// The console build's virtual modules (apps/web/vite-plugins.ts).

declare module 'virtual:console-api' {
  /** The contract's routes without their schemas: method, base, path and access of each. */
  export const api: Record<
    string,
    Record<string, { method: string; base?: ''; path: string; access: string }>
  >;
}

declare module 'virtual:console-texts' {
  /** The bundle each top-level group of the locale files is loaded with. */
  export const bundleOf: Record<string, string>;
  /** Per language and bundle, its texts (the bundle's groups) as a chunk of their own. */
  export const loaders: Record<string, Record<string, () => Promise<{ default: Record<string, unknown> }>>>;
}
