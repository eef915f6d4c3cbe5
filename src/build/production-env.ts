/**
 * The build renders with React's production build, in every thread. Vite sets NODE_ENV to "production" when it
 * is unset, and React picks its build when first loaded: set it before either, so no thread mixes the two
 * (a development JSX runtime with a production renderer fails). Imported first by the build's entry modules.
 */
process.env.NODE_ENV ??= 'production';
