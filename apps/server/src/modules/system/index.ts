// The system face (issue 23): the site configuration other areas read. app.ts registers routes.ts itself.
export { DEFAULT_SITE_CONFIG, readSiteConfig } from './site-config.ts';
