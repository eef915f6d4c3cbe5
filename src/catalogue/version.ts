import type { VersionRecord } from './types.ts';

/** The one documentation version: current, labelled "Next", and the latest. */
export const currentVersion: VersionRecord = {
  pluginId: 'default',
  version: 'current',
  label: 'Next',
  banner: null,
  badge: false,
  noIndex: false,
  className: 'docs-version-current',
  isLast: true,
};
