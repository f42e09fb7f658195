// Nothing to configure: Next finds the project's root (Turbopack's and output tracing's) from the
// lockfile above it, the example's own when it is installed alone, the repository's inside it.
/** @type {import('next').NextConfig} */
export default {};
