// Written in by the build (tsup `define`, from package.json) and by this package's vitest config;
// the source run unbuilt elsewhere (the mock's and the examples' tests) reads it as 'dev'.
declare const __SDK_VERSION__: string | undefined;

/** The SDK's version, as sent in `x-flight-search-sdk`. */
export const SDK_VERSION: string = typeof __SDK_VERSION__ === 'string' ? __SDK_VERSION__ : 'dev';
