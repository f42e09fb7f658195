// Written in by the build and the vitest config; 'dev' where the source runs unbuilt.
declare const __SDK_VERSION__: string | undefined;

/** The SDK's version, as sent in `x-flight-search-sdk`. */
export const SDK_VERSION: string = typeof __SDK_VERSION__ === 'string' ? __SDK_VERSION__ : 'dev';
