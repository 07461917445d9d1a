// The system face (issue 23): the site configuration other areas read, and the one way to change a
// four-eyed setting (issue 33: a proposal another operator approves). app.ts registers routes.ts itself.
export { DEFAULT_SITE_CONFIG, readSetting, readSiteConfig, writeSetting } from './site-config.ts';
export { SYSTEM_TASK_TYPES } from './save-site-config.ts';
export { fourEyedTaskType, pendingProposal, proposeSetting, type FourEyedSetting, type SettingLine } from './settings-proposal.ts';
