/** @type {import('@remix-run/dev').AppConfig} */
// BUILD_NAME lets several test runs build side by side (e.g. parallel e2e
// servers) without overwriting each other's output.
const name = process.env.BUILD_NAME;
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.*", "**/*.css"],
  serverModuleFormat: "esm",
  serverBuildPath: name ? `.builds/${name}/index.js` : "build/index.js",
  assetsBuildDirectory: name ? `.builds/${name}/public` : "public/build",
  publicPath: "/build/",
  cacheDirectory: name ? `.builds/${name}/.cache` : ".cache",
  future: {
    v3_fetcherPersist: true,
    v3_lazyRouteDiscovery: true,
    v3_relativeSplatPath: true,
    v3_singleFetch: true,
    v3_throwAbortReason: true,
  },
};
